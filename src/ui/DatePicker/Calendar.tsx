import type { ReactNode } from 'react';
import type { CalendarDate } from '@internationalized/date';
import { ButtonContext } from 'react-aria-components';
import { Icon } from '../Icon';
import { CalendarFooter, CalendarHeader, CalendarHeading, Cell, Grid, NavButton } from './Calendar.styles';

export interface CalendarMonthProps {
  /** The day marked as today (see `resolveToday`). */
  today: CalendarDate;
  /** Footer content, e.g. a Today button. */
  footer?: ReactNode;
  /** A single day or a range: changes how selected days are drawn. */
  mode?: 'single' | 'range';
}

/** Month navigation and day grid; works inside react-aria's Calendar and RangeCalendar alike. */
export function CalendarMonth({ today, footer, mode = 'single' }: CalendarMonthProps) {
  return (
    <>
      <CalendarHeader>
        <NavButton slot="previous">
          <Icon name="chevronLeft" size={16} />
        </NavButton>
        <CalendarHeading />
        <NavButton slot="next">
          <Icon name="chevronRight" size={16} />
        </NavButton>
      </CalendarHeader>
      <Grid>
        {(date) => (
          <Cell date={date} className={[mode === 'single' && 'is-single', date.compare(today) === 0 && 'is-today'].filter(Boolean).join(' ')} />
        )}
      </Grid>
      {footer && (
        <CalendarFooter>
          {/* The calendar slots its buttons as previous/next; footer buttons are plain ones. */}
          <ButtonContext.Provider value={null}>{footer}</ButtonContext.Provider>
        </CalendarFooter>
      )}
    </>
  );
}
