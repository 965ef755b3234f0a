import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import type { DayRange } from '../../shared/dates';
import { paths } from '../../shared/paths';
import { apiDates } from '../../shared/reportDates';
import { Button } from '../../ui/Button';
import { Card, CardBody } from '../../ui/Card';
import { PageEmpty, PageLoading } from '../../ui/PageStack';
import { Link } from '../../ui/Link';
import { Spinner } from '../../ui/Spinner';
import { spreadRow } from '../../ui/Stack';
import { ErrorBanner, SystemMessage } from '../../ui/SystemMessage';
import type { SortDescriptor } from '../../ui/Table';
import { REPORT_LABELS, type ReportRows, type ReportType } from './reportTypes';
import { failureText, NO_STATS } from './reportErrors';
import { apiFilters, appliedFilters, reportUrl, type ReportFilters } from './reportUrl';
import type { ReportChart as ReportChartComponent } from './ReportChart';
import { ChartPlaceholder } from './chartFrame';
import { REPORTS } from './reportDefinitions';
import type { Loaded, ReportSpec } from './reportSpecs';
import { CsvButton } from './ReportCsvButton';
import { PagedTable, PlainTable, SortableTable, Stack } from './reportTables';

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

/** The report of the URL: its call, then the banners, the table and the CSV button. */
export function ReportBody({ type, range, filters: given, page }: { type: ReportType; range: DayRange; filters: ReportFilters; page: number }) {
  // What this report applies (reportUrl.ts): its call, its banners, its chart and its page links use these alone.
  const filters = appliedFilters(type, given);
  const spec = REPORTS[type];
  const chart = useReportChart(spec.chart === true);
  // The table's sort, here so that the CSV writes the rows in the order on screen.
  const [chosenSort, setChosenSort] = useState<{ type: ReportType; sort: SortDescriptor } | null>(null);
  const sort = chosenSort?.type === type ? chosenSort.sort : spec.table === 'sorted' ? spec.defaultSort : undefined;
  const onSortChange = (next: SortDescriptor) => setChosenSort({ type, sort: next });

  if (spec.needsCampaign && filters.oid === undefined) {
    return (
      <SystemMessage variant="info" isDismissable={false}>
        The {REPORT_LABELS[type]} report is for one campaign: open it from a campaign’s row in the <Link href={reportUrl('earnings', range, {})}>earnings report</Link>.
      </SystemMessage>
    );
  }
  // Keyed by the type: each type's call is its own hook, and only the active report's runs.
  return <ActiveReport key={type} type={type} range={range} filters={filters} page={page} chart={chart} sort={sort} onSortChange={onSortChange} />;
}

interface ActiveReportProps<T extends ReportType> {
  type: T;
  range: DayRange;
  filters: ReportFilters;
  page: number;
  chart: { Chart?: ChartComponent; waiting: boolean };
  sort?: SortDescriptor;
  onSortChange: (sort: SortDescriptor) => void;
}

function ActiveReport<T extends ReportType>({ type, range, filters, page, chart: { Chart, waiting: chartWaiting }, sort, onSortChange }: ActiveReportProps<T>) {
  const spec: ReportSpec<ReportRows[T]> = REPORTS[type];
  const navigate = useNavigate();
  const query = spec.useReport({ dates: apiDates(range), f: apiFilters(filters) });
  const error = failureText(query.error);
  const { loaded } = query;
  const withChart = spec.chart === true;

  const loading = (query.isFetching && !loaded) || (chartWaiting && loaded !== null && loaded.rows.length > 0);
  const table = (rows: ReportRows[T][]) => {
    const label = `${REPORT_LABELS[type]} report`;
    const columns = spec.columns({ range, filters, navigate });
    switch (spec.table) {
      case 'sorted':
        return <SortableTable label={label} rows={rows} columns={columns} totals={loaded?.totals} sort={sort ?? spec.defaultSort} onSortChange={onSortChange} rowKey={spec.rowKey} />;
      case 'paged':
        return <PagedTable type={type} range={range} rows={rows} columns={columns} page={page} filters={filters} />;
      case 'plain':
        return <PlainTable label={label} rows={rows} columns={columns} rowKey={spec.rowKey} />;
    }
  };
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
            <ErrorBanner>{error}</ErrorBanner>
          ) : !loaded ? null : loaded.rows.length === 0 ? (
            <Empty>{NO_STATS}</Empty>
          ) : (
            <Stack>
              <CsvButton type={type} range={range} rows={loaded.rows} sort={sort} totals={loaded.totals} />
              {table(loaded.rows)}
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

const Empty = styled(PageEmpty)`
  text-align: center;
`;
const BannerLine = styled.span`
  ${spreadRow(2)}
`;
