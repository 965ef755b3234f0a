import { useContext, type ReactNode } from 'react';
import styled from 'styled-components';
import type { CalendarDate } from '@internationalized/date';
import {
  DateRangePicker as AriaDateRangePicker,
  DateRangePickerStateContext,
  RangeCalendar,
  RangeCalendarStateContext,
  type DateRangePickerProps as AriaDateRangePickerProps,
} from 'react-aria-components';
import { Button } from '../Button';
import { Icon } from '../Icon';
import { FieldDescription, FieldLabel, fieldStack, invalidFrom, type FieldErrorMessage } from '../Field';
import { StyledPopover } from '../FieldList';
import { ErrorMessage } from '../ErrorMessage';
import {
  CalendarMonth,
  DateInput,
  FieldGroup,
  IconTrigger,
  PopoverDialog,
  Segment,
  fromIso,
  isWithin,
  resolveToday,
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

type Omitted =
  | 'value' | 'defaultValue' | 'onChange' | 'minValue' | 'maxValue' | 'placeholderValue'
  | 'granularity' | 'hideTimeZone' | 'hourCycle' | 'children' | 'className' | 'style' | 'isDateUnavailable';

export interface DateRangePickerProps extends Omit<AriaDateRangePickerProps<CalendarDate>, Omitted> {
  label: ReactNode;
  description?: ReactNode;
  /** Shown while the field is invalid. A non-empty string also marks the field invalid. */
  errorMessage?: FieldErrorMessage;
  /** `null` is empty. */
  value?: IsoDateRange | null;
  defaultValue?: IsoDateRange | null;
  onChange?: (value: IsoDateRange | null) => void;
  minValue?: string;
  maxValue?: string;
  /** ISO day the empty field's calendar opens on; defaults to `today`. */
  placeholderValue?: string;
  /** ISO "today" (marked in the calendar, used by the Today button); defaults to the clock. Fix it in stories. */
  today?: string;
  /**
   * Adds a Today button under the calendar (spec 001, custom report range): with a start day
   * already clicked it ends the range today, otherwise it chooses today alone.
   */
  showTodayButton?: boolean;
  todayLabel?: string;
  isDateUnavailable?: (isoDate: string) => boolean;
}

function toRange(v: IsoDateRange | null | undefined) {
  if (v === undefined) return undefined;
  const start = fromIso(v?.start);
  const end = fromIso(v?.end);
  return start && end ? { start, end } : null;
}

function TodayButton({ today, label, isDisabled }: { today: CalendarDate; label: string; isDisabled: boolean }) {
  const picker = useContext(DateRangePickerStateContext);
  const calendar = useContext(RangeCalendarStateContext);
  return (
    <Button
      variant="secondary"
      size="sm"
      isDisabled={isDisabled}
      onPress={() => {
        if (calendar?.anchorDate) {
          // Half-chosen range: finish it at today, as clicking today's cell would.
          calendar.selectDate(today);
          return;
        }
        picker?.setValue({ start: today, end: today });
        picker?.close();
      }}
    >
      {label}
    </Button>
  );
}

/**
 * A start–end date field with a two-click range calendar. Values are ISO strings
 * (`{ start, end }`), so callers never handle @internationalized/date.
 */
export function DateRangePicker({
  label,
  description,
  errorMessage,
  isInvalid,
  value,
  defaultValue,
  onChange,
  minValue,
  maxValue,
  placeholderValue,
  today: todayIso,
  showTodayButton,
  todayLabel = 'Today',
  isDateUnavailable,
  ...props
}: DateRangePickerProps) {
  const today = resolveToday(todayIso);
  const min = fromIso(minValue);
  const max = fromIso(maxValue);
  return (
    <Root
      {...props}
      value={toRange(value)}
      defaultValue={toRange(defaultValue)}
      onChange={(next) => onChange?.(next ? { start: next.start.toString(), end: next.end.toString() } : null)}
      minValue={min ?? undefined}
      maxValue={max ?? undefined}
      placeholderValue={fromIso(placeholderValue) ?? today}
      isDateUnavailable={isDateUnavailable ? (d) => isDateUnavailable(d.toString()) : undefined}
      isInvalid={invalidFrom(isInvalid, errorMessage)}
    >
      <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>
      <FieldGroup>
        <DateInput slot="start">{(segment) => <Segment segment={segment} />}</DateInput>
        <span className="range-dash" aria-hidden="true">
          –
        </span>
        <DateInput slot="end">{(segment) => <Segment segment={segment} />}</DateInput>
        <IconTrigger>
          <Icon name="calendar" size={16} />
        </IconTrigger>
      </FieldGroup>
      <FieldDescription>{description}</FieldDescription>
      <ErrorMessage>{errorMessage}</ErrorMessage>
      <StyledPopover placement="bottom start" offset={4}>
        <PopoverDialog>
          <RangeCalendar>
            <CalendarMonth
              mode="range"
              today={today}
              footer={
                showTodayButton ? (
                  <TodayButton today={today} label={todayLabel} isDisabled={!isWithin(today, min, max)} />
                ) : undefined
              }
            />
          </RangeCalendar>
        </PopoverDialog>
      </StyledPopover>
    </Root>
  );
}
