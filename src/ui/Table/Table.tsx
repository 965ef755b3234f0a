import { memo, useLayoutEffect, useRef, useState, type Key, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import type { SortDescriptor, SortDirection } from 'react-aria-components';
import { Icon } from '../Icon';
import { Skeleton } from '../Skeleton';
import { Caption, EmptyCell, Frame, SortButton, StyledTable, VisuallyHidden, Wrapper } from './Table.styles';

export type { SortDescriptor, SortDirection };

export interface TableColumn<T> {
  /** Identifies the column in the sort descriptor; also the row field shown when there is no `render`. */
  key: string;
  header: ReactNode;
  /** Plain-text name, used in the sort announcement when `header` is not a string. */
  textValue?: string;
  /**
   * Cell content. Formatting (money, percentages) is the caller's job. It depends on the row only:
   * a row is rendered again when its object or the columns change, not when sorting moves it.
   */
  render?: (row: T) => ReactNode;
  /** Content of this column in the totals row; defaults to `render` applied to the totals. */
  renderTotal?: (totals: Partial<T>) => ReactNode;
  /** Numbers: right aligned, tabular figures, first sort descending. */
  numeric?: boolean;
  align?: 'start' | 'center' | 'end';
  allowsSorting?: boolean;
  /** Order set by the first click on this column (spec 001: names ascending, numbers descending). */
  defaultSortDirection?: SortDirection;
  /** Cells of this column name their row (rendered as `<th scope="row">`). */
  isRowHeader?: boolean;
  width?: number | string;
}

export interface TableProps<T> {
  columns: TableColumn<T>[];
  rows: T[];
  getRowKey: (row: T, index: number) => Key;
  /** Names the table; required unless `caption` is given. */
  'aria-label'?: string;
  /** A caption; hide it visually with `isCaptionHidden`. */
  caption?: ReactNode;
  isCaptionHidden?: boolean;
  /** Controlled sort: the caller sorts `rows`; the table only reports header presses. */
  sortDescriptor?: SortDescriptor;
  onSortChange?: (descriptor: SortDescriptor) => void;
  /** A totals row in the footer, e.g. the earnings report's Totals. */
  totals?: Partial<T>;
  totalsLabel?: ReactNode;
  /** Shown when there are no rows and nothing is loading. */
  emptyText?: ReactNode;
  isLoading?: boolean;
  /** Number of placeholder rows while loading. */
  loadingRowCount?: number;
  loadingLabel?: string;
  /** Makes rows clickable (and focusable, activated with Enter). Pass a stable function (rows are memoised). */
  onRowAction?: (row: T) => void;
  /** Accessible name of a clickable row, e.g. 'Open campaign 1234'. */
  getRowLabel?: (row: T) => string;
  /**
   * On screens narrower than this breakpoint every row becomes a card of label–value lines, and the
   * sortable headers a row of sort buttons above them, instead of a table that scrolls sideways.
   * The table keeps its roles (set explicitly, as block layout would drop them).
   */
  cardsBelow?: 'tablet' | 'desktop';
  className?: string;
}

function alignOf<T>(col: TableColumn<T>) {
  return col.align ?? (col.numeric ? 'end' : 'start');
}

/** A column's name as text: the card layout writes it before each value. */
function labelOf<T>(col: TableColumn<T>): string {
  return col.textValue ?? (typeof col.header === 'string' ? col.header : '');
}

function cellValue<T>(col: TableColumn<T>, row: T): ReactNode {
  if (col.render) return col.render(row);
  const v = (row as Record<string, unknown>)[col.key];
  return v == null ? '' : String(v);
}

function totalValue<T>(col: TableColumn<T>, totals: Partial<T>): ReactNode {
  if (col.renderTotal) return col.renderTotal(totals);
  if (!(col.key in (totals as object))) return '';
  return cellValue(col, totals as T);
}

const directionWord: Record<SortDirection, string> = { ascending: 'ascending', descending: 'descending' };

/**
 * A data table. Native table markup (so a totals `<tfoot>` is possible) with sortable headers that
 * are real buttons inside `<th aria-sort>`: keyboard operable, and each change is announced.
 */
export function Table<T>({
  columns,
  rows,
  getRowKey,
  'aria-label': ariaLabel,
  caption,
  isCaptionHidden,
  sortDescriptor,
  onSortChange,
  totals,
  totalsLabel = 'Totals',
  emptyText = 'No data.',
  isLoading = false,
  loadingRowCount = 5,
  loadingLabel = 'Loading',
  onRowAction,
  getRowLabel,
  cardsBelow,
  className,
}: TableProps<T>) {
  // Block layout drops a table's implicit roles in some browsers; cards keep them explicitly.
  const r = (role: string) => (cardsBelow ? role : undefined);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const { scrolls, scrolled, moreEnd } = useOverflows(wrapperRef);
  const [announcement, setAnnouncement] = useState('');

  const sortBy = (col: TableColumn<T>) => {
    const direction: SortDirection =
      sortDescriptor?.column === col.key
        ? sortDescriptor.direction === 'ascending'
          ? 'descending'
          : 'ascending'
        : col.defaultSortDirection ?? (col.numeric ? 'descending' : 'ascending');
    const name = labelOf(col) || col.key;
    setAnnouncement(`Sorted by ${name}, ${directionWord[direction]}`);
    onSortChange?.({ column: col.key, direction });
  };

  let body: ReactNode;
  if (isLoading) {
    body = Array.from({ length: loadingRowCount }, (_, n) => (
      <tr key={`loading-${n}`} aria-hidden="true" data-loading-row="">
        {columns.map((col) => (
          <td key={col.key} data-align={alignOf(col)} data-label={labelOf(col)}>
            <Skeleton shape="text" width={col.numeric ? 56 : `${60 + ((n * 17 + col.key.length * 7) % 35)}%`} style={{ display: 'inline-block' }} />
          </td>
        ))}
      </tr>
    ));
  } else if (rows.length === 0) {
    body = (
      <tr role={r('row')}>
        <EmptyCell role={r('cell')} colSpan={columns.length}>
          {emptyText}
        </EmptyCell>
      </tr>
    );
  } else {
    body = rows.map((row, i) => <Row key={getRowKey(row, i)} row={row} columns={columns} cards={!!cardsBelow} onRowAction={onRowAction} getRowLabel={getRowLabel} />);
  }

  return (
    <Frame className={className} data-more-end={moreEnd || undefined}>
    <Wrapper
      ref={wrapperRef}
      // A horizontally scrolling table must be reachable by keyboard to be scrolled.
      tabIndex={scrolls ? 0 : undefined}
      role={scrolls ? 'region' : undefined}
      aria-label={scrolls ? ariaLabel ?? (typeof caption === 'string' ? caption : 'Table') : undefined}
      data-scrolls={scrolls || undefined}
      data-scrolled={scrolled || undefined}
    >
      <StyledTable aria-label={caption ? undefined : ariaLabel} aria-busy={isLoading || undefined} role={r('table')} data-cards-below={cardsBelow}>
        {caption && <Caption data-hidden={isCaptionHidden || undefined}>{caption}</Caption>}
        <thead role={r('rowgroup')}>
          <tr role={r('row')}>
            {columns.map((col) => {
              const direction = sortDescriptor?.column === col.key ? sortDescriptor.direction : undefined;
              return (
                <th
                  key={col.key}
                  scope="col"
                  role={r('columnheader')}
                  data-align={alignOf(col)}
                  data-sortable={col.allowsSorting ? '' : undefined}
                  aria-sort={col.allowsSorting ? direction ?? 'none' : undefined}
                  style={col.width != null ? { width: col.width } : undefined}
                >
                  {col.allowsSorting ? (
                    <SortButton data-align={alignOf(col)} onPress={() => sortBy(col)}>
                      <span>{col.header}</span>
                      <Icon
                        name={direction === 'ascending' ? 'chevronUp' : 'chevronDown'}
                        className="sort-chevron"
                        data-direction={direction ?? 'none'}
                        size={14}
                      />
                    </SortButton>
                  ) : (
                    col.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody role={r('rowgroup')}>{body}</tbody>
        {totals && !isLoading && rows.length > 0 && (
          <tfoot role={r('rowgroup')}>
            <tr data-totals="" role={r('row')}>
              {columns.map((col, c) =>
                c === 0 ? (
                  <th key={col.key} scope="row" role={r('rowheader')} data-align={alignOf(col)}>
                    {totalsLabel}
                  </th>
                ) : (
                  <td key={col.key} role={r('cell')} data-align={alignOf(col)} data-label={labelOf(col)}>
                    {totalValue(col, totals)}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        )}
      </StyledTable>
      <VisuallyHidden role="status">{isLoading ? loadingLabel : announcement}</VisuallyHidden>
    </Wrapper>
    </Frame>
  );
}

interface RowProps<T> {
  row: T;
  columns: TableColumn<T>[];
  cards: boolean;
  onRowAction?: (row: T) => void;
  getRowLabel?: (row: T) => string;
}

/**
 * One body row. Memoised: sorting a report of a thousand rows moves them without rendering each
 * again (its links, its formatted figures), as long as the caller keeps `columns` the same.
 */
function RowView<T>({ row, columns, cards, onRowAction, getRowLabel }: RowProps<T>) {
  const r = (role: string) => (cards ? role : undefined);
  const keyDown = (e: KeyboardEvent<HTMLTableRowElement>) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onRowAction?.(row);
    }
  };
  return (
    <tr
      role={r('row')}
      data-clickable={onRowAction ? '' : undefined}
      tabIndex={onRowAction ? 0 : undefined}
      aria-label={onRowAction && getRowLabel ? getRowLabel(row) : undefined}
      onClick={onRowAction ? () => onRowAction(row) : undefined}
      onKeyDown={onRowAction ? keyDown : undefined}
    >
      {columns.map((col) => {
        const Cell = col.isRowHeader ? 'th' : 'td';
        return (
          <Cell key={col.key} scope={col.isRowHeader ? 'row' : undefined} role={r(col.isRowHeader ? 'rowheader' : 'cell')} data-align={alignOf(col)} data-label={labelOf(col)}>
            {cellValue(col, row)}
          </Cell>
        );
      })}
    </tr>
  );
}
const Row = memo(RowView) as typeof RowView;

interface Overflow {
  /** Wider than its box: it scrolls sideways. */
  scrolls: boolean;
  /** Scrolled away from its start (the kept first column then casts a shade). */
  scrolled: boolean;
  /** Columns hidden past its end. */
  moreEnd: boolean;
}

function useOverflows(ref: RefObject<HTMLElement | null>): Overflow {
  const [state, setState] = useState<Overflow>({ scrolls: false, scrolled: false, moreEnd: false });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => {
      const scrolls = el.scrollWidth > el.clientWidth + 1;
      const left = Math.abs(el.scrollLeft);
      const next = { scrolls, scrolled: scrolls && left > 1, moreEnd: scrolls && left + el.clientWidth < el.scrollWidth - 1 };
      setState((s) => (s.scrolls === next.scrolls && s.scrolled === next.scrolled && s.moreEnd === next.moreEnd ? s : next));
    };
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    el.addEventListener('scroll', check, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', check);
    };
  }, [ref]);
  return state;
}
