export { ComboBox } from './ComboBox';
export type { ComboBoxProps } from './ComboBox';
export type { ListOption as ComboBoxOption } from '../FieldList';
