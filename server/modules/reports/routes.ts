import { getTimezoneOffset } from 'date-fns-tz';
import type { ReplyOf } from '../../../src/api/contract/endpoint';
import { REPORT_PAGE_SIZE, reportEndpoints, type ReversalRow, type SeriesPoint } from '../../../src/api/contract/reports';
import { addDaysTo } from '../../../src/shared/dates';
import { RATE_TYPE_LABELS } from '../../../src/shared/rateText';
import { badRequest } from '../../lib/errors';
import { route } from '../../lib/route';
import { cdnUrls } from '../images/cdn';
import { conversionReportRows, statusLabel } from './conversionRows';
import { figures, totalsOf } from './figures';
import { campaignInReports, campaignNames, creativeOfCampaign, landingPageOfCampaign, namesOf, referralIncome, reversalRows } from './lookups';
import { aggregate, type AggregateRow, type Filters, type GroupBy } from './queries';
import { affiliateZone, reportRange, zoneLabel, type ReportRange, type ReportZone } from './range';
import type { RouteModule, RoutePlugin } from '../../lib/routeModules';

const formatters = new Map<string, Intl.DateTimeFormat>();
function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Names of the built-in creatives of the link builder (R, S, C) and of clicks without a creative. */
const BUILT_IN_CREATIVES: Record<number, string> = { 0: 'No creative', [-1]: 'Raw link', [-2]: 'Search', [-3]: 'Contextual' };

/**
 * The eight reports of spec 001 section 7 (docs/reports.md). Every figure comes from the
 * tracking engine's own events: the aggregates from the rollups it keeps in the same statements as
 * the events (so a click shows at once), conversions and reversals from their tables through the
 * (affiliate, time) indexes. Filters must name the affiliate's own campaign, and a creative or
 * landing page of it; anything else is a 400.
 */
/**
 * `engine`: the database's (pglite, postgres). The conversions report reads its rows as one text on
 * the embedded database only (conversionRows.ts).
 */
