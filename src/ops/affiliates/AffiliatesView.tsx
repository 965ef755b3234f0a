import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { AFFILIATE_STATUSES, type AffiliateStatus, type AffiliateSummary } from '../../api/contract/opsPeople';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Link } from '../../ui/Link';
import { Pagination } from '../../ui/Pagination';
import { Select } from '../../ui/Select';
import { Table, type TableColumn } from '../../ui/Table';
import { TextField } from '../../ui/TextField';
import { formatDate } from './parts';

export const statusText: Record<AffiliateStatus, string> = {
  pending: 'Pending',
  active: 'Active',
  inactive: 'Inactive',
  rejected: 'Rejected',
  terminated: 'Terminated',
  suspended: 'Suspended',
};
export const statusTone: Record<AffiliateStatus, BadgeTone> = {
  pending: 'info',
  active: 'success',
  inactive: 'neutral',
  rejected: 'neutral',
  terminated: 'danger',
  suspended: 'warning',
};

export function StatusBadge({ status }: { status: AffiliateStatus }) {
  return <Badge tone={statusTone[status]}>{statusText[status]}</Badge>;
}

/** What the search is narrowed by (the query of GET /operator/affiliates, without the page). */
export interface AffiliateFilters {
  q?: string;
  status?: AffiliateStatus;
  manager_id?: string;
}

const Filters = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space[3]}px;
  align-items: end;
  margin-bottom: ${({ theme }) => theme.space[4]}px;
`;

export const affiliateHref = (id: number) => `/ops/affiliates/${id}`;

const ANY = 'any';

export interface AffiliatesViewProps {
  affiliates: AffiliateSummary[];
  total: number;
  page: number;
  limit: number;
  filters: AffiliateFilters;
  /** The managers to narrow by. */
  managers: Array<{ id: number; name: string }>;
  isFetching?: boolean;
  onFilter: (filters: AffiliateFilters) => void;
  onPage: (page: number) => void;
}

/** The affiliate search: text, status and manager, newest first, a page at a time. */
export function AffiliatesView({ affiliates, total, page, limit, filters, managers, isFetching = false, onFilter, onPage }: AffiliatesViewProps) {
  const [draft, setDraft] = useState<AffiliateFilters>(filters);
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const q = draft.q?.trim();
    onFilter({ ...(q ? { q } : {}), ...(draft.status ? { status: draft.status } : {}), ...(draft.manager_id ? { manager_id: draft.manager_id } : {}) });
  };
  const columns: TableColumn<AffiliateSummary>[] = [
    { key: 'affiliate_id', header: 'Id', numeric: true },
    { key: 'name', header: 'Name', isRowHeader: true, render: (a) => <Link href={affiliateHref(a.affiliate_id)}>{a.name || a.email}</Link> },
    { key: 'email', header: 'E-mail' },
    { key: 'company', header: 'Company', render: (a) => a.company || '—' },
    { key: 'status', header: 'Status', render: (a) => <StatusBadge status={a.status} /> },
    { key: 'manager', header: 'Manager', render: (a) => a.manager?.name ?? 'None' },
    { key: 'registered_at', header: 'Registered', render: (a) => formatDate(a.registered_at) },
  ];
  const statusItems = [{ id: ANY, label: 'Any status' }, ...AFFILIATE_STATUSES.map((s) => ({ id: s, label: statusText[s] }))];
  const managerItems = [{ id: ANY, label: 'Any manager' }, ...managers.map((m) => ({ id: String(m.id), label: m.name }))];
  return (
    <div>
      <h1 style={{ marginTop: 0 }}>Affiliates</h1>
      <Filters onSubmit={apply} aria-label="Search the affiliates" role="search">
        <TextField label="Search" description="Name, e-mail, company or id" value={draft.q ?? ''} onChange={(q) => setDraft((d) => ({ ...d, q }))} maxLength={200} />
        <Select
          label="Status"
          items={statusItems}
          selectedKey={draft.status ?? ANY}
          onSelectionChange={(key) => setDraft((d) => ({ ...d, status: key === ANY ? undefined : (key as AffiliateStatus) }))}
        />
        <Select
          label="Manager"
          items={managerItems}
          selectedKey={draft.manager_id ?? ANY}
          onSelectionChange={(key) => setDraft((d) => ({ ...d, manager_id: key === ANY ? undefined : String(key) }))}
        />
        <div>
          <Button type="submit" isPending={isFetching}>
            Search
          </Button>
        </div>
      </Filters>
      <p style={{ margin: '0 0 8px' }} role="status">
        {total === 1 ? '1 affiliate' : `${total.toLocaleString('en-US')} affiliates`}
      </p>
      <Table aria-label="Affiliates" columns={columns} rows={affiliates} getRowKey={(a) => a.affiliate_id} cardsBelow="desktop" emptyText="No affiliate matches this search." />
      {total > limit && (
        <div style={{ marginTop: 16 }}>
          <Pagination page={page} totalPages={Math.ceil(total / limit)} onChange={onPage} aria-label="Affiliate pages" />
        </div>
      )}
    </div>
  );
}
