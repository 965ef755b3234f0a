import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import type { OfferCampaign } from '../../api/contract/opsOffers';
import type { opsOffersEndpoints } from '../../api/contract/opsOffers';
import type { Reply } from '../../api/endpoints';
import { Badge } from '../../ui/Badge';
import { Card, CardBody } from '../../ui/Card';
import { Link } from '../../ui/Link';
import { LinkButton } from '../../ui/LinkButton';
import { Spinner } from '../../ui/Spinner';
import { SystemMessage } from '../../ui/SystemMessage';
import { Table, type TableColumn } from '../../ui/Table';
import { StatusButtons } from './CampaignListView';
import { CampaignStatusConfirm, type PendingStatus } from './CampaignStatusConfirm';
import { formatDay } from './format';
import { stateLabel, stateTone, trafficLabel } from './labels';
import { Actions, Head } from './layout';

export type CampaignPreview = Reply<typeof opsOffersEndpoints.previewOfferCampaign>;

const Sections = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]}px;
  h2 {
    margin: 0 0 ${({ theme }) => theme.space[3]}px;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  h3 {
    margin: ${({ theme }) => theme.space[3]}px 0 ${({ theme }) => theme.space[2]}px;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;
const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(110px, max-content) 1fr;
  gap: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[4]}px;
  margin: 0;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
    white-space: pre-wrap;
  }
