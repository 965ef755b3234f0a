import type { ClicksRow, ConversionRow, CreativeRow, EarningsRow, LandingPageRow, ReferralRow, ReversalRow, SubIdRow } from '../../api/contract/reports';
import { REPORT_TYPES, type ReportType } from '../../shared/paths';

/** The report types (spec 001 section 2.1) as the screen names them. */
export { REPORT_TYPES, type ReportType };

/** Each type's rows, as the API answers them. */
export interface ReportRows {
  earnings: EarningsRow;
  creatives: CreativeRow;
  subid: SubIdRow;
  landingPages: LandingPageRow;
  clicks: ClicksRow;
  conversions: ConversionRow;
  reversals: ReversalRow;
  referrals: ReferralRow;
}

export const REPORT_LABELS: Record<ReportType, string> = {
  earnings: 'Earnings',
  conversions: 'Conversions',
  subid: 'SubID 1',
  reversals: 'Reversals',
  referrals: 'Referrals',
  clicks: 'Clicks',
  creatives: 'Creatives',
  landingPages: 'Landing Pages',
};

/** Spec 001 section 8: an unknown type when building the CSV. */
export const INVALID_REPORT_TYPE = 'Invalid report type';

export function isReportType(type: string): type is ReportType {
  return (REPORT_TYPES as readonly string[]).includes(type);
}

/**
 * The file name: the report type and its days ('earnings-report-2026-11-01-to-2026-11-30.csv'); the
 * referrals report has no dates (it covers every month), so its file is 'referrals-report.csv'.
 */
export function reportCsvName(type: ReportType, range: { start: string; end: string }): string {
  if (type === 'referrals') return 'referrals-report.csv';
  return `${type}-report-${range.start}-to-${range.end}.csv`;
}
