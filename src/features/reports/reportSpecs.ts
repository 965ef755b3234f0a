import type { Key } from 'react';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { NavigateFunction } from 'react-router-dom';
import type { ReportTotals } from '../../api/contract/reports';
import type { DayRange } from '../../shared/dates';
import type { SortDescriptor, TableColumn } from '../../ui/Table';
import type { apiFilters, ReportFilters } from './reportUrl';

/** A report as the screen shows it: its rows, its Totals and the names its banners show. */
export interface Loaded<R> {
  rows: R[];
  totals?: Partial<R> & ReportTotals;
  campaign?: { campaign_id: number; name: string } | null;
  creative?: { creative_id: number; name: string } | null;
  landingPage?: { landing_page_id: number; name: string } | null;
}

type QueryError = FetchBaseQueryError | SerializedError | undefined;

/** The report's call as the screen reads it. */
export interface ReportQuery<R> {
  loaded: Loaded<R> | null;
  error: QueryError;
  isFetching: boolean;
}

/** What a report's call is made of: the API's days and the applied filters. */
export interface ReportArgs {
  dates: { startDate: string; endDate: string };
  f: ReturnType<typeof apiFilters>;
}

/** What a report's columns depend on. */
export interface ColumnContext {
  range: DayRange;
  filters: ReportFilters;
  navigate: NavigateFunction;
}

interface ReportSpecBase<R> {
  /** The report's call (a hook: the screen mounts the active report's alone). */
  useReport: (args: ReportArgs) => ReportQuery<R>;
  columns: (context: ColumnContext) => TableColumn<R>[];
  /** The daily chart above the table (earnings, clicks). */
  chart?: boolean;
  /** The report is for one campaign: without a campaign filter it is not asked for. */
  needsCampaign?: boolean;
}

/**
 * One report type: its call and its table. 'sorted' tables sort on the screen and show a Totals row;
 * 'paged' ones show 50 rows a page (conversions, reversals); 'plain' ones show the rows as served.
 */
export type ReportSpec<R> = ReportSpecBase<R> &
  (
    | { table: 'sorted'; rowKey: (row: R) => Key; /** The order before the affiliate sorts. */ defaultSort: SortDescriptor }
    | { table: 'paged' }
    | { table: 'plain'; rowKey: (row: R) => Key }
  );

type ReportData<R> = {
  report: R[];
  totals?: Partial<NoInfer<R>> & ReportTotals;
  campaign?: Loaded<R>['campaign'];
  creative?: Loaded<R>['creative'];
  landingPage?: Loaded<R>['landingPage'];
  landing_page?: Loaded<R>['landingPage'];
};

/** An RTK Query result as the screen reads a report (the conversions report names its landing page `landing_page`). */
export function asReport<R>({ data, error, isFetching }: { data?: ReportData<R>; error?: QueryError; isFetching: boolean }): ReportQuery<R> {
  const loaded = data
    ? { rows: data.report, totals: data.totals, campaign: data.campaign ?? null, creative: data.creative ?? null, landingPage: data.landingPage ?? data.landing_page ?? null }
    : null;
  return { loaded, error, isFetching };
}