export const reportRoutes: RoutePlugin = async (app, { ctx, creativeBaseUrl, engine }) => {
  const cdn = cdnUrls(creativeBaseUrl);

  async function rangeFor(affiliateId: number, q: { startDate: string; endDate: string }): Promise<ReportRange> {
    return reportRange(q.startDate, q.endDate, await affiliateZone(ctx.db, affiliateId, ctx.reportTimeZone), ctx.reportTimeZone);
  }

  const rangeFields = (r: ReportRange) => ({
    time_zone: { offset_minutes: r.zone.kind === 'offset' ? r.zone.minutes : Math.round(getTimezoneOffset(r.zone.name, r.from) / 60_000), label: zoneLabel(r.zone) },
    start_date: r.start,
    end_date: r.end,
  });

  /** The campaign of a filter: it exists, and the affiliate has access to it or figures on it. */
  async function campaignOf(affiliateId: number, id: number | undefined) {
    if (id === undefined) return null;
    const row = await campaignInReports(ctx.db, affiliateId, id);
    if (!row) throw badRequest('There is no campaign with this id in your reports.');
    return row;
  }

  async function filtersFor(affiliateId: number, q: { oid?: number; cid?: number; lpid?: number; subid?: string }) {
    if ((q.cid !== undefined || q.lpid !== undefined) && q.oid === undefined) throw badRequest('Choose the campaign (oid) of the creative or landing page.');
    const campaign = await campaignOf(affiliateId, q.oid);
    let creative: { creative_id: number; name: string } | null = null;
    let landingPage: { landing_page_id: number; name: string } | null = null;
    if (q.cid !== undefined && q.cid <= 0) {
      if (!(q.cid in BUILT_IN_CREATIVES)) throw badRequest('This creative is not one of the campaign’s.');
      creative = { creative_id: q.cid, name: BUILT_IN_CREATIVES[q.cid] };
    } else if (q.cid !== undefined) {
      const row = await creativeOfCampaign(ctx.db, q.oid!, q.cid);
      if (!row) throw badRequest('This creative is not one of the campaign’s.');
      creative = { creative_id: row.id, name: row.name };
    }
    if (q.lpid !== undefined) {
      const row = await landingPageOfCampaign(ctx.db, q.oid!, q.lpid);
      if (!row) throw badRequest('This landing page is not one of the campaign’s.');
      landingPage = { landing_page_id: row.id, name: row.name };
    }
    const filters: Filters = { campaignId: campaign?.id, creativeId: creative?.creative_id, landingPageId: landingPage?.landing_page_id, sub1: q.subid || undefined };
    return { filters, campaign, creative, landingPage, named: campaign ? { campaign_id: campaign.id, name: campaign.name } : null };
  }

  const byEarnings = <T extends { earnings: number; campaign_id: number }>(a: T, b: T) => b.earnings - a.earnings || a.campaign_id - b.campaign_id;

  async function grouped(affiliateId: number, range: ReportRange, groupBy: GroupBy, filters: Filters) {
    const rows = await aggregate(ctx.db, affiliateId, range, groupBy, filters);
    const names = await campaignNames(ctx.db, rows.map((r) => r.campaign_id));
    return { rows, names, totals: totalsOf(rows) };
  }

  const base = (r: AggregateRow, names: Map<number, { name: string }>) => ({ campaign_id: r.campaign_id, name: names.get(r.campaign_id)?.name ?? `#${r.campaign_id}`, ...figures(r) });

  route(app, reportEndpoints.earningsReport, async (request) => {
    const { affiliateId } = request.auth;
    const range = await rangeFor(affiliateId, request.query);
    const { rows, names, totals } = await grouped(affiliateId, range, 'campaign', {});
    return { success: true as const, report: rows.map((r) => base(r, names)).sort(byEarnings), totals, ...rangeFields(range) };
  });

  route(app, reportEndpoints.creativesReport, async (request) => {
    const { affiliateId } = request.auth;
    const range = await rangeFor(affiliateId, request.query);
    const { filters, named } = await filtersFor(affiliateId, { oid: request.query.oid });
    const { rows, names, totals } = await grouped(affiliateId, range, 'creative', filters);
    const creativeIds = rows.map((r) => r.creative_id).filter((id) => id > 0);
    const creativeName = await namesOf(ctx.db, 'creatives', creativeIds);
    const report = rows
      .map((r) => ({ ...base(r, names), creative_id: r.creative_id, creative_name: creativeName.get(r.creative_id) ?? BUILT_IN_CREATIVES[r.creative_id] ?? `#${r.creative_id}` }))
      .sort(byEarnings);
    return { success: true as const, report, totals, campaign: named, ...rangeFields(range) };
  });

  route(app, reportEndpoints.subIdReport, async (request) => {
    const { affiliateId } = request.auth;
    const range = await rangeFor(affiliateId, request.query);
    const { filters, named } = await filtersFor(affiliateId, { oid: request.query.oid });
    const { rows, names, totals } = await grouped(affiliateId, range, 'sub1', filters);
    const report = rows.map((r) => ({ ...base(r, names), subid1: r.sub1 })).sort(byEarnings);
    return { success: true as const, report, totals, campaign: named, ...rangeFields(range) };
  });

  route(app, reportEndpoints.landingPagesReport, async (request) => {
    const { affiliateId } = request.auth;
    const range = await rangeFor(affiliateId, request.query);
    const { filters, named, campaign } = await filtersFor(affiliateId, { oid: request.query.oid });
    const { rows, names, totals } = await grouped(affiliateId, range, 'landingPage', filters);
    const pageIds = rows.map((r) => r.landing_page_id).filter((id) => id > 0);
    const pageName = await namesOf(ctx.db, 'landing_pages', pageIds);
    const report = rows
      .map((r) => ({
        ...base(r, names),
        landing_page_id: r.landing_page_id,
        landing_page: pageName.get(r.landing_page_id) ?? (r.landing_page_id === 0 ? 'Default landing page' : `#${r.landing_page_id}`),
        thumbnail: r.landing_page_id > 0 && campaign ? cdn.landingPage(campaign.advertiser_id, campaign.id, r.landing_page_id, 'thumb') : '',
      }))
      .sort(byEarnings);
    return { success: true as const, report, totals, campaign: named, ...rangeFields(range) };
  });

  route(app, reportEndpoints.clicksReport, async (request) => {
    const { affiliateId } = request.auth;
    const range = await rangeFor(affiliateId, request.query);
    const f = await filtersFor(affiliateId, request.query);
    const rows = await aggregate(ctx.db, affiliateId, range, 'day', f.filters);
    const report = rows.map((r) => ({ date: r.day, ...figures(r) })).sort((a, b) => a.date.localeCompare(b.date));
    return {
      success: true as const,
      report,
      totals: totalsOf(rows),
      campaign: f.named,
      landingPage: f.landingPage,
      creative: f.creative,
      subId: f.filters.sub1 ?? null,
      ...rangeFields(range),
    };
  });

  /** A time of the affiliate's zone, 'YYYY-MM-DD HH:mm:ss'. */
  const localTime = (instant: Date | string, zone: ReportZone) => {
    const d = new Date(instant);
    if (zone.kind === 'iana') {
      // One formatter per zone (making one per row costs more than the rest of a row's work).
      const parts = Object.fromEntries(zoneFormatter(zone.name).formatToParts(d).map((p) => [p.type, p.value]));
      return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
    }
    return new Date(d.getTime() + zone.minutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');
  };

  /** Conversions come whole, written as one JSON text (conversionRows.ts). */
  route(app, reportEndpoints.conversionsReport, async (request, reply) => {
    const { affiliateId } = request.auth;
    const range = await rangeFor(affiliateId, request.query);
    const f = await filtersFor(affiliateId, request.query);
    const report = await conversionReportRows(ctx.db, engine, affiliateId, range, f.filters);
    const answer: ReplyOf<typeof reportEndpoints.conversionsReport> = {
      success: true,
      total_pages: Math.ceil(report.length / REPORT_PAGE_SIZE),
      report,
      campaign: f.named,
      creative: f.creative,
      landing_page: f.landingPage,
      subId: f.filters.sub1 ?? null,
      ...rangeFields(range),
    };
    const body = JSON.stringify(answer);
    // Sent as written (the route's schema serializer would parse and write every row again).
    return reply.type('application/json; charset=utf-8').send(body);
  });

  route(app, reportEndpoints.reversalsReport, async (request) => {
    const { affiliateId } = request.auth;
    const range = await rangeFor(affiliateId, request.query);
    const f = await filtersFor(affiliateId, request.query);
    const rows = await reversalRows(ctx.db, affiliateId, range, f.filters.campaignId);
    const report: ReversalRow[] = rows.map((r) => ({
      reverse_date: localTime(r.reversed_at, range.zone),
      lead_date: localTime(r.converted_at, range.zone),
      status: statusLabel(r.status),
      campaign_id: r.campaign_id,
      name: r.name,
      rate_type: RATE_TYPE_LABELS[r.rate_type],
      reason: r.reason,
      sales: -Math.round(Number(r.sale_amount) * 100) / 100,
      earnings: -Math.round(Number(r.amount) * 100) / 100,
      subid1: r.sub1,
      subid2: r.sub2,
      subid3: r.sub3,
      subid4: r.sub4,
      subid5: r.sub5,
      ip_address: r.ip,
    }));
    return { success: true as const, total_pages: Math.ceil(report.length / REPORT_PAGE_SIZE), report, ...rangeFields(range) };
  });

  route(app, reportEndpoints.reportSeries, async (request) => {
    const { affiliateId } = request.auth;
    const range = await rangeFor(affiliateId, request.query);
    const f = await filtersFor(affiliateId, request.query);
    const interval = addDaysTo(range.start, 1) === range.end ? ('hour' as const) : ('day' as const);
    const rows = await aggregate(ctx.db, affiliateId, range, interval, f.filters);
    const figuresOf = (r: AggregateRow | undefined) => ({ clicks: r?.clicks ?? 0, leads: r?.leads ?? 0, earnings: Math.round((r?.earnings ?? 0) * 100) / 100 });
    const points: SeriesPoint[] = [];
    if (interval === 'hour') {
      const byHour = new Map(rows.map((r) => [r.hour, r]));
      const hours = Math.round((range.to.getTime() - range.from.getTime()) / 3_600_000);
      for (let h = 0; h < hours; h++) points.push({ start: localTime(new Date(range.from.getTime() + h * 3_600_000), range.zone).slice(0, 16), ...figuresOf(byHour.get(h)) });
    } else {
      const byDay = new Map(rows.map((r) => [r.day, r]));
      for (let day = range.start; day < range.end; day = addDaysTo(day, 1)) points.push({ start: day, ...figuresOf(byDay.get(day)) });
    }
    return { success: true as const, interval, points, ...rangeFields(range) };
  });

  route(app, reportEndpoints.referralsReport, async (request) => {
    const rows = await referralIncome(ctx.db, request.auth.affiliateId);
    return {
      success: true as const,
      report: rows.map((r) => ({ referral_date: r.day, affiliates: Number(r.affiliates), referral_income: Math.round(Number(r.income) * 100) / 100 })),
    };
  });
};

/** Registered by server/lib/routeModules.ts. */
export const routeModule: RouteModule = { api: [reportRoutes] };
