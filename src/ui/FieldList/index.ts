export { StyledPopover, StyledListBox, StyledOption, EmptyState } from './FieldList.styles';
export { OptionRow } from './Option';
export type { ListOption } from './Option';
