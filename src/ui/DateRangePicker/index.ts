export { DateRangePicker } from './DateRangePicker';
export type { DateRangePickerProps, IsoDateRange } from './DateRangePicker';
