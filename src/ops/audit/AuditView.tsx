import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { AuditEntry } from '../../api/contract/operator';
import { Button } from '../../ui/Button';
import { DatePicker } from '../../ui/DatePicker';
import { Pagination } from '../../ui/Pagination';
import { Select } from '../../ui/Select';
import { Table, type TableColumn } from '../../ui/Table';
import { TextField } from '../../ui/TextField';

/** What the audit log is filtered by (the query of GET /operator/audit). */
export interface AuditFilters {
  operator_id?: string;
  action?: string;
  target_type?: string;
  target_id?: string;
  from?: string;
  to?: string;
}

const Filters = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.space[3]}px;
  align-items: end;
  margin-bottom: ${({ theme }) => theme.space[4]}px;
`;
const Pre = styled.pre`
  margin: ${({ theme }) => theme.space[2]}px 0 0;
  max-width: 480px;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' }) + ' UTC';

/** The before and after pictures of an entry, folded (they can be long). */
function Change({ entry }: { entry: AuditEntry }) {
  const text = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v, null, 2));
  return (
    <details>
      <summary>Before and after</summary>
      <Pre aria-label="Before">Before: {text(entry.before)}</Pre>
      <Pre aria-label="After">After: {text(entry.after)}</Pre>
    </details>
  );
}

export interface AuditViewProps {
  entries: AuditEntry[];
  total: number;
  page: number;
  limit: number;
  filters: AuditFilters;
  /** The operators to filter by: id and e-mail. */
  operators: Array<{ id: number; email: string }>;
  isFetching?: boolean;
  /** ISO today of the date pickers (fixed in stories). */
  today?: string;
  onFilter: (filters: AuditFilters) => void;
  onPage: (page: number) => void;
}

const ANY = 'any';

/** The audit log: who did what, when, to what, with the before and after; filtered and paged. */
export function AuditView({ entries, total, page, limit, filters, operators, isFetching = false, today, onFilter, onPage }: AuditViewProps) {
  const [draft, setDraft] = useState<AuditFilters>(filters);
  const set = (key: keyof AuditFilters) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    onFilter(Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== undefined && v.trim() !== '')) as AuditFilters);
  };
  const columns: TableColumn<AuditEntry>[] = [
    { key: 'at', header: 'When', render: (e) => when(e.at) },
    { key: 'operator', header: 'Operator', render: (e) => e.operator?.email ?? 'The system' },
    { key: 'action', header: 'Action', isRowHeader: true },
    { key: 'target', header: 'Target', render: (e) => `${e.target.type} ${e.target.id}` },
    { key: 'ip', header: 'Address' },
    { key: 'change', header: 'Change', render: (e) => <Change entry={e} /> },
  ];
  const operatorItems = [{ id: ANY, label: 'Any operator' }, ...operators.map((o) => ({ id: String(o.id), label: o.email }))];
  return (
    <div>
      <h1 style={{ marginTop: 0 }}>Audit log</h1>
      <Filters onSubmit={apply} aria-label="Filter the audit log">
        <Select
          label="Operator"
          items={operatorItems}
          selectedKey={draft.operator_id ?? ANY}
          onSelectionChange={(key) => set('operator_id')(key === ANY ? '' : String(key))}
        />
        <TextField label="Action" description="e.g. operator.invite" value={draft.action ?? ''} onChange={set('action')} />
        <TextField label="Target type" description="e.g. operator, campaign" value={draft.target_type ?? ''} onChange={set('target_type')} />
        <TextField label="Target id" value={draft.target_id ?? ''} onChange={set('target_id')} />
        <DatePicker label="From" value={draft.from ?? null} onChange={(v) => set('from')(v ?? '')} today={today} />
        <DatePicker label="To" value={draft.to ?? null} onChange={(v) => set('to')(v ?? '')} today={today} />
        <div>
          <Button type="submit" isPending={isFetching}>
            Filter
          </Button>
        </div>
      </Filters>
      <p style={{ margin: '0 0 8px' }} role="status">
        {total === 1 ? '1 entry' : `${total.toLocaleString('en-US')} entries`}
      </p>
      <Table aria-label="Audit entries" columns={columns} rows={entries} getRowKey={(e) => e.id} cardsBelow="desktop" emptyText="No entry matches these filters." />
      <div style={{ marginTop: 16 }}>
        <Pagination page={page} totalPages={Math.max(1, Math.ceil(total / limit))} onChange={onPage} aria-label="Audit log pages" />
      </div>
    </div>
  );
}
