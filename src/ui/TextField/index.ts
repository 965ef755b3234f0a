export { TextField } from './TextField';
export type { TextFieldProps, TextFieldType, TextFieldSize } from './TextField';
