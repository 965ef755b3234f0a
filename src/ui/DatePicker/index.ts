export { DatePicker } from './DatePicker';
export type { DatePickerProps } from './DatePicker';
// Shared with DateRangePicker.
export { CalendarMonth } from './Calendar';
export type { CalendarMonthProps } from './Calendar';
export { DateInput, Segment } from './Calendar.styles';
export { fromIso } from './dates';
export { PickerFrame, pickerParts, TodayButton } from './PickerFrame';
export type { PickerOmitted, PickerOwnProps } from './PickerFrame';
