import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { MenuTrigger } from 'react-aria-components';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import type {
  ClicksRow,
  ConversionRow,
  CreativeRow,
  EarningsRow,
  LandingPageRow,
  ReferralRow,
  ReportTotals,
  ReversalRow,
  SubIdRow,
} from '../../api/contract/reports';
import { REPORT_PAGE_SIZE } from '../../api/contract/reports';
import { reportsApi } from '../../api/reportsApi';
import type { DayRange } from '../../shared/dates';
import { formatCount, formatMoney, formatPercentNumber } from '../../shared/format';
import { paths } from '../../shared/paths';
import { apiDates } from '../../shared/reportDates';
import { Button } from '../../ui/Button';
import { Card, CardBody } from '../../ui/Card';
import { IconButton } from '../../ui/IconButton';
import { PageEmpty, PageLoading } from '../../ui/PageStack';
import { Link } from '../../ui/Link';
import { Menu, MenuItem } from '../../ui/Menu';
import { Pagination } from '../../ui/Pagination';
import { Spinner } from '../../ui/Spinner';
import { SystemMessage } from '../../ui/SystemMessage';
import { Table, type SortDescriptor, type TableColumn } from '../../ui/Table';
import { REPORT_LABELS, reportCsvName, type ReportType } from './reportTypes';
import { failureText, NO_STATS } from './reportErrors';
import { apiFilters, appliedFilters, reportUrl, type ReportFilters } from './reportUrl';
import { VisuallyHidden } from '../../ui/VisuallyHidden';
import type { ReportChart as ReportChartComponent } from './ReportChart';
import { ChartPlaceholder } from './chartFrame';

// The chart (and its scales) loads with the first earnings or clicks report: its code is asked for
// when the report is, and the report shows once both are here, chart above table, so the table never
// jumps down when the chart arrives after it (Lighthouse measured that shift at 0.27 on a phone). If
// the chart's code cannot be downloaded, the report shows without it.
type ChartComponent = typeof ReportChartComponent;
let chartComponent: ChartComponent | undefined;
let chartLoad: Promise<ChartComponent> | undefined;
const loadChart = () => (chartLoad ??= import('./ReportChart').then((m) => (chartComponent = m.ReportChart)));

function useReportChart(needed: boolean): { Chart?: ChartComponent; waiting: boolean } {
  const [, setArrived] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!needed || chartComponent) return;
    let live = true;
    loadChart().then(
      () => live && setArrived((n) => n + 1),
      () => {
        chartLoad = undefined;
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [needed]);
  return { Chart: chartComponent, waiting: needed && !chartComponent && !failed };
}

interface Loaded<R> {
  rows: R[];
  totals?: ReportTotals;
  campaign?: { campaign_id: number; name: string } | null;
  creative?: { creative_id: number; name: string } | null;
  landingPage?: { landing_page_id: number; name: string } | null;
  subId?: string | null;
}

