import type { DayRange } from '../../shared/dates';
import { paths, type ReportType } from '../../shared/paths';

/** The filters of a report: campaign, creative, landing page, Sub ID 1 (spec 001 section 2.1). */
export interface ReportFilters {
  oid?: number;
  cid?: number;
  lpid?: number;
  subid?: string;
}

/** The filters of a report URL (spec 001 section 2.1). */
export function filtersFrom(params: URLSearchParams): ReportFilters {
  const id = (name: string) => {
    const v = params.get(name);
    return v !== null && /^-?\d{1,10}$/.test(v) ? Number(v) : undefined;
  };
  const subid = params.get('subid');
  return { oid: id('oid'), cid: id('cid'), lpid: id('lpid'), subid: subid === null || subid === '' ? undefined : subid };
}

/**
 * The filters each report applies: the parameters of its call (spec 001 section 7; the reversals' oid
 * is ours, docs/reports.md). A filter a report does not apply is neither in its URL nor in its
 * banners: the earnings of every campaign under a "Campaign: ..." banner would say what is not so.
 */
const APPLIED: Record<ReportType, ReadonlyArray<keyof ReportFilters>> = {
  earnings: [],
  creatives: ['oid'],
  subid: ['oid'],
  landingPages: ['oid'],
  clicks: ['oid', 'cid', 'lpid', 'subid'],
  conversions: ['oid', 'cid', 'lpid', 'subid'],
  reversals: ['oid'],
  referrals: [],
};

/** Of `filters`, those the report of `type` applies. */
export function appliedFilters(type: ReportType, filters: ReportFilters): ReportFilters {
  const out: ReportFilters = {};
  for (const key of APPLIED[type]) if (filters[key] !== undefined) Object.assign(out, { [key]: filters[key] });
  return out;
}

/** The filters as a report call's query parameters (ids as text; absent ones stay absent). */
export function apiFilters(filters: ReportFilters): { oid?: string; cid?: string; lpid?: string; subid?: string } {
  const text = (n: number | undefined) => (n === undefined ? undefined : String(n));
  return { oid: text(filters.oid), cid: text(filters.cid), lpid: text(filters.lpid), subid: filters.subid };
}

/** The URL of a report: its type, its shown days (both included) and its filters. */
export function reportUrl(type: ReportType, range: DayRange | null, filters: ReportFilters, page?: number) {
  return paths.reports(type, {
    startDate: range?.start,
    endDate: range?.end,
    oid: filters.oid,
    cid: filters.cid,
    lpid: filters.lpid,
    subid: filters.subid,
    page: page && page > 1 ? page : undefined,
  });
}

