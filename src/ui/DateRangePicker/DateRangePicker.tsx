import styled from 'styled-components';
import type { CalendarDate } from '@internationalized/date';
import {
  DateRangePicker as AriaDateRangePicker,
  RangeCalendar,
  type DateRangePickerProps as AriaDateRangePickerProps,
} from 'react-aria-components';
import { fieldStack } from '../Field';
import {
  CalendarMonth,
  DateInput,
  PickerFrame,
  pickerParts,
  Segment,
  TodayButton,
  fromIso,
  type PickerOmitted,
  type PickerOwnProps,
} from '../DatePicker';

const Root = styled(AriaDateRangePicker)`
  ${fieldStack}
  align-items: flex-start;
` as typeof AriaDateRangePicker;

/** A range of ISO `YYYY-MM-DD` days, both ends included. */
export interface IsoDateRange {
  start: string;
  end: string;
}

export interface DateRangePickerProps
  extends Omit<AriaDateRangePickerProps<CalendarDate>, PickerOmitted>,
    PickerOwnProps<IsoDateRange> {
  /**
   * Adds a Today button under the calendar (spec 001, custom report range): with a start day
   * already clicked it ends the range today, otherwise it chooses today alone.
   */
  showTodayButton?: boolean;
}

function toRange(v: IsoDateRange | null | undefined) {
  if (v === undefined) return undefined;
  const start = fromIso(v?.start);
  const end = fromIso(v?.end);
  return start && end ? { start, end } : null;
}

/**
 * A start–end date field with a two-click range calendar. Values are ISO strings
 * (`{ start, end }`), so callers never handle @internationalized/date.
 */
export function DateRangePicker({ value, defaultValue, onChange, ...props }: DateRangePickerProps) {
  const { root, frame, today, todayButton } = pickerParts(props);
  return (
    <Root
      {...root}
      value={toRange(value)}
      defaultValue={toRange(defaultValue)}
      onChange={(next) => onChange?.(next ? { start: next.start.toString(), end: next.end.toString() } : null)}
    >
      <PickerFrame
        {...frame}
        calendar={
          <RangeCalendar>
            <CalendarMonth
              mode="range"
              today={today}
              footer={todayButton ? <TodayButton today={today} {...todayButton} /> : undefined}
            />
          </RangeCalendar>
        }
      >
        <DateInput slot="start">{(segment) => <Segment segment={segment} />}</DateInput>
        <span className="range-dash" aria-hidden="true">
          –
        </span>
        <DateInput slot="end">{(segment) => <Segment segment={segment} />}</DateInput>
      </PickerFrame>
    </Root>
  );
}
