export { FieldLabel, FieldDescription, FieldErrorMessageText, invalidFrom } from './Field';
export type { FieldErrorMessage, FieldLabelProps } from './Field';
export {
  fieldStack,
  inputFrame,
  errorText,
  visuallyHidden,
  StyledPopover,
  StyledListBox,
  StyledOption,
  EmptyState,
} from './Field.styles';
export { OptionRow } from './Option';
export type { ListOption } from './Option';