`;

/** The traffic codes of the campaign page (spec 000 section 3), as the console names them. */
const detailTraffic: Record<string, string> = {
  R: 'Search',
  L: 'Social media',
  S: 'Display',
  C: 'Contextual',
  E: 'E-mail',
  I: 'Incentive',
  M: 'Mobile',
  N: 'Native',
  B: 'Brand bid',
};

const money = (type: 'F' | 'P', amount: number) => (type === 'F' ? `$${amount.toFixed(2)} per lead` : `${amount}% of sale`);

function facts(rows: Array<[string, ReactNode]>) {
  return (
    <Facts>
      {rows.map(([term, value]) => (
        <div key={term} style={{ display: 'contents' }}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </Facts>
  );
}

/** The affiliate's view of the campaign (GET /operator/campaigns/:id/preview), read-only. */
export function CampaignPreviewPanel({ preview }: { preview: CampaignPreview }) {
  const { campaign: page, card } = preview;
  return (
    <section aria-label="What affiliates see">
      <h2>What affiliates see</h2>
      {preview.message && (
        <div style={{ marginBottom: 12 }}>
          <SystemMessage variant={preview.visible ? 'info' : 'warning'} isDismissable={false}>
            {preview.message}
          </SystemMessage>
        </div>
      )}
      <h3>Card in the lists and search</h3>
      {facts([
        ['Rate', card.rate_text || '—'],
        ['EPC', card.epc > 0 ? `$${card.epc.toFixed(2)}` : 'New'],
        ['Highlighted', card.highlight === 'Y' ? 'Yes' : 'No'],
      ])}
      {page ? (
        <>
          <h3>Campaign page</h3>
          {facts([
            ['Name', page.details.name],
            ['Category', `${page.categories.category} › ${page.categories.subcategory}`],
            ['Access', page.details.status],
            ['Their status', page.details.affiliate_campaign_status],
            ['Paused', page.details.paused === 'Y' ? 'Yes: its links go to the fallback page' : 'No'],
            ['Countries', page.all_countries === 'Y' ? 'All countries' : page.allowed_countries.join(', ')],
            [
              'Traffic',
              Object.entries(page.allowed_traffic_types)
                .filter(([, v]) => v === 'Y')
                .map(([k]) => detailTraffic[k] ?? k)
                .join(', ') || '—',
            ],
            ['Devices', [page.details.desktop_traffic === 'Y' && 'Desktop', page.details.mobile_traffic === 'Y' && 'Mobile'].filter(Boolean).join(', ')],
            ['Systems', page.os_list.length ? page.os_list.join(', ') : 'Any'],
            ['Daily cap', page.details.cap === null ? 'No cap' : `${page.details.cap.toLocaleString('en-US')} leads`],
            ['Expires', page.details.expiry_date ?? 'No expiry'],
            ['Rates', page.commission.map((r) => `${r.description}: ${r.rate_text}${r.is_default === 'Y' ? ' (default)' : ''}`).join('\n') || '—'],
            ['Description', page.details.description || '—'],
          ])}
        </>
      ) : (
        <p>Affiliates cannot open its page.</p>
      )}
    </section>
  );
}

export interface CampaignDetailViewProps {
  campaign: OfferCampaign;
  canWrite: boolean;
  /** The preview's answer; undefined while it loads. */
  preview: CampaignPreview | undefined;
  previewError: string | null;
  message: { tone: 'success' | 'error'; text: string } | null;
  onStatus: (pending: PendingStatus) => void;
  onDismissMessage: () => void;
}

const rateColumns: TableColumn<OfferCampaign['rates'][number]>[] = [
  { key: 'description', header: 'Rate', isRowHeader: true, render: (r) => `${r.description}${r.is_default ? ' (default)' : ''}` },
  { key: 'rate', header: 'Affiliate payout', render: (r) => money(r.rate_type, r.rate) },
  { key: 'revenue', header: 'Advertiser revenue', render: (r) => money(r.revenue_type, r.revenue) },
  { key: 'status', header: 'Status' },
];

/** One campaign: its state and status buttons, its main fields and rates, and the affiliate's view. */
export function CampaignDetailView({ campaign: c, canWrite, preview, previewError, message, onStatus, onDismissMessage }: CampaignDetailViewProps) {
  const [pending, setPending] = useState<PendingStatus | null>(null);
  return (
    <div>
      <p style={{ margin: '0 0 8px' }}>
        <Link href="/ops/campaigns">All campaigns</Link>
      </p>
      <Head>
        <h1>
          {c.name} <Badge tone={stateTone[c.state]}>{stateLabel[c.state]}</Badge>
        </h1>
        <Actions>
          <LinkButton variant="secondary" href={`/ops/material/${c.campaign_id}`}>
            Landing pages and creatives
          </LinkButton>
          {canWrite && c.status !== 'expired' && (
            <LinkButton variant="secondary" href={`/ops/campaigns/${c.campaign_id}/edit`}>
              Edit
            </LinkButton>
          )}
          {canWrite && <StatusButtons campaign={c} state={c.status} size="md" onAsk={setPending} />}
        </Actions>
      </Head>
      {message && (
        <div style={{ marginBottom: 16 }}>
          <SystemMessage variant={message.tone} onDismiss={onDismissMessage}>
            {message.text}
          </SystemMessage>
        </div>
      )}
      <Sections>
        <Card>
          <CardBody>
            {facts([
              ['ID', `#${c.campaign_id}`],
              ['Advertiser', <Link key="advertiser" href={`/ops/advertisers/${c.advertiser.advertiser_id}`}>{c.advertiser.name}</Link>],
              ['Category', `${c.category} › ${c.subcategory}`],
              ['Access', c.by_request ? `By Request (${c.approval_mode === 'auto' ? 'approved at once' : 'an operator reviews each request'})` : 'Public'],
              ['Traffic', c.traffic_types.map((t) => trafficLabel[t] ?? t).join(', ')],
              ['Countries', c.geo_filtering ? c.countries.join(', ') : 'All countries'],
              ['Devices', [c.desktop_traffic && 'Desktop', c.mobile_traffic && 'Mobile'].filter(Boolean).join(', ')],
              ['Systems', c.os.length ? `${c.os.join(', ')}${c.os_filtering ? '' : ' (information only)'}` : 'Any'],
              ['Daily cap', c.daily_cap === null ? 'No cap' : `${c.daily_cap.toLocaleString('en-US')} leads`],
              ['Expires', c.expiry_date ?? 'No expiry'],
              ['Tracking', c.tracking_type],
              ['Fallback page', c.fallback_url || "The network's fallback page"],
              ['Changed', formatDay(c.updated_at)],
            ])}
          </CardBody>
        </Card>
        <Table aria-label="Rates" columns={rateColumns} rows={c.rates} getRowKey={(r) => r.rate_id} cardsBelow="desktop" emptyText="No rates." />
        <Card>
          <CardBody>
            {previewError ? (
              <SystemMessage variant="error" isDismissable={false}>
                {previewError}
              </SystemMessage>
            ) : preview ? (
              <CampaignPreviewPanel preview={preview} />
            ) : (
              <Spinner label="Loading the preview" />
            )}
          </CardBody>
        </Card>
      </Sections>
      <CampaignStatusConfirm pending={pending} onConfirm={onStatus} onClose={() => setPending(null)} />
    </div>
  );
}
