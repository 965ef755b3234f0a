import { useContext, type ReactNode } from 'react';
import type { CalendarDate, DateValue } from '@internationalized/date';
import { DatePickerStateContext, DateRangePickerStateContext, RangeCalendarStateContext } from 'react-aria-components';
import { Button } from '../Button';
import { Icon } from '../Icon';
import { FieldParts, invalidFrom, type FieldErrorMessage } from '../Field';
import { StyledPopover } from '../FieldList';
import { FieldGroup, IconTrigger, PopoverDialog } from './Calendar.styles';
import { fromIso, isWithin, resolveToday } from './dates';

/** The react-aria props both pickers replace with ISO-string ones or do not offer. */
export type PickerOmitted =
  | 'value' | 'defaultValue' | 'onChange' | 'minValue' | 'maxValue' | 'placeholderValue'
  | 'granularity' | 'hideTimeZone' | 'hourCycle' | 'children' | 'className' | 'style' | 'isDateUnavailable';

/** The props DatePicker and DateRangePicker share; `V` is the value's ISO shape. */
export interface PickerOwnProps<V> {
  label: ReactNode;
  description?: ReactNode;
  /** Shown while the field is invalid. A non-empty string also marks the field invalid. */
  errorMessage?: FieldErrorMessage;
  /** `null` is empty. */
  value?: V | null;
  defaultValue?: V | null;
  onChange?: (value: V | null) => void;
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

type SharedProps = Omit<PickerOwnProps<unknown>, 'value' | 'defaultValue' | 'onChange'> & {
  isInvalid?: boolean;
  isRequired?: boolean;
};

/**
 * Splits a picker's props: what goes on react-aria's root (bounds, placeholder, unavailable days and
 * validity as CalendarDates), what the frame shows, and the day the calendar marks as today.
 */
export function pickerParts<P extends SharedProps>(all: P) {
  const {
    label,
    description,
    errorMessage,
    isInvalid,
    minValue,
    maxValue,
    placeholderValue,
    today: todayIso,
    showTodayButton,
    todayLabel = 'Today',
    isDateUnavailable,
    ...rest
  } = all;
  const today = resolveToday(todayIso);
  const min = fromIso(minValue);
  const max = fromIso(maxValue);
  return {
    root: {
      ...rest,
      minValue: min ?? undefined,
      maxValue: max ?? undefined,
      placeholderValue: fromIso(placeholderValue) ?? today,
      isDateUnavailable: isDateUnavailable ? (d: DateValue) => isDateUnavailable(d.toString()) : undefined,
      isInvalid: invalidFrom(isInvalid, errorMessage),
    },
    frame: { label, description, errorMessage, isRequired: all.isRequired },
    today,
    /** The Today button's label, or `null` without one; it is disabled when today is out of bounds. */
    todayButton: showTodayButton ? { label: todayLabel, isDisabled: !isWithin(today, min, max) } : null,
  };
}

export interface TodayButtonProps {
  today: CalendarDate;
  label: string;
  isDisabled: boolean;
}

/**
 * Chooses today in whichever picker it sits in. In a range picker with a start day already
 * clicked it ends the range today, as clicking today's cell would; otherwise it chooses today alone.
 */
export function TodayButton({ today, label, isDisabled }: TodayButtonProps) {
  const single = useContext(DatePickerStateContext);
  const range = useContext(DateRangePickerStateContext);
  const rangeCalendar = useContext(RangeCalendarStateContext);
  const choose = () => {
    if (!range) {
      single?.setValue(today);
      single?.close();
    } else if (rangeCalendar?.anchorDate) {
      rangeCalendar.selectDate(today);
    } else {
      range.setValue({ start: today, end: today });
      range.close();
    }
  };
  return (
    <Button variant="secondary" size="sm" isDisabled={isDisabled} onPress={choose}>
      {label}
    </Button>
  );
}

interface PickerFrameProps {
  label: ReactNode;
  description?: ReactNode;
  errorMessage?: FieldErrorMessage;
  isRequired?: boolean;
  /** The date inputs inside the field box, before the calendar button. */
  children: ReactNode;
  /** The calendar the popover shows. */
  calendar: ReactNode;
}

/** Label, field box with the calendar button, description, error and the calendar popover. */
export function PickerFrame({ label, description, errorMessage, isRequired, children, calendar }: PickerFrameProps) {
  return (
    <>
      <FieldParts label={label} isRequired={isRequired} description={description} errorMessage={errorMessage}>
        <FieldGroup>
          {children}
          <IconTrigger>
            <Icon name="calendar" size={16} />
          </IconTrigger>
        </FieldGroup>
      </FieldParts>
      <StyledPopover placement="bottom start" offset={4}>
        <PopoverDialog>{calendar}</PopoverDialog>
      </StyledPopover>
    </>
  );
}
