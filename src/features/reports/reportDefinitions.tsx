import { MenuTrigger } from 'react-aria-components';
import styled from 'styled-components';
import type {
  ClicksRow,
  ConversionRow,
  CreativeRow,
  EarningsRow,
  LandingPageRow,
  ReportTotals,
  ReversalRow,
  SubIdRow,
} from '../../api/contract/reports';
import { reportsApi } from '../../api/reportsApi';
import { formatCount, formatMoney, formatPercentNumber } from '../../shared/format';
import { paths } from '../../shared/paths';
import { IconButton } from '../../ui/IconButton';
import { Link } from '../../ui/Link';
import { Menu, MenuItem } from '../../ui/Menu';
import type { TableColumn } from '../../ui/Table';
import { VisuallyHidden } from '../../ui/VisuallyHidden';
import type { ReportRows, ReportType } from './reportTypes';
import { asReport, type ReportSpec } from './reportSpecs';
import { reportUrl } from './reportUrl';

const money = (n: number) => formatMoney(n);
const count = (n: number) => formatCount(n);
const rate = (n: number) => `${formatPercentNumber(n)}%`;

/**
 * The figure columns. `leadsHref`: a drill-down row's leads link to the conversions behind them (spec 001
 * section 2.1: /reports/conversions with oid and one of cid, subid or lpid).
 */
function figureColumns<R extends ReportTotals>(leadsHref?: (r: R) => string): TableColumn<R>[] {
  return [
    { key: 'clicks', header: 'Clicks', numeric: true, allowsSorting: true, render: (r) => count(r.clicks) },
    {
      key: 'leads',
      header: 'Leads',
      numeric: true,
      allowsSorting: true,
      render: (r) =>
        leadsHref && r.leads > 0 ? (
          <Link href={leadsHref(r)} aria-label={`${count(r.leads)} leads: their conversions`}>
            {count(r.leads)}
          </Link>
        ) : (
          count(r.leads)
        ),
      // The totals are of the whole report: a number, not a link to one row's conversions.
      renderTotal: (t) => count(t.leads ?? 0),
    },
    { key: 'conversion', header: 'Conversion', numeric: true, allowsSorting: true, render: (r) => rate(r.conversion) },
    { key: 'sales', header: 'Sales', numeric: true, allowsSorting: true, render: (r) => money(r.sales) },
    { key: 'earnings', header: 'Earnings', numeric: true, allowsSorting: true, render: (r) => money(r.earnings) },
    { key: 'epc', header: 'EPC', numeric: true, allowsSorting: true, render: (r) => money(r.epc) },
  ];
}

const campaignColumn = <R extends EarningsRow>(): TableColumn<R> => ({
  key: 'name',
  header: 'Campaign',
  allowsSorting: true,
  isRowHeader: true,
  render: (r) => <Link href={paths.campaign(r.campaign_id)}>{r.name}</Link>,
});

/**
 * The conversions' and reversals' columns from Campaign to the IP address; `reason` is the advertiser's
 * reason for a reversal ('' when none, an empty cell like the other empty ones).
 */
function leadColumns<R extends ConversionRow | ReversalRow>(reason: (r: R) => string): TableColumn<R>[] {
  const subIds = (r: R) => [r.subid1, r.subid2, r.subid3, r.subid4, r.subid5].map((s, i) => (s ? `${i + 1}: ${s}` : '')).filter(Boolean).join(' · ');
  return [
    { key: 'name', header: 'Campaign', render: (r) => <Link href={paths.campaign(r.campaign_id)}>{r.name}</Link> },
    { key: 'status', header: 'Status' },
    { key: 'reason', header: 'Reason', render: reason },
    { key: 'rate_type', header: 'CPA Type' },
    { key: 'sales', header: 'Sales', numeric: true, render: (r) => money(r.sales) },
    { key: 'earnings', header: 'Earnings', numeric: true, render: (r) => money(r.earnings) },
    { key: 'subids', header: 'Sub IDs', render: subIds },
    { key: 'ip_address', header: 'IP' },
  ];
}

/** Earnings first, descending (spec 001 section 7); the clicks report by date. */
const BY_EARNINGS = { column: 'earnings', direction: 'descending' } as const;
/** A breakdown of one campaign (its creatives, its landing pages): asked for once a campaign is chosen, by earnings. */
const CAMPAIGN_BREAKDOWN = { needsCampaign: true, table: 'sorted', defaultSort: BY_EARNINGS } as const;

