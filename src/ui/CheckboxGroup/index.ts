export { CheckboxGroup } from './CheckboxGroup';
export type { CheckboxGroupProps, CheckboxGroupOption } from './CheckboxGroup';
