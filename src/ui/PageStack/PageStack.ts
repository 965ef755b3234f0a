import styled from 'styled-components';
import { column } from '../Stack';

/**
 * A signed-in screen's column: its h1 and its sections one under the other, 16 px apart, never wider
 * than the shell's content area (min-width 0 lets tables and charts inside scroll instead).
 */
export const PageStack = styled.div`
  ${column(4)}
  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

/**
 * Where a screen's loading spinner sits while its data comes: centred, 24 px above and below. Marked
 * `data-screen-loading`: inside the shell, what sits below the screen (the right sidebar on narrow
 * layouts, the footer) waits until the screen has its content, so it does not jump down (PortalShell).
 */
export const PageLoading = styled.div.attrs<{ 'data-screen-loading'?: string }>({ 'data-screen-loading': '' })`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space[6]}px 0;
`;

/** A screen's empty text ('You have no transactions.', 'No stats for this date range.'): muted, padded. */
export const PageEmpty = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space[4]}px 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;