/** Each report type: its call, its table (spec 001 sections 2.1, 3, 4, 7). */
export const REPORTS: { [T in ReportType]: ReportSpec<ReportRows[T]> } = {
  earnings: {
    useReport: ({ dates }) => asReport(reportsApi.useEarningsReportQuery(dates)),
    table: 'sorted',
    chart: true,
    defaultSort: BY_EARNINGS,
    rowKey: (r) => r.campaign_id,
    columns: ({ range, navigate }) => [
      campaignColumn<EarningsRow>(),
      ...figureColumns<EarningsRow>(),
      {
        key: 'actions',
        header: <VisuallyHidden>Drill down</VisuallyHidden>,
        textValue: 'Drill down',
        render: (r) => (
          <MenuTrigger>
            <IconButton icon="more" aria-label={`Reports of ${r.name}`} size="sm" />
            <Menu onAction={(key) => navigate(reportUrl(key as ReportType, range, { oid: r.campaign_id }))} aria-label={`Reports of ${r.name}`}>
              <MenuItem id="creatives">Creatives</MenuItem>
              <MenuItem id="subid">SubID 1</MenuItem>
              <MenuItem id="landingPages">Landing Pages</MenuItem>
            </Menu>
          </MenuTrigger>
        ),
        renderTotal: () => '',
      },
    ],
  },
  creatives: {
    useReport: ({ dates, f }) => asReport(reportsApi.useCreativesReportQuery({ ...dates, oid: f.oid ?? '' }, { skip: !f.oid })),
    ...CAMPAIGN_BREAKDOWN,
    rowKey: (r) => r.creative_id,
    columns: ({ range }) => [
      { key: 'creative_name', header: 'Creative', allowsSorting: true, isRowHeader: true, render: (r) => <Link href={reportUrl('clicks', range, { oid: r.campaign_id, cid: r.creative_id })}>{r.creative_name}</Link> },
      ...figureColumns<CreativeRow>((r) => reportUrl('conversions', range, { oid: r.campaign_id, cid: r.creative_id })),
    ],
  },
  subid: {
    useReport: ({ dates, f }) => asReport(reportsApi.useSubIdReportQuery({ ...dates, oid: f.oid })),
    table: 'sorted',
    defaultSort: BY_EARNINGS,
    rowKey: (r) => `${r.campaign_id}:${r.subid1}`,
    columns: ({ range, filters }) => [
      {
        key: 'subid1',
        header: 'Sub ID 1',
        allowsSorting: true,
        isRowHeader: true,
        render: (r) => <Link href={reportUrl('clicks', range, { oid: r.campaign_id, subid: r.subid1 || undefined })}>{r.subid1 || '(none)'}</Link>,
      },
      ...(filters.oid === undefined ? [campaignColumn<SubIdRow>()] : []),
      ...figureColumns<SubIdRow>((r) => reportUrl('conversions', range, { oid: r.campaign_id, subid: r.subid1 || undefined })),
    ],
  },
  landingPages: {
    useReport: ({ dates, f }) => asReport(reportsApi.useLandingPagesReportQuery({ ...dates, oid: f.oid ?? '' }, { skip: !f.oid })),
    ...CAMPAIGN_BREAKDOWN,
    rowKey: (r) => r.landing_page_id,
    columns: ({ range }) => [
      {
        key: 'landing_page',
        header: 'Landing Page',
        allowsSorting: true,
        isRowHeader: true,
        render: (r) => (
          <PageName>
            {r.thumbnail && <img src={r.thumbnail} alt="" width={32} height={40} />}
            <Link href={reportUrl('clicks', range, { oid: r.campaign_id, lpid: r.landing_page_id || undefined })}>{r.landing_page}</Link>
          </PageName>
        ),
      },
      ...figureColumns<LandingPageRow>((r) => reportUrl('conversions', range, { oid: r.campaign_id, lpid: r.landing_page_id || undefined })),
    ],
  },
  clicks: {
    useReport: ({ dates, f }) => asReport(reportsApi.useClicksReportQuery({ ...dates, ...f })),
    table: 'sorted',
    chart: true,
    defaultSort: { column: 'date', direction: 'ascending' },
    rowKey: (r) => r.date,
    columns: () => [{ key: 'date', header: 'Date', allowsSorting: true, isRowHeader: true }, ...figureColumns<ClicksRow>()],
  },
  conversions: {
    useReport: ({ dates, f }) => asReport(reportsApi.useConversionsReportQuery({ ...dates, ...f, page: 'all' })),
    table: 'paged',
    columns: () => [
      { key: 'date', header: 'Date', isRowHeader: true },
      // A conversion's reason is there only once it is reversed (the server sends '' otherwise).
      ...leadColumns<ConversionRow>((r) => r.reversal_reason),
      { key: 'location', header: 'Location', render: ({ ip_location: l }) => [l.city, l.region, l.country].filter(Boolean).join(', ') },
      { key: 'device', header: 'Device', render: ({ device: d }) => [d.device, d.os, d.system].filter(Boolean).join(' · ') },
    ],
  },
  reversals: {
    useReport: ({ dates, f }) => asReport(reportsApi.useReversalsReportQuery({ ...dates, oid: f.oid, page: 'all' })),
    table: 'paged',
    columns: () => [{ key: 'reverse_date', header: 'Reversed', isRowHeader: true }, { key: 'lead_date', header: 'Lead date' }, ...leadColumns<ReversalRow>((r) => r.reason)],
  },
  referrals: {
    useReport: () => asReport(reportsApi.useReferralsReportQuery()),
    table: 'plain',
    rowKey: (r) => r.referral_date,
    columns: () => [
      { key: 'referral_date', header: 'Date', isRowHeader: true },
      { key: 'affiliates', header: 'Affiliates', numeric: true, render: (r) => count(r.affiliates) },
      { key: 'referral_income', header: 'Referral Income', numeric: true, render: (r) => money(r.referral_income) },
    ],
  },
};

const PageName = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  img {
    border-radius: ${({ theme }) => theme.radii.sm};
  }
`;
