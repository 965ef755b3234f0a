export { FieldLabel, FieldDescription, invalidFrom } from './Field';
export type { FieldErrorMessage, FieldLabelProps } from './Field';
export { fieldStack, inputFrame, visuallyHidden } from './Field.styles';
// The dropdown pieces (StyledPopover, StyledListBox, OptionRow…) are in src/ui/FieldList.
