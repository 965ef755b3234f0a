import styled, { css } from 'styled-components';
import { Button as AriaButton } from 'react-aria-components';
import { media } from '../theme';
import { visuallyHidden } from '../VisuallyHidden';

/**
 * Holds the scroller and, while columns are hidden past its end, the shade at its right edge that
 * says there is more (it does not scroll with the table).
 */
export const Frame = styled.div`
  position: relative;
  width: 100%;
  min-width: 0;
  &[data-more-end]::after {
    content: '';
    position: absolute;
    top: 1px;
    bottom: 1px;
    right: 1px;
    width: 28px;
    pointer-events: none;
    border-radius: 0 ${({ theme }) => theme.radii.md} ${({ theme }) => theme.radii.md} 0;
    background: linear-gradient(to left, ${({ theme }) => theme.colors.borderStrong}, transparent);
    opacity: 0.6;
  }
`;

export const Wrapper = styled.div`
  position: relative;
  width: 100%;
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focusRing}; outline-offset: 2px; }
  /* While it scrolls sideways, the first column (what names each row) stays in view. */
  &[data-scrolls] > table {
    thead th:first-child, tbody > tr > :first-child, tfoot th:first-child {
      position: sticky;
      inset-inline-start: 0;
      z-index: 1;
      background: ${({ theme }) => theme.colors.surface};
    }
    thead th:first-child, tfoot th:first-child { background: ${({ theme }) => theme.colors.surfaceMuted}; }
    /*
     * Collapsed borders belong to the table, so a sticky cell would paint over its row's line:
     * separate borders, drawn by the cells, move with them.
     */
    border-collapse: separate;
    border-spacing: 0;
    tbody > tr:not(:last-child) > * { border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
    tfoot > tr > * { border-top: 2px solid ${({ theme }) => theme.colors.borderStrong}; }
  }
  &[data-scrolled] > table {
    thead th:first-child, tbody > tr > :first-child, tfoot th:first-child {
      box-shadow: 1px 0 0 ${({ theme }) => theme.colors.border}, 4px 0 6px -2px ${({ theme }) => theme.colors.borderStrong};
    }
  }
`;

/** Rows as cards: label–value lines; the sortable headers as a wrapping row of sort buttons. */
const cards = css`
  &, tbody, tfoot, tr, th, td { display: block; }
  thead tr { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space[1]}px; padding: ${({ theme }) => theme.space[2]}px; background: ${({ theme }) => theme.colors.surfaceMuted}; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  /* Headers stay in the accessibility tree; only the sort buttons show. */
  thead th:not([data-sortable]) { ${visuallyHidden} }
  thead tr:not(:has(th[data-sortable])) { ${visuallyHidden} }
  thead th { border: none; }
  /* A touch target: at least 32 px tall (axe's target-size wants 24). */
  thead th[data-sortable] > button { min-height: 32px; padding: ${({ theme }) => `${theme.space[1]}px ${theme.space[2]}px`}; border-radius: ${({ theme }) => theme.radii.sm}; }
  tbody tr, tfoot tr { padding: ${({ theme }) => `${theme.space[2]}px ${theme.space[3]}px`}; }
  th, td { padding: ${({ theme }) => `${theme.space[1]}px 0`}; white-space: normal; overflow-wrap: anywhere; }
  td[data-label], tfoot td[data-label] { display: flex; justify-content: space-between; gap: ${({ theme }) => theme.space[3]}px; text-align: right; }
  td[data-label]::before { content: attr(data-label); flex: none; text-align: left; font-weight: ${({ theme }) => theme.fontWeights.bold}; color: ${({ theme }) => theme.colors.textMuted}; }
  td[data-label='']::before { content: none; }
  td[data-label=''] { justify-content: flex-end; }
  tbody th[scope='row'] { font-weight: ${({ theme }) => theme.fontWeights.bold}; padding-bottom: ${({ theme }) => theme.space[1]}px; }
`;

export const StyledTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.md};

  th, td {
    padding: ${({ theme }) => `${theme.space[2] + 2}px ${theme.space[3]}px`};
    text-align: left;
    vertical-align: middle;
    white-space: nowrap;
  }
  th[data-align='end'], td[data-align='end'] { text-align: right; font-variant-numeric: tabular-nums; }
  th[data-align='center'], td[data-align='center'] { text-align: center; }

  thead th {
    background: ${({ theme }) => theme.colors.surfaceMuted};
    color: ${({ theme }) => theme.colors.text};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  thead th[data-sortable] { padding: 0; }

  tbody tr { border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  tbody tr:last-child { border-bottom: none; }
  tbody th { font-weight: ${({ theme }) => theme.fontWeights.regular}; }
  /* A row's name wraps rather than pushing the figures out of the box (they stay on one line). */
  tbody th[scope='row'] { white-space: normal; overflow-wrap: anywhere; min-width: 10em; }
  tbody tr[data-clickable] { cursor: pointer; outline: none; }
  tbody tr[data-clickable]:hover { background: ${({ theme }) => theme.colors.surfaceMuted}; }
  tbody tr[data-clickable]:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: -2px;
  }

  tfoot tr {
    border-top: 2px solid ${({ theme }) => theme.colors.borderStrong};
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
  tfoot th, tfoot td { font-weight: ${({ theme }) => theme.fontWeights.bold}; }

  ${media.below('tablet')} {
    &[data-cards-below='tablet'] { ${cards} }
  }
  ${media.below('desktop')} {
    &[data-cards-below='desktop'] { ${cards} }
  }
`;

export const SortButton = styled(AriaButton)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]}px;
  width: 100%;
  padding: ${({ theme }) => `${theme.space[2] + 2}px ${theme.space[3]}px`};
  border: none;
  background: transparent;
  color: inherit;
  font: inherit;
  font-weight: inherit;
  text-align: inherit;
  white-space: nowrap;
  cursor: pointer;
  outline: none;
  &[data-align='end'] { justify-content: flex-end; }
  &[data-align='center'] { justify-content: center; }
  &[data-hovered] { background: ${({ theme }) => theme.colors.border}; }
  &[data-focus-visible] { outline: 2px solid ${({ theme }) => theme.colors.focusRing}; outline-offset: -2px; }

  .sort-chevron { flex: none; color: ${({ theme }) => theme.colors.textMuted}; }
  .sort-chevron[data-direction='none'] { opacity: 0.45; }
  .sort-chevron[data-direction='ascending'], .sort-chevron[data-direction='descending'] {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

export const EmptyCell = styled.td`
  && {
    padding: ${({ theme }) => `${theme.space[6]}px ${theme.space[4]}px`};
    text-align: center;
    white-space: normal;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export { VisuallyHidden } from '../VisuallyHidden';

export const Caption = styled.caption`
  padding: ${({ theme }) => `${theme.space[3]}px ${theme.space[3]}px`};
  text-align: left;
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  &[data-hidden] {
    ${visuallyHidden}
  }
`;
