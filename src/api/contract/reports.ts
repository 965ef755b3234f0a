import { z } from 'zod';
import { IdParam, SafeText } from './common';
import { endpoint } from './endpoint';
import { successEnvelope } from './envelope';

/**
 * The reports (spec 001 sections 2.1, 3, 4, 5, 7, 8; docs/reports.md).
 *
 * Dates: `startDate` is the first day, `endDate` the day AFTER the last one ("sent as the next day
 * at 00:00:00", spec 001 section 7): `YYYY-MM-DD`, or `YYYY-MM-DD 00:00:00` as the spec writes it.
 * Days are the affiliate's own: midnight in the time zone of their profile (the spec's list of
 * fixed UTC offsets), answered in `time_zone`. A range is at most two years.
 *
 * Figures: `conversion` is the conversion rate in percent (leads / clicks × 100) and `epc` the
 * earnings per click, both 0 without clicks, rounded in one place (server/modules/reports/figures.ts).
 */

const DAY = /^\d{4}-\d{2}-\d{2}( 00:00:00)?$/;
export const ReportDay = SafeText().regex(DAY, 'Dates must be written as YYYY-MM-DD.');

/** An optional id filter: absent or '' is no filter. */
const OptionalId = z.preprocess((v) => (v === '' ? undefined : v), IdParam.optional());

/** A creative filter: a creative's id, or a built-in one of the link builder (0 none, -1 raw, -2 search, -3 contextual). */
const OptionalCreativeId = z.preprocess(
  (v) => (v === '' ? undefined : v),
  SafeText()
    .regex(/^-?\d{1,10}$/, 'must be a whole number')
    .transform(Number)
    .optional(),
);

export const DateRangeQuery = z.object({
  startDate: ReportDay,
  endDate: ReportDay,
});

export const FilterQuery = DateRangeQuery.extend({
  oid: OptionalId,
  cid: OptionalCreativeId,
  lpid: OptionalId,
  subid: SafeText().max(500, 'The Sub ID can be at most 500 characters.').optional(),
});

/** A drill-down of one campaign: the campaign id is required. */
export const CampaignRangeQuery = DateRangeQuery.extend({
  oid: IdParam,
});

/** Conversions and reversals come whole (`page=all`); the portal pages them by 50. */
export const PagedQuery = FilterQuery.extend({
  page: z.union([z.literal('all'), z.string().regex(/^\d{1,6}$/, 'page must be all or a page number')]).optional(),
});

export const REPORT_PAGE_SIZE = 50;

const Figures = {
  clicks: z.number().int(),
  leads: z.number().int(),
  /** Conversion rate, percent. */
  conversion: z.number(),
  sales: z.number(),
  earnings: z.number(),
  epc: z.number(),
};
export const ReportTotals = z.object(Figures);
export type ReportTotals = z.infer<typeof ReportTotals>;

export const EarningsRow = z.object({ campaign_id: z.number().int(), name: z.string(), ...Figures });
export type EarningsRow = z.infer<typeof EarningsRow>;
export const CreativeRow = EarningsRow.extend({ creative_id: z.number().int(), creative_name: z.string() });
export type CreativeRow = z.infer<typeof CreativeRow>;
export const SubIdRow = EarningsRow.extend({ subid1: z.string() });
export type SubIdRow = z.infer<typeof SubIdRow>;
export const LandingPageRow = EarningsRow.extend({ landing_page_id: z.number().int(), landing_page: z.string(), thumbnail: z.string() });
export type LandingPageRow = z.infer<typeof LandingPageRow>;
export const ClicksRow = z.object({ date: z.string(), ...Figures });
export type ClicksRow = z.infer<typeof ClicksRow>;

/** The named things a filter or drill-down refers to, for its banner; null when not filtered by it. */
export const NamedCampaign = z.object({ campaign_id: z.number().int(), name: z.string() }).nullable();
export const NamedCreative = z.object({ creative_id: z.number().int(), name: z.string() }).nullable();
export const NamedLandingPage = z.object({ landing_page_id: z.number().int(), name: z.string() }).nullable();

/** The zone the days were cut in: the profile's, as a fixed offset. */
export const ReportZone = z.object({ offset_minutes: z.number().int(), label: z.string() });

const rangeFields = { time_zone: ReportZone, start_date: z.string(), end_date: z.string() };

export const EarningsResponse = successEnvelope({ report: z.array(EarningsRow), totals: ReportTotals, ...rangeFields });
export const CreativesResponse = successEnvelope({ report: z.array(CreativeRow), totals: ReportTotals, campaign: NamedCampaign, ...rangeFields });
export const SubIdResponse = successEnvelope({ report: z.array(SubIdRow), totals: ReportTotals, campaign: NamedCampaign, ...rangeFields });
export const LandingPagesResponse = successEnvelope({ report: z.array(LandingPageRow), totals: ReportTotals, campaign: NamedCampaign, ...rangeFields });
export const ClicksResponse = successEnvelope({
  report: z.array(ClicksRow),
  totals: ReportTotals,
  campaign: NamedCampaign,
  landingPage: NamedLandingPage,
  creative: NamedCreative,
  subId: z.string().nullable(),
  ...rangeFields,
});

/** Sub IDs 1 to 5 of the click, as the affiliate set them on the link. */
const SubIdFields = { subid1: z.string(), subid2: z.string(), subid3: z.string(), subid4: z.string(), subid5: z.string() };

