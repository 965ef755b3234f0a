export { Select } from './Select';
export type { SelectProps } from './Select';
export type { ListOption as SelectOption } from '../FieldList';
