import styled from 'styled-components';
import { Button } from '../Button';
import { Icon } from '../Icon';

const Nav = styled.nav`
  display: flex;
  justify-content: center;
`;

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]}px;
  margin: 0;
  padding: 0;
  list-style: none;
  font-variant-numeric: tabular-nums;
`;

const Ellipsis = styled.span`
  display: inline-flex;
  justify-content: center;
  min-width: 24px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * 1 … current-1, current, current+1 … last. The number of slots stays constant (first, last, the
 * current page with its siblings and two ellipses) so the control does not jump around; near either
 * end the run of pages grows instead of showing an ellipsis that would stand for a single page.
 */
export function pageItems(page: number, totalPages: number, siblingCount = 1): PageItem[] {
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const slots = siblingCount * 2 + 5;
  if (totalPages <= slots) return range(1, totalPages);
  const left = Math.max(page - siblingCount, 2);
  const right = Math.min(page + siblingCount, totalPages - 1);
  const leftGap = left > 3;
  const rightGap = right < totalPages - 2;
  const edgeRun = 3 + 2 * siblingCount;
  if (!leftGap) return [...range(1, edgeRun), 'ellipsis-end', totalPages];
  if (!rightGap) return [1, 'ellipsis-start', ...range(totalPages - edgeRun + 1, totalPages)];
  return [1, 'ellipsis-start', ...range(left, right), 'ellipsis-end', totalPages];
}

export interface PaginationProps {
  /** 1-based current page. */
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** Pages shown either side of the current one. */
  siblingCount?: number;
  /** Names the nav landmark; give each pagination on a page a distinct one. */
  'aria-label'?: string;
  className?: string;
}

/** Page navigation for long lists. Renders nothing when everything fits on one page. */
export function Pagination({
  page,
  totalPages,
  onChange,
  siblingCount = 1,
  'aria-label': ariaLabel = 'Pagination',
  className,
}: PaginationProps) {
  if (totalPages <= 1) return null;
  const current = Math.min(Math.max(1, page), totalPages);
  return (
    <Nav aria-label={ariaLabel} className={className}>
      <List>
        <li>
          <Button variant="quiet" aria-label="Previous page" isDisabled={current <= 1} onPress={() => onChange(current - 1)}>
            <Icon name="chevronLeft" />
            <span>Previous</span>
          </Button>
        </li>
        {pageItems(current, totalPages, siblingCount).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <Button
                variant="quiet"
                aria-label={`Page ${item}`}
                aria-current={item === current ? 'page' : undefined}
                onPress={() => item !== current && onChange(item)}
              >
                {item}
              </Button>
            </li>
          ) : (
            <li key={item} aria-hidden="true">
              <Ellipsis>…</Ellipsis>
            </li>
          ),
        )}
        <li>
          <Button variant="quiet" aria-label="Next page" isDisabled={current >= totalPages} onPress={() => onChange(current + 1)}>
            <span>Next</span>
            <Icon name="chevronRight" />
          </Button>
        </li>
      </List>
    </Nav>
  );
}