export const ConversionRow = z.object({
  key_id: z.string(),
  /** When it converted, in the affiliate's zone: 'YYYY-MM-DD HH:mm:ss'. */
  date: z.string(),
  campaign_id: z.number().int(),
  name: z.string(),
  /** 'Approved', 'Pending', 'Reversed', 'Rejected' or 'Over cap' (recorded over a daily cap: earns nothing). */
  status: z.string(),
  /** The advertiser's reason when the conversion was reversed; '' otherwise. */
  reversal_reason: z.string(),
  /** CPA type: '$ per lead' or '% of sale'. */
  rate_type: z.string(),
  sales: z.number(),
  earnings: z.number(),
  ...SubIdFields,
  ip_address: z.string(),
  ip_location: z.object({ country: z.string(), region: z.string(), city: z.string() }),
  device: z.object({ system: z.string(), device: z.string(), os: z.string() }),
});
export type ConversionRow = z.infer<typeof ConversionRow>;
export const ConversionsResponse = successEnvelope({
  total_pages: z.number().int(),
  report: z.array(ConversionRow),
  campaign: NamedCampaign,
  creative: NamedCreative,
  landing_page: NamedLandingPage,
  subId: z.string().nullable(),
  ...rangeFields,
});

export const ReversalRow = z.object({
  reverse_date: z.string(),
  lead_date: z.string(),
  status: z.string(),
  campaign_id: z.number().int(),
  name: z.string(),
  rate_type: z.string(),
  /** The advertiser's reason for the reversal ('' when none was given). */
  reason: z.string(),
  /** The sale and the earnings taken back (negative). */
  sales: z.number(),
  earnings: z.number(),
  ...SubIdFields,
  ip_address: z.string(),
});
export type ReversalRow = z.infer<typeof ReversalRow>;
export const ReversalsResponse = successEnvelope({ total_pages: z.number().int(), report: z.array(ReversalRow), ...rangeFields });

/** One bucket of the reports' chart: an hour of the affiliate's day, or a day. */
export const SeriesPoint = z.object({
  /** 'YYYY-MM-DD' (days) or 'YYYY-MM-DD HH:mm' (hours), the bucket's start in the affiliate's zone. */
  start: z.string(),
  clicks: z.number().int(),
  leads: z.number().int(),
  earnings: z.number(),
});
export type SeriesPoint = z.infer<typeof SeriesPoint>;
/** Every bucket of the range in order, those without figures as zeros. A range of one day comes by hour. */
export const SeriesResponse = successEnvelope({ interval: z.enum(['hour', 'day']), points: z.array(SeriesPoint), ...rangeFields });

export const ReferralRow = z.object({ referral_date: z.string(), affiliates: z.number().int(), referral_income: z.number() });
export type ReferralRow = z.infer<typeof ReferralRow>;
export const ReferralsResponse = successEnvelope({ report: z.array(ReferralRow) });

const tags = ['reports'];
const errors = [400] as const;

export const reportEndpoints = {
  earningsReport: endpoint({
    method: 'GET',
    path: '/reports/earnings',
    access: 'session',
    tags,
    summary: 'Earnings by campaign over a range of the affiliate’s days (spec 001 sections 3, 7), with totals',
    query: DateRangeQuery,
    response: EarningsResponse,
    errors: [...errors],
  }),
  creativesReport: endpoint({
    method: 'GET',
    path: '/reports/creatives',
    access: 'session',
    tags,
    summary: 'One campaign’s figures by creative',
    query: CampaignRangeQuery,
    response: CreativesResponse,
    errors: [...errors],
  }),
  subIdReport: endpoint({
    method: 'GET',
    path: '/reports/subid',
    access: 'session',
    tags,
    summary: 'Figures by Sub ID 1, for one campaign (oid) or every campaign',
    query: DateRangeQuery.extend({ oid: FilterQuery.shape.oid }),
    response: SubIdResponse,
    errors: [...errors],
  }),
  landingPagesReport: endpoint({
    method: 'GET',
    path: '/reports/landingPages',
    access: 'session',
    tags,
    summary: 'One campaign’s figures by landing page',
    query: CampaignRangeQuery,
    response: LandingPagesResponse,
    errors: [...errors],
  }),
  clicksReport: endpoint({
    method: 'GET',
    path: '/reports/clicks',
    access: 'session',
    tags,
    summary: 'Figures by day, filtered by campaign, creative, landing page or Sub ID 1',
    query: FilterQuery,
    response: ClicksResponse,
    errors: [...errors],
  }),
  conversionsReport: endpoint({
    method: 'GET',
    path: '/reports/conversions',
    access: 'session',
    tags,
    summary: 'Every conversion of the range (page=all), newest first, with IP, location and device',
    query: PagedQuery,
    response: ConversionsResponse,
    errors: [...errors],
  }),
  reversalsReport: endpoint({
    method: 'GET',
    path: '/reports/reversals',
    access: 'session',
    tags,
    summary: 'Every reversal of the range (page=all), newest first',
    query: PagedQuery,
    response: ReversalsResponse,
    errors: [...errors],
  }),
  reportSeries: endpoint({
    method: 'GET',
    path: '/reports/series',
    access: 'session',
    tags,
    summary: 'Clicks, conversions and earnings per day of the range (per hour for a single day), for the chart above the earnings and clicks reports',
    query: FilterQuery,
    response: SeriesResponse,
    errors: [...errors],
  }),
  referralsReport: endpoint({
    method: 'GET',
    path: '/reports/referrals',
    access: 'session',
    tags,
    summary: 'Referral income by month of the referred publishers’ earnings',
    response: ReferralsResponse,
  }),
};
