import styled from 'styled-components';
import type { CalendarDate } from '@internationalized/date';
import {
  Calendar,
  DatePicker as AriaDatePicker,
  type DatePickerProps as AriaDatePickerProps,
} from 'react-aria-components';
import { fieldStack } from '../Field';
import { CalendarMonth } from './Calendar';
import { DateInput, Segment } from './Calendar.styles';
import { fromIsoProp } from './dates';
import { PickerFrame, pickerParts, TodayButton, type PickerOmitted, type PickerOwnProps } from './PickerFrame';

const Root = styled(AriaDatePicker)`
  ${fieldStack}
  align-items: flex-start;
` as typeof AriaDatePicker;

/** Values are ISO `YYYY-MM-DD`. */
export interface DatePickerProps
  extends Omit<AriaDatePickerProps<CalendarDate>, PickerOmitted>,
    PickerOwnProps<string> {}

/**
 * A date field with a calendar popover. Values are ISO `YYYY-MM-DD` strings so callers never
 * handle @internationalized/date; the segments are typed or picked, both keyboard-accessible.
 */
export function DatePicker({ value, defaultValue, onChange, ...props }: DatePickerProps) {
  const { root, frame, today, todayButton } = pickerParts(props);
  return (
    <Root
      {...root}
      value={fromIsoProp(value)}
      defaultValue={fromIsoProp(defaultValue)}
      onChange={(next) => onChange?.(next ? next.toString() : null)}
    >
      <PickerFrame
        {...frame}
        calendar={
          <Calendar>
            <CalendarMonth today={today} footer={todayButton ? <TodayButton today={today} {...todayButton} /> : undefined} />
          </Calendar>
        }
      >
        <DateInput>{(segment) => <Segment segment={segment} />}</DateInput>
      </PickerFrame>
    </Root>
  );
}
