export { FieldLabel, FieldDescription, invalidFrom } from './Field';
export type { FieldErrorMessage, FieldLabelProps } from './Field';
export {
  fieldStack,
  inputFrame,
  visuallyHidden,
  StyledPopover,
  StyledListBox,
  StyledOption,
  EmptyState,
} from './Field.styles';
export { OptionRow } from './Option';
export type { ListOption } from './Option';