/** The report of the URL: its call, then the banners, the table and the CSV button. */
export function ReportBody({ type, range, filters: given, page }: { type: ReportType; range: DayRange; filters: ReportFilters; page: number }) {
  const dates = apiDates(range);
  // What this report applies (reportUrl.ts): its call, its banners, its chart and its page links use these alone.
  const filters = appliedFilters(type, given);
  const f = apiFilters(filters);
  const skip = (t: ReportType) => type !== t;
  const needsOid = type === 'creatives' || type === 'landingPages';
  const earnings = reportsApi.useEarningsReportQuery(dates, { skip: skip('earnings') });
  const creatives = reportsApi.useCreativesReportQuery({ ...dates, oid: f.oid ?? '' }, { skip: skip('creatives') || !f.oid });
  const subid = reportsApi.useSubIdReportQuery({ ...dates, oid: f.oid }, { skip: skip('subid') });
  const landing = reportsApi.useLandingPagesReportQuery({ ...dates, oid: f.oid ?? '' }, { skip: skip('landingPages') || !f.oid });
  const clicks = reportsApi.useClicksReportQuery({ ...dates, ...f }, { skip: skip('clicks') });
  const conversions = reportsApi.useConversionsReportQuery({ ...dates, ...f, page: 'all' }, { skip: skip('conversions') });
  const reversals = reportsApi.useReversalsReportQuery({ ...dates, oid: f.oid, page: 'all' }, { skip: skip('reversals') });
  const referrals = reportsApi.useReferralsReportQuery(undefined, { skip: skip('referrals') });
  const withChart = type === 'earnings' || type === 'clicks';
  const { Chart, waiting: chartWaiting } = useReportChart(withChart);
  // The table's sort, here so that the CSV writes the rows in the order on screen.
  const [chosenSort, setChosenSort] = useState<{ type: ReportType; sort: SortDescriptor } | null>(null);
  const sort = chosenSort?.type === type ? chosenSort.sort : DEFAULT_SORT[type];
  const onSortChange = (next: SortDescriptor) => setChosenSort({ type, sort: next });

  if (needsOid && filters.oid === undefined) {
    return (
      <SystemMessage variant="info" isDismissable={false}>
        The {REPORT_LABELS[type]} report is for one campaign: open it from a campaign’s row in the <Link href={reportUrl('earnings', range, {})}>earnings report</Link>.
      </SystemMessage>
    );
  }

  const query = { earnings, creatives, subid, landingPages: landing, clicks, conversions, reversals, referrals }[type];
  const error = failureText(query.error);
  let loaded: Loaded<unknown> | null = null;
  const d = query.data;
  if (d) {
    loaded = {
      rows: d.report,
      totals: 'totals' in d ? d.totals : undefined,
      campaign: 'campaign' in d ? d.campaign : null,
      creative: 'creative' in d ? d.creative : null,
      landingPage: 'landingPage' in d ? d.landingPage : 'landing_page' in d ? d.landing_page : null,
      subId: 'subId' in d ? d.subId : null,
    };
  }

  const loading = (query.isFetching && !loaded) || (chartWaiting && loaded !== null && loaded.rows.length > 0);
  return (
    <>
      <Banners type={type} range={range} filters={filters} loaded={loaded} />
      {withChart && Chart && loaded && loaded.rows.length > 0 ? (
        <Chart range={range} filters={filters} />
      ) : (
        // The chart's place is kept while the report or the chart's code loads (a report without rows
        // shows no chart): the report's card below does not move down when the chart arrives.
        withChart && loading && <ChartPlaceholder />
      )}
      <Card>
        <CardBody>
          {loading ? (
            <PageLoading>
              <Spinner label="Loading the report" />
            </PageLoading>
          ) : error ? (
            <SystemMessage variant="error" isDismissable={false}>
              {error}
            </SystemMessage>
          ) : !loaded ? null : loaded.rows.length === 0 ? (
            <Empty>{NO_STATS}</Empty>
          ) : (
            <Stack>
              <CsvButton type={type} range={range} rows={loaded.rows} sort={sort} totals={loaded.totals} />
              <ReportTable type={type} range={range} loaded={loaded} page={page} filters={filters} sort={sort} onSortChange={onSortChange} />
            </Stack>
          )}
        </CardBody>
      </Card>
    </>
  );
}

