import { useMemo, type Key } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { REPORT_PAGE_SIZE } from '../../api/contract/reports';
import type { DayRange } from '../../shared/dates';
import { Pagination } from '../../ui/Pagination';
import { column } from '../../ui/Stack';
import { Table, type SortDescriptor, type TableColumn } from '../../ui/Table';
import { REPORT_LABELS, type ReportType } from './reportTypes';
import { reportUrl, type ReportFilters } from './reportUrl';

/** Sorts a copy by one column: text in the reader's order, numbers by value. */
export function sorted<R>(rows: readonly R[], sort: SortDescriptor): R[] {
  const key = String(sort.column);
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = (a as Record<string, unknown>)[key];
    const y = (b as Record<string, unknown>)[key];
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x ?? '').localeCompare(String(y ?? ''), 'en');
    return c * sign;
  });
}

interface TableOf<R> {
  label: string;
  rows: R[];
  columns: TableColumn<R>[];
}

/** A report sorted on the screen, with its Totals row. */
export function SortableTable<R>({ label, rows, columns, totals, sort, onSortChange, rowKey }: TableOf<R> & { totals?: Partial<R>; sort: SortDescriptor; onSortChange: (sort: SortDescriptor) => void; rowKey: (r: R) => Key }) {
  const shown = useMemo(() => sorted(rows, sort), [rows, sort]);
  return (
    <Scroll>
      <Table cardsBelow="tablet" aria-label={label} columns={columns} rows={shown} getRowKey={rowKey} sortDescriptor={sort} onSortChange={onSortChange} totals={totals} totalsLabel="Totals" />
    </Scroll>
  );
}

/** A report's rows as served. */
export function PlainTable<R>({ label, rows, columns, rowKey }: TableOf<R> & { rowKey: (r: R) => Key }) {
  return (
    <Scroll>
      <Table cardsBelow="tablet" aria-label={label} columns={columns} rows={rows} getRowKey={rowKey} />
    </Scroll>
  );
}

/** Conversions and reversals: 50 a page, page buttons above and below (spec 001 sections 2.1, 9). */
export function PagedTable<R>({ type, range, rows, columns, page, filters }: Omit<TableOf<R>, 'label'> & { type: ReportType; range: DayRange; page: number; filters: ReportFilters }) {
  const navigate = useNavigate();
  const totalPages = Math.max(1, Math.ceil(rows.length / REPORT_PAGE_SIZE));
  const current = Math.min(page, totalPages);
  const shown = rows.slice((current - 1) * REPORT_PAGE_SIZE, current * REPORT_PAGE_SIZE);
  const go = (p: number) => navigate(reportUrl(type, range, filters, p));
  return (
    <Stack>
      <Pagination page={current} totalPages={totalPages} onChange={go} aria-label={`${REPORT_LABELS[type]} pages, above the table`} />
      <Scroll>
        <Table
          cardsBelow="tablet"
          aria-label={`${REPORT_LABELS[type]} report, page ${current} of ${totalPages}`}
          columns={columns}
          rows={shown}
          // Keyed by place on the page: a page change updates the 50 rows in place (no row keeps state).
          getRowKey={(_, i) => i}
        />
      </Scroll>
      <Pagination page={current} totalPages={totalPages} onChange={go} aria-label={`${REPORT_LABELS[type]} pages, below the table`} />
    </Stack>
  );
}

export const Stack = styled.div`
  ${column(3)}
`;
const Scroll = styled.div`
  overflow-x: auto;
  min-width: 0;
`;
