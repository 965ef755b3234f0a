import { useContext, type ReactNode } from 'react';
import styled from 'styled-components';
import type { CalendarDate } from '@internationalized/date';
import {
  Calendar,
  DatePicker as AriaDatePicker,
  DatePickerStateContext,
  type DatePickerProps as AriaDatePickerProps,
} from 'react-aria-components';
import { Button } from '../Button';
import { Icon } from '../Icon';
import { FieldDescription, FieldLabel, fieldStack, invalidFrom, type FieldErrorMessage } from '../Field';
import { StyledPopover } from '../FieldList';
import { ErrorMessage } from '../ErrorMessage';
import { CalendarMonth } from './Calendar';
import { DateInput, FieldGroup, IconTrigger, PopoverDialog, Segment } from './Calendar.styles';
import { fromIso, fromIsoProp, isWithin, resolveToday } from './dates';

const Root = styled(AriaDatePicker)`
  ${fieldStack}
  align-items: flex-start;
` as typeof AriaDatePicker;

type Omitted =
  | 'value' | 'defaultValue' | 'onChange' | 'minValue' | 'maxValue' | 'placeholderValue'
  | 'granularity' | 'hideTimeZone' | 'hourCycle' | 'children' | 'className' | 'style' | 'isDateUnavailable';

export interface DatePickerProps extends Omit<AriaDatePickerProps<CalendarDate>, Omitted> {
  label: ReactNode;
  description?: ReactNode;
  /** Shown while the field is invalid. A non-empty string also marks the field invalid. */
  errorMessage?: FieldErrorMessage;
  /** ISO `YYYY-MM-DD`; `null` is empty. */
  value?: string | null;
  defaultValue?: string | null;
  onChange?: (value: string | null) => void;
  /** ISO bounds; days outside are struck through and out-of-range typed dates are invalid. */
  minValue?: string;
  maxValue?: string;
  /** ISO day the empty field's calendar opens on; defaults to `today`. */
  placeholderValue?: string;
  /** ISO "today" (marked in the calendar, used by the Today button); defaults to the clock. Fix it in stories. */
  today?: string;
  /** Adds a Today button under the calendar (spec 001, custom report range). */
  showTodayButton?: boolean;
  todayLabel?: string;
  /** ISO days that cannot be chosen. */
  isDateUnavailable?: (isoDate: string) => boolean;
}

function TodayButton({ today, label, isDisabled }: { today: CalendarDate; label: string; isDisabled: boolean }) {
  const state = useContext(DatePickerStateContext);
  return (
    <Button
      variant="secondary"
      size="sm"
      isDisabled={isDisabled}
      onPress={() => {
        state?.setValue(today);
        state?.close();
      }}
    >
      {label}
    </Button>
  );
}

/**
 * A date field with a calendar popover. Values are ISO `YYYY-MM-DD` strings so callers never
 * handle @internationalized/date; the segments are typed or picked, both keyboard-accessible.
 */
export function DatePicker({
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
}: DatePickerProps) {
  const today = resolveToday(todayIso);
  const min = fromIso(minValue);
  const max = fromIso(maxValue);
  return (
    <Root
      {...props}
      value={fromIsoProp(value)}
      defaultValue={fromIsoProp(defaultValue)}
      onChange={(next) => onChange?.(next ? next.toString() : null)}
      minValue={min ?? undefined}
      maxValue={max ?? undefined}
      placeholderValue={fromIso(placeholderValue) ?? today}
      isDateUnavailable={isDateUnavailable ? (d) => isDateUnavailable(d.toString()) : undefined}
      isInvalid={invalidFrom(isInvalid, errorMessage)}
    >
      <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>
      <FieldGroup>
        <DateInput>{(segment) => <Segment segment={segment} />}</DateInput>
        <IconTrigger>
          <Icon name="calendar" size={16} />
        </IconTrigger>
      </FieldGroup>
      <FieldDescription>{description}</FieldDescription>
      <ErrorMessage>{errorMessage}</ErrorMessage>
      <StyledPopover placement="bottom start" offset={4}>
        <PopoverDialog>
          <Calendar>
            <CalendarMonth
              today={today}
              footer={
                showTodayButton ? (
                  <TodayButton today={today} label={todayLabel} isDisabled={!isWithin(today, min, max)} />
                ) : undefined
              }
            />
          </Calendar>
        </PopoverDialog>
      </StyledPopover>
    </Root>
  );
}