/** The active filters as banners, each with its Remove link (spec 001 sections 2.1, 4). */
function Banners({ type, range, filters, loaded }: { type: ReportType; range: DayRange; filters: ReportFilters; loaded: Loaded<unknown> | null }) {
  const navigate = useNavigate();
  const remove = (next: ReportFilters, nextType: ReportType = type) => navigate(reportUrl(nextType, range, appliedFilters(nextType, next)));
  const banners: ReactNode[] = [];
  if (filters.oid !== undefined) {
    const name = loaded?.campaign?.name ?? `Campaign #${filters.oid}`;
    // Creatives and landing pages belong to the campaign; the drill-downs need it (back to earnings).
    const drill = type === 'creatives' || type === 'landingPages' || type === 'clicks';
    banners.push(
      <SystemMessage key="campaign" variant="info" isDismissable={false}>
        <BannerLine>
          <span>
            Campaign: <Link href={paths.campaign(filters.oid)}>{name}</Link> (#{filters.oid}) ·{' '}
            <Link href={reportUrl('earnings', range, {})}>Earnings report</Link>
          </span>
          <Button variant="link" size="sm" onPress={() => remove({ subid: filters.subid }, drill ? 'earnings' : type)}>
            Remove campaign filter
          </Button>
        </BannerLine>
      </SystemMessage>,
    );
  }
  const simple = (key: string, text: ReactNode, what: string, next: ReportFilters) =>
    banners.push(
      <SystemMessage key={key} variant="info" isDismissable={false}>
        <BannerLine>
          <span>{text}</span>
          <Button variant="link" size="sm" onPress={() => remove(next)}>
            Remove {what} filter
          </Button>
        </BannerLine>
      </SystemMessage>,
    );
  if (filters.cid !== undefined) simple('creative', `Creative: ${loaded?.creative?.name ?? `#${filters.cid}`}`, 'creative', { ...filters, cid: undefined });
  if (filters.lpid !== undefined) simple('landing', `Landing page: ${loaded?.landingPage?.name ?? `#${filters.lpid}`}`, 'landing page', { ...filters, lpid: undefined });
  if (filters.subid !== undefined) simple('subid', `Sub ID 1: ${filters.subid}`, 'Sub ID', { ...filters, subid: undefined });
  return banners.length ? <Stack>{banners}</Stack> : null;
}

/**
 * CSV (spec 001 section 4): conversions and reversals are prepared first; the others download at once,
 * as the table shows them (its sort, its Totals row).
 */
function CsvButton({ type, range, rows, sort, totals }: { type: ReportType; range: DayRange; rows: readonly unknown[]; sort?: SortDescriptor; totals?: ReportTotals }) {
  const [prepared, setPrepared] = useState<{ url: string } | 'preparing' | null>(null);
  const name = reportCsvName(type, range);
  const prepares = type === 'conversions' || type === 'reversals';
  // The writer of the long reports is fetched with them, not when 'Prepare CSV' is pressed.
  useEffect(() => {
    if (prepares) void import('./reportCsv');
  }, [prepares]);
  const download = (url: string) => {
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.click();
  };
  // The CSV writer (papaparse) loads with the first CSV.
  const blobUrl = async () => {
    const { reportCsvParts } = await import('./reportCsv');
    const ordered = sort ? sorted(rows, sort) : rows;
    return URL.createObjectURL(new Blob(reportCsvParts(type, ordered, { totals }), { type: 'text/csv;charset=utf-8' }));
  };
  if (prepares) {
    if (prepared && prepared !== 'preparing') {
      return (
        <CsvRow>
          <Link href={prepared.url} download={name}>
            Download CSV
          </Link>
        </CsvRow>
      );
    }
    return (
      <CsvRow>
        <Button
          variant="secondary"
          isDisabled={prepared === 'preparing'}
          onPress={() => {
            setPrepared('preparing');
            // 'Preparing CSV...' paints before the rows are written.
            void blobUrl().then(
              (url) => setPrepared({ url }),
              () => setPrepared(null),
            );
          }}
        >
          {prepared === 'preparing' ? 'Preparing CSV...' : 'Prepare CSV'}
        </Button>
      </CsvRow>
    );
  }
  return (
    <CsvRow>
      <Button variant="secondary" onPress={() => void blobUrl().then(download)}>
        Download CSV
      </Button>
    </CsvRow>
  );
}

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

/** Sorts a copy by one column: text in the reader's order, numbers by value. */
function sorted<R>(rows: readonly R[], sort: SortDescriptor): R[] {
  const key = String(sort.column);
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = (a as Record<string, unknown>)[key];
    const y = (b as Record<string, unknown>)[key];
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x ?? '').localeCompare(String(y ?? ''), 'en');
    return c * sign;
  });
}

/** Each sortable report's order before the affiliate sorts (spec 001 section 7: earnings descending; the clicks report by date). */
const DEFAULT_SORT: Partial<Record<ReportType, SortDescriptor>> = {
  earnings: { column: 'earnings', direction: 'descending' },
  creatives: { column: 'earnings', direction: 'descending' },
  subid: { column: 'earnings', direction: 'descending' },
  landingPages: { column: 'earnings', direction: 'descending' },
  clicks: { column: 'date', direction: 'ascending' },
};

function SortableTable<R>({ label, rows, columns, totals, sort, onSortChange, rowKey }: { label: string; rows: R[]; columns: TableColumn<R>[]; totals?: ReportTotals; sort: SortDescriptor; onSortChange: (sort: SortDescriptor) => void; rowKey: (r: R, i: number) => string | number }) {
  const shown = useMemo(() => sorted(rows, sort), [rows, sort]);
  return (
    <Scroll>
      <Table cardsBelow="tablet" aria-label={label} columns={columns} rows={shown} getRowKey={rowKey} sortDescriptor={sort} onSortChange={onSortChange} totals={totals as Partial<R> | undefined} totalsLabel="Totals" />
    </Scroll>
  );
}

