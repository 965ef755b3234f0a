import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { Reply } from '../../api/endpoints';
import type { opsOffersEndpoints } from '../../api/contract/opsOffers';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Link } from '../../ui/Link';
import { LinkButton } from '../../ui/LinkButton';
import { Pagination } from '../../ui/Pagination';
import { Select } from '../../ui/Select';
import { SystemMessage } from '../../ui/SystemMessage';
import { Table, type TableColumn } from '../../ui/Table';
import { TextField } from '../../ui/TextField';
import type { CampaignAction } from '../api/offersApi';
import { CampaignStatusConfirm, type PendingStatus } from './CampaignStatusConfirm';
import { stateLabel, stateTone } from './labels';
import { Actions, Head } from './layout';

export type CampaignListItem = Reply<typeof opsOffersEndpoints.listOfferCampaigns>['campaigns'][number];
export type CampaignState = CampaignListItem['state'];

const Filters = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space[3]}px;
  align-items: end;
  margin-bottom: ${({ theme }) => theme.space[4]}px;
`;

export interface CampaignFilters {
  q?: string;
  status?: CampaignState;
  advertiser_id?: string;
}

/** The buttons a campaign in this state offers: pause or resume, and expire (nothing once expired). */
export const actionsFor = (state: CampaignState): CampaignAction[] => (state === 'active' ? ['pause', 'expire'] : state === 'paused' ? ['resume', 'expire'] : []);
const actionLabel: Record<CampaignAction, string> = { pause: 'Pause', resume: 'Resume', expire: 'Expire' };

/** The status buttons of one campaign (for roles that may change it). */
export function StatusButtons({
  campaign, state, size = 'sm', onAsk,
}: { campaign: { campaign_id: number; name: string }; state: CampaignState; size?: 'sm' | 'md'; onAsk: (p: PendingStatus) => void }) {
  return (
    <>
      {actionsFor(state).map((action) => (
        <Button
          key={action}
          size={size}
          variant={action === 'expire' ? 'danger' : 'secondary'}
          aria-label={`${actionLabel[action]} ${campaign.name}`}
          onPress={() => onAsk({ action, campaign })}
        >
          {actionLabel[action]}
        </Button>
      ))}
    </>
  );
}

export interface CampaignListViewProps {
  campaigns: CampaignListItem[];
  total: number;
  page: number;
  limit: number;
  filters: CampaignFilters;
  /** The advertisers to filter by. */
  advertisers: Array<{ id: number; name: string }>;
  /** The role may create campaigns and change their status. */
  canWrite: boolean;
  isFetching?: boolean;
  message: { tone: 'success' | 'error'; text: string } | null;
  onFilter: (filters: CampaignFilters) => void;
  onPage: (page: number) => void;
  onStatus: (pending: PendingStatus) => void;
  onDismissMessage: () => void;
}

const ANY = 'any';
const stateItems = [{ id: ANY, label: 'Any status' }, ...(['active', 'paused', 'expired'] as const).map((s) => ({ id: s, label: stateLabel[s] }))];

/** The campaigns: search by name or #id, by state and advertiser, newest first, with pause / resume / expire. */
export function CampaignListView({
  campaigns, total, page, limit, filters, advertisers, canWrite, isFetching = false, message, onFilter, onPage, onStatus, onDismissMessage,
}: CampaignListViewProps) {
  const [q, setQ] = useState(filters.q ?? '');
  const [status, setStatus] = useState<string>(filters.status ?? ANY);
  const [advertiser, setAdvertiser] = useState<string>(filters.advertiser_id ?? ANY);
  const [pending, setPending] = useState<PendingStatus | null>(null);
  const apply = (e: FormEvent) => {
    e.preventDefault();
    onFilter({
      ...(q.trim() ? { q: q.trim() } : {}),
      ...(status !== ANY ? { status: status as CampaignState } : {}),
      ...(advertiser !== ANY ? { advertiser_id: advertiser } : {}),
    });
  };
  const columns: TableColumn<CampaignListItem>[] = [
    { key: 'campaign_id', header: 'ID', render: (c) => `#${c.campaign_id}` },
    { key: 'name', header: 'Name', isRowHeader: true, render: (c) => <Link href={`/ops/campaigns/${c.campaign_id}`}>{c.name}</Link> },
    { key: 'advertiser', header: 'Advertiser', render: (c) => c.advertiser.name },
    { key: 'category', header: 'Category', render: (c) => `${c.category} › ${c.subcategory}` },
    { key: 'state', header: 'Status', render: (c) => <Badge tone={stateTone[c.state]}>{stateLabel[c.state]}</Badge> },
    { key: 'payout_text', header: 'Payout', render: (c) => c.payout_text || '—' },
    { key: 'revenue_text', header: 'Revenue', render: (c) => c.revenue_text || '—' },
    { key: 'access', header: 'Access', render: (c) => (c.by_request ? 'By Request' : 'Public') },
    { key: 'expiry_date', header: 'Expires', render: (c) => c.expiry_date ?? 'No expiry' },
    ...(canWrite
      ? [
          {
            key: 'actions',
            header: 'Actions',
            render: (c: CampaignListItem) => (
              <Actions>
                <StatusButtons campaign={c} state={c.state} onAsk={setPending} />
              </Actions>
            ),
          },
        ]
      : []),
  ];
  const advertiserItems = [{ id: ANY, label: 'Any advertiser' }, ...advertisers.map((a) => ({ id: String(a.id), label: a.name }))];
  return (
    <div>
      <Head>
        <h1>Campaigns</h1>
        {canWrite && <LinkButton href="/ops/campaigns/new">New campaign</LinkButton>}
      </Head>
      {message && (
        <div style={{ marginBottom: 16 }}>
          <SystemMessage variant={message.tone} onDismiss={onDismissMessage}>
            {message.text}
          </SystemMessage>
        </div>
      )}
      <Filters onSubmit={apply} aria-label="Search the campaigns">
        <TextField label="Name or #id" value={q} onChange={setQ} />
        <Select label="Status" items={stateItems} selectedKey={status} onSelectionChange={(key) => setStatus(String(key))} />
        <Select label="Advertiser" items={advertiserItems} selectedKey={advertiser} onSelectionChange={(key) => setAdvertiser(String(key))} />
        <div>
          <Button type="submit" isPending={isFetching}>
            Search
          </Button>
        </div>
      </Filters>
      <p style={{ margin: '0 0 8px' }} role="status">
        {total === 1 ? '1 campaign' : `${total.toLocaleString('en-US')} campaigns`}
      </p>
      <Table
        aria-label="Campaigns"
        columns={columns}
        rows={campaigns}
        getRowKey={(c) => c.campaign_id}
        cardsBelow="desktop"
        emptyText={filters.q || filters.status || filters.advertiser_id ? 'No campaign matches this search.' : 'No campaigns yet.'}
      />
      {total > limit && (
        <div style={{ marginTop: 16 }}>
          <Pagination page={page} totalPages={Math.ceil(total / limit)} onChange={onPage} aria-label="Campaign pages" />
        </div>
      )}
      <CampaignStatusConfirm pending={pending} onConfirm={onStatus} onClose={() => setPending(null)} />
    </div>
  );
}
