import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { Advertiser } from '../../api/contract/opsOffers';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Link } from '../../ui/Link';
import { LinkButton } from '../../ui/LinkButton';
import { Pagination } from '../../ui/Pagination';
import { Select } from '../../ui/Select';
import { Table, type TableColumn } from '../../ui/Table';
import { TextField } from '../../ui/TextField';
import { formatDay } from './format';

export const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]}px;
  margin-bottom: ${({ theme }) => theme.space[4]}px;
  h1 {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;
export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]}px;
`;
const Filters = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space[3]}px;
  align-items: end;
  margin-bottom: ${({ theme }) => theme.space[4]}px;
`;

export interface AdvertiserFilters {
  q?: string;
  status?: Advertiser['status'];
}

export interface AdvertiserListViewProps {
  advertisers: Advertiser[];
  total: number;
  page: number;
  limit: number;
  filters: AdvertiserFilters;
  /** Whether the signed-in role may create advertisers. */
  canCreate: boolean;
  isFetching?: boolean;
  onFilter: (filters: AdvertiserFilters) => void;
  onPage: (page: number) => void;
}

const ANY = 'any';
const statusItems = [
  { id: ANY, label: 'Any status' },
  { id: 'active', label: 'Active' },
  { id: 'inactive', label: 'Inactive' },
];

/** The campaigns of an advertiser by state, in words. */
export const campaignCounts = (c: Advertiser['campaigns']) => `${c.active} active, ${c.paused} paused, ${c.expired} expired`;

/** The advertisers: search by name or #id, status, paged, with their campaigns by state. */
export function AdvertiserListView({ advertisers, total, page, limit, filters, canCreate, isFetching = false, onFilter, onPage }: AdvertiserListViewProps) {
  const [q, setQ] = useState(filters.q ?? '');
  const [status, setStatus] = useState<string>(filters.status ?? ANY);
  const apply = (e: FormEvent) => {
    e.preventDefault();
    onFilter({ ...(q.trim() ? { q: q.trim() } : {}), ...(status !== ANY ? { status: status as Advertiser['status'] } : {}) });
  };
  const columns: TableColumn<Advertiser>[] = [
    { key: 'advertiser_id', header: 'ID', render: (a) => `#${a.advertiser_id}` },
    {
      key: 'name',
      header: 'Name',
      isRowHeader: true,
      textValue: 'name',
      render: (a) => <Link href={`/ops/advertisers/${a.advertiser_id}`}>{a.name}</Link>,
    },
    { key: 'status', header: 'Status', render: (a) => <Badge tone={a.status === 'active' ? 'success' : 'neutral'}>{a.status === 'active' ? 'Active' : 'Inactive'}</Badge> },
    { key: 'contact_email', header: 'Contact', render: (a) => a.contact_email || '—' },
    { key: 'campaigns', header: 'Campaigns', render: (a) => campaignCounts(a.campaigns) },
    { key: 'updated_at', header: 'Changed', render: (a) => formatDay(a.updated_at) },
  ];
  return (
    <div>
      <Head>
        <h1>Advertisers</h1>
        {canCreate && <LinkButton href="/ops/advertisers/new">New advertiser</LinkButton>}
      </Head>
      <Filters onSubmit={apply} aria-label="Search the advertisers">
        <TextField label="Name or #id" value={q} onChange={setQ} type="text" />
        <Select label="Status" items={statusItems} selectedKey={status} onSelectionChange={(key) => setStatus(String(key))} />
        <div>
          <Button type="submit" isPending={isFetching}>
            Search
          </Button>
        </div>
      </Filters>
      <p style={{ margin: '0 0 8px' }} role="status">
        {total === 1 ? '1 advertiser' : `${total.toLocaleString('en-US')} advertisers`}
      </p>
      <Table
        aria-label="Advertisers"
        columns={columns}
        rows={advertisers}
        getRowKey={(a) => a.advertiser_id}
        cardsBelow="desktop"
        emptyText={filters.q || filters.status ? 'No advertiser matches this search.' : 'No advertisers yet.'}
      />
      {total > limit && (
        <div style={{ marginTop: 16 }}>
          <Pagination page={page} totalPages={Math.ceil(total / limit)} onChange={onPage} aria-label="Advertiser pages" />
        </div>
      )}
    </div>
  );
}
