import styled from 'styled-components';
import type { CampaignSummary } from '../../api/contract/campaign';
import { CampaignNotices } from '../../components/campaigns/CampaignNotices';
import { paths } from '../../shared/paths';
import { formatRate } from '../../shared/rateText';
import { Link } from '../../ui/Link';
import { Table, type SortDescriptor, type TableColumn } from '../../ui/Table';
import { Tooltip } from '../../ui/Tooltip';
import { TrafficIcons } from './TrafficIcons';
import { epcText } from './epcText';

/** The columns the search screen sorts on (its `ob` values, spec 000 §2). */
export type CampaignSortColumn = 'id' | 'name' | 'rate' | 'epc';
export const SORTABLE_COLUMNS: readonly CampaignSortColumn[] = ['id', 'name', 'rate', 'epc'];

const Name = styled.span`
  display: block;
  min-width: 180px;
  max-width: 360px;
  white-space: normal;
  overflow-wrap: anywhere;
  a { display: inline; }
`;

/**
 * The table's own width decides how roomy it is: in the main column of a 1280 px window (between
 * both sidebars) the traffic icons wrap five to a line and the name column narrows, so every column
 * fits without a sideways scroller; wider, the icons stay on one line.
 */
const Fit = styled.div`
  container: campaign-table / inline-size;
  min-width: 0;
  @container campaign-table (max-width: 820px) {
    td ul[aria-label='Traffic types'] {
      flex-wrap: wrap;
      width: calc(5 * 18px + 4 * ${({ theme }) => theme.space[1]}px);
    }
    [data-campaign-name] { min-width: 140px; }
    th, td { padding-inline: ${({ theme }) => theme.space[2]}px; }
  }
`;

const Thumb = styled(Link)`
  display: inline-block;
  img {
    display: block;
    width: 48px;
    height: 36px;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;

const Preview = styled.img`
  display: block;
  width: 240px;
  height: 180px;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radii.sm};
`;

/** The thumbnail, with the larger picture on hover and on keyboard focus (spec 000 §2 "hover preview"). */
function Thumbnail({ campaign }: { campaign: CampaignSummary }) {
  return (
    <Tooltip content={<Preview src={campaign.thumbnail} alt="" width={240} height={180} />} delay={300} closeDelay={100} placement="right">
      <Thumb href={paths.campaign(campaign.campaign_id)} aria-label={`Preview of ${campaign.name}`}>
        <img src={campaign.thumbnail} alt="" loading="lazy" width={48} height={36} />
      </Thumb>
    </Tooltip>
  );
}

export interface CampaignTableProps {
  campaigns: CampaignSummary[];
  'aria-label': string;
  isLoading?: boolean;
  /** Placeholder rows while loading. */
  loadingRowCount?: number;
  loadingLabel?: string;
  emptyText?: string;
  /** Sortable headers on ID, Name, Rate and EPC (the search screen); the caller sorts (the server does). */
  sortDescriptor?: SortDescriptor;
  onSortChange?: (descriptor: SortDescriptor) => void;
}

/**
 * The listing's list view and the search results (spec 000 §2): ID, thumbnail with its preview,
 * Campaign Name (with 'Paused', 'Cap reached' and 'Expires on …' under it where they apply), CPA Type, CPA Rate,
 * EPC ('New' when 0 or less) and the traffic icons.
 */
export function CampaignTable({
  campaigns,
  'aria-label': ariaLabel,
  isLoading,
  loadingRowCount = 10,
  loadingLabel = 'Loading campaigns',
  emptyText = 'No campaigns found for this category.',
  sortDescriptor,
  onSortChange,
}: CampaignTableProps) {
  const sortable = Boolean(onSortChange);
  const columns: TableColumn<CampaignSummary>[] = [
    { key: 'id', header: 'ID', render: (c) => c.campaign_id, allowsSorting: sortable, defaultSortDirection: 'ascending' },
    { key: 'thumbnail', header: 'Thumbnail', render: (c) => <Thumbnail campaign={c} /> },
    {
      key: 'name',
      header: 'Campaign Name',
      isRowHeader: true,
      allowsSorting: sortable,
      render: (c) => (
        <Name data-campaign-name="">
          <Link href={paths.campaign(c.campaign_id)}>{c.name}</Link>
          <CampaignNotices paused={c.paused} capReached={c.cap_reached} expiryDate={c.expiry_date} />
        </Name>
      ),
    },
    { key: 'type', header: 'CPA Type', render: (c) => c.rate_type },
    { key: 'rate', header: 'CPA Rate', numeric: true, allowsSorting: sortable, render: (c) => formatRate(c.rate_type, c.rate) },
    { key: 'epc', header: 'EPC', numeric: true, allowsSorting: sortable, render: (c) => epcText(c.epc) },
    { key: 'traffic', header: 'Traffic', render: (c) => <TrafficIcons campaign={c} /> },
  ];
  return (
    <Fit>
    <Table
      aria-label={ariaLabel}
      columns={columns}
      rows={campaigns}
      getRowKey={(c) => c.campaign_id}
      isLoading={isLoading}
      loadingRowCount={loadingRowCount}
      loadingLabel={loadingLabel}
      emptyText={emptyText}
      sortDescriptor={sortDescriptor}
      onSortChange={onSortChange}
    />
    </Fit>
  );
}
