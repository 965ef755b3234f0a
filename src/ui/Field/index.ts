export { FieldLabel, FieldDescription, invalidFrom } from './Field';
export type { FieldErrorMessage, FieldLabelProps } from './Field';
export { FieldParts } from './FieldParts';
export type { FieldPartsProps } from './FieldParts';
export { boxedInput, choiceRoot, fieldIconButton, fieldStack, inputFrame, visuallyHidden } from './Field.styles';
// The dropdown pieces (StyledPopover, StyledListBox, OptionRow…) are in src/ui/FieldList.