/** Each type's table (spec 001 sections 2.1, 3, 4). */
function ReportTable({ type, range, loaded, page, filters, sort, onSortChange }: { type: ReportType; range: DayRange; loaded: Loaded<unknown>; page: number; filters: ReportFilters; sort?: SortDescriptor; onSortChange: (sort: SortDescriptor) => void }) {
  const navigate = useNavigate();
  const label = `${REPORT_LABELS[type]} report`;
  const sorting = { sort: sort ?? { column: 'earnings', direction: 'descending' as const }, onSortChange };
  const campaignColumn = <R extends EarningsRow>(): TableColumn<R> => ({
    key: 'name',
    header: 'Campaign',
    allowsSorting: true,
    isRowHeader: true,
    render: (r) => <Link href={paths.campaign(r.campaign_id)}>{r.name}</Link>,
  });

  switch (type) {
    case 'earnings': {
      const columns: TableColumn<EarningsRow>[] = [
        campaignColumn<EarningsRow>(),
        ...figureColumns<EarningsRow>(),
        {
          key: 'actions',
          header: <VisuallyHidden>Drill down</VisuallyHidden>,
          textValue: 'Drill down',
          render: (r) => (
            <MenuTrigger>
              <IconButton icon="more" aria-label={`Reports of ${r.name}`} size="sm" />
              <Menu
                onAction={(key) => navigate(reportUrl(key as ReportType, range, { oid: r.campaign_id }))}
                aria-label={`Reports of ${r.name}`}
              >
                <MenuItem id="creatives">Creatives</MenuItem>
                <MenuItem id="subid">SubID 1</MenuItem>
                <MenuItem id="landingPages">Landing Pages</MenuItem>
              </Menu>
            </MenuTrigger>
          ),
          renderTotal: () => '',
        },
      ];
      return <SortableTable label={label} rows={loaded.rows as EarningsRow[]} columns={columns} totals={loaded.totals} {...sorting} rowKey={(r) => r.campaign_id} />;
    }
    case 'creatives': {
      const columns: TableColumn<CreativeRow>[] = [
        { key: 'creative_name', header: 'Creative', allowsSorting: true, isRowHeader: true, render: (r) => <Link href={reportUrl('clicks', range, { oid: r.campaign_id, cid: r.creative_id })}>{r.creative_name}</Link> },
        ...figureColumns<CreativeRow>((r) => reportUrl('conversions', range, { oid: r.campaign_id, cid: r.creative_id })),
      ];
      return <SortableTable label={label} rows={loaded.rows as CreativeRow[]} columns={columns} totals={loaded.totals} {...sorting} rowKey={(r) => r.creative_id} />;
    }
    case 'subid': {
      const columns: TableColumn<SubIdRow>[] = [
        {
          key: 'subid1',
          header: 'Sub ID 1',
          allowsSorting: true,
          isRowHeader: true,
          render: (r) => <Link href={reportUrl('clicks', range, { oid: r.campaign_id, subid: r.subid1 || undefined })}>{r.subid1 || '(none)'}</Link>,
        },
        ...(filters.oid === undefined ? [campaignColumn<SubIdRow>()] : []),
        ...figureColumns<SubIdRow>((r) => reportUrl('conversions', range, { oid: r.campaign_id, subid: r.subid1 || undefined })),
      ];
      return <SortableTable label={label} rows={loaded.rows as SubIdRow[]} columns={columns} totals={loaded.totals} {...sorting} rowKey={(r) => `${r.campaign_id}:${r.subid1}`} />;
    }
    case 'landingPages': {
      const columns: TableColumn<LandingPageRow>[] = [
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
      ];
      return <SortableTable label={label} rows={loaded.rows as LandingPageRow[]} columns={columns} totals={loaded.totals} {...sorting} rowKey={(r) => r.landing_page_id} />;
    }
    case 'clicks': {
      const columns: TableColumn<ClicksRow>[] = [{ key: 'date', header: 'Date', allowsSorting: true, isRowHeader: true }, ...figureColumns<ClicksRow>()];
      return <SortableTable label={label} rows={loaded.rows as ClicksRow[]} columns={columns} totals={loaded.totals} {...sorting} rowKey={(r) => r.date} />;
    }
    case 'conversions':
    case 'reversals':
      return <PagedTable type={type} range={range} rows={loaded.rows as Array<ConversionRow | ReversalRow>} page={page} filters={filters} />;
    case 'referrals': {
      const columns: TableColumn<ReferralRow>[] = [
        { key: 'referral_date', header: 'Date', isRowHeader: true },
        { key: 'affiliates', header: 'Affiliates', numeric: true, render: (r) => count(r.affiliates) },
        { key: 'referral_income', header: 'Referral Income', numeric: true, render: (r) => money(r.referral_income) },
      ];
      return (
        <Scroll>
          <Table cardsBelow="tablet" aria-label={label} columns={columns} rows={loaded.rows as ReferralRow[]} getRowKey={(r) => r.referral_date} />
        </Scroll>
      );
    }
  }
}

