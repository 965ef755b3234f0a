export { DatePicker } from './DatePicker';
export type { DatePickerProps } from './DatePicker';
// Shared with DateRangePicker.
export { CalendarMonth } from './Calendar';
export type { CalendarMonthProps } from './Calendar';
export { DateInput, FieldGroup, IconTrigger, PopoverDialog, Segment } from './Calendar.styles';
export { fromIso, fromIsoProp, isWithin, resolveToday } from './dates';
