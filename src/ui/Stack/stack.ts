import { css } from 'styled-components';

/** An index into `theme.space` (0 = 0 px … 8 = 64 px). */
export type SpaceStep = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

/**
 * Blocks one under the other, `theme.space[gap]` apart; min-width 0 lets a table or long text
 * inside scroll or wrap instead of widening the column.
 */
export const column = (gap: SpaceStep) => css`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[gap]}px;
  min-width: 0;
`;

/** A heading or text at the start and actions at the end of one wrapping, vertically centred row. */
export const spreadRow = (gap: SpaceStep) => css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[gap]}px;
`;

/** A block that stands for a whole screen's content (loading, a failure): its items centred, at least 240 px tall. */
export const centredPanel = css`
  min-height: 240px;
  display: grid;
  align-content: center;
  justify-items: center;
  gap: ${({ theme }) => theme.space[3]}px;
`;