const subIds = (r: ConversionRow | ReversalRow) =>
  [r.subid1, r.subid2, r.subid3, r.subid4, r.subid5].map((s, i) => (s ? `${i + 1}: ${s}` : '')).filter(Boolean).join(' · ');

/** Conversions and reversals: 50 a page, page buttons above and below (spec 001 sections 2.1, 9). */
function PagedTable({ type, range, rows, page, filters }: { type: 'conversions' | 'reversals'; range: DayRange; rows: Array<ConversionRow | ReversalRow>; page: number; filters: ReportFilters }) {
  const navigate = useNavigate();
  const totalPages = Math.max(1, Math.ceil(rows.length / REPORT_PAGE_SIZE));
  const current = Math.min(page, totalPages);
  const shown = rows.slice((current - 1) * REPORT_PAGE_SIZE, current * REPORT_PAGE_SIZE);
  const go = (p: number) => navigate(reportUrl(type, range, filters, p));
  const columns: TableColumn<ConversionRow | ReversalRow>[] =
    type === 'conversions'
      ? [
          { key: 'date', header: 'Date', isRowHeader: true, render: (r) => (r as ConversionRow).date },
          { key: 'name', header: 'Campaign', render: (r) => <Link href={paths.campaign(r.campaign_id)}>{r.name}</Link> },
          { key: 'status', header: 'Status' },
          { key: 'rate_type', header: 'CPA Type' },
          { key: 'sales', header: 'Sales', numeric: true, render: (r) => money(r.sales) },
          { key: 'earnings', header: 'Earnings', numeric: true, render: (r) => money(r.earnings) },
          { key: 'subids', header: 'Sub IDs', render: subIds },
          { key: 'ip_address', header: 'IP' },
          {
            key: 'location',
            header: 'Location',
            render: (r) => {
              const l = (r as ConversionRow).ip_location;
              return [l.city, l.region, l.country].filter(Boolean).join(', ');
            },
          },
          {
            key: 'device',
            header: 'Device',
            render: (r) => {
              const d = (r as ConversionRow).device;
              return [d.device, d.os, d.system].filter(Boolean).join(' · ');
            },
          },
        ]
      : [
          { key: 'reverse_date', header: 'Reversed', isRowHeader: true },
          { key: 'lead_date', header: 'Lead date' },
          { key: 'name', header: 'Campaign', render: (r) => <Link href={paths.campaign(r.campaign_id)}>{r.name}</Link> },
          { key: 'status', header: 'Status' },
          { key: 'rate_type', header: 'CPA Type' },
          { key: 'sales', header: 'Sales', numeric: true, render: (r) => money(r.sales) },
          { key: 'earnings', header: 'Earnings', numeric: true, render: (r) => money(r.earnings) },
          { key: 'subids', header: 'Sub IDs', render: subIds },
          { key: 'ip_address', header: 'IP' },
        ];
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

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]}px;
  min-width: 0;
`;
const Empty = styled(PageEmpty)`
  text-align: center;
`;
const Scroll = styled.div`
  overflow-x: auto;
  min-width: 0;
`;
const CsvRow = styled.div`
  display: flex;
  justify-content: flex-end;
`;
const BannerLine = styled.span`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]}px;
`;
const PageName = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  img {
    border-radius: ${({ theme }) => theme.radii.sm};
  }
`;
