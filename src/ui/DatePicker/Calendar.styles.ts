import styled, { css } from 'styled-components';
import {
  Button as AriaButton,
  CalendarCell as AriaCalendarCell,
  CalendarGrid as AriaCalendarGrid,
  DateInput as AriaDateInput,
  DateSegment as AriaDateSegment,
  Dialog as AriaDialog,
  Group as AriaGroup,
  Heading as AriaHeading,
} from 'react-aria-components';
import { fieldIconButton, inputFrame } from '../Field';

/** The field box: date segments plus the calendar button. */
export const FieldGroup = styled(AriaGroup)`
  ${inputFrame}
  width: auto;
  display: inline-flex;
  padding-right: ${({ theme }) => theme.space[1]}px;
  &[data-focus-within] {
    border-color: ${({ theme }) => theme.colors.focusRing};
    box-shadow: 0 0 0 1px ${({ theme }) => theme.colors.focusRing};
  }
  .range-dash { color: ${({ theme }) => theme.colors.textMuted}; padding: 0 ${({ theme }) => theme.space[1]}px; }
`;

export const DateInput = styled(AriaDateInput)`
  display: inline-flex;
  align-items: center;
  padding: 2px 0;
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

export const Segment = styled(AriaDateSegment)`
  padding: 1px 2px;
  border-radius: ${({ theme }) => theme.radii.sm};
  outline: none;
  caret-color: transparent;
  &[data-type='literal'] { padding: 0; }
  &[data-placeholder] { color: ${({ theme }) => theme.colors.textMuted}; }
  &[data-focused] { background: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.onPrimary}; }
  &[data-disabled] { color: ${({ theme }) => theme.colors.textMuted}; }
`;

export const IconTrigger = styled(AriaButton)`
  ${fieldIconButton}
  margin-left: auto;
`;

export const PopoverDialog = styled(AriaDialog)`
  padding: ${({ theme }) => theme.space[3]}px;
  outline: none;
`;

export const CalendarHeader = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]}px;
  margin-bottom: ${({ theme }) => theme.space[2]}px;
`;

export const CalendarHeading = styled(AriaHeading)`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

export const NavButton = styled(AriaButton)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 30px;
  height: 30px;
  padding: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  outline: none;
  &[data-hovered] { background: ${({ theme }) => theme.colors.surfaceMuted}; }
  &[data-focus-visible] { outline: 2px solid ${({ theme }) => theme.colors.focusRing}; outline-offset: 1px; }
  &[data-disabled] { color: ${({ theme }) => theme.colors.textMuted}; cursor: not-allowed; }
`;

export const Grid = styled(AriaCalendarGrid)`
  border-collapse: collapse;
  th {
    width: 36px;
    padding-bottom: ${({ theme }) => theme.space[1]}px;
    font-size: ${({ theme }) => theme.fontSizes.xs};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  td { padding: 1px 0; }
`;

const rangeMiddle = css`
  background: ${({ theme }) => theme.colors.primarySubtle};
  color: ${({ theme }) => theme.colors.text};
  border-radius: 0;
`;

export const Cell = styled(AriaCalendarCell)`
  display: flex;
  align-items: center;
  justify-content: center;
  width: 36px;
  height: 32px;
  border-radius: ${({ theme }) => theme.radii.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  outline: none;

  &[data-outside-month] { display: none; }
  &[data-hovered] { background: ${({ theme }) => theme.colors.surfaceMuted}; }
  /* "Today" is our own class from a fixed \`today\` prop, never react-aria's clock-based [data-today]. */
  &.is-today { box-shadow: inset 0 0 0 1px ${({ theme }) => theme.colors.primary}; font-weight: ${({ theme }) => theme.fontWeights.bold}; }
  &[data-selected] { ${rangeMiddle} }
  &[data-selected][data-selection-start],
  &[data-selected][data-selection-end],
  &.is-single[data-selected] {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    border-radius: ${({ theme }) => theme.radii.md};
  }
  &[data-selection-start]:not([data-selection-end]) { border-top-right-radius: 0; border-bottom-right-radius: 0; }
  &[data-selection-end]:not([data-selection-start]) { border-top-left-radius: 0; border-bottom-left-radius: 0; }
  &[data-focus-visible] { outline: 2px solid ${({ theme }) => theme.colors.focusRing}; outline-offset: -2px; }
  &[data-disabled],
  &[data-unavailable] { color: ${({ theme }) => theme.colors.textMuted}; text-decoration: line-through; cursor: not-allowed; background: transparent; }
  &[data-invalid][data-selected] { background: ${({ theme }) => theme.colors.danger}; color: ${({ theme }) => theme.colors.onDanger}; }
`;

export const CalendarFooter = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-top: ${({ theme }) => theme.space[2]}px;
  padding-top: ${({ theme }) => theme.space[2]}px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;
