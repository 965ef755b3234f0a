import { getTimezoneOffset } from 'date-fns-tz';
import { sql } from 'kysely';
import type { ReplyOf } from '../../../src/api/contract/endpoint';
import { REPORT_PAGE_SIZE, reportEndpoints, type ConversionRow, type ReversalRow, type SeriesPoint } from '../../../src/api/contract/reports';
import { addDaysTo } from '../../../src/shared/dates';
import { RATE_TYPE_LABELS } from '../../../src/shared/rateText';
import { badRequest } from '../../lib/errors';
import { route } from '../../lib/route';
import { cdnUrls } from '../images/cdn';
import { figures, totalsOf } from './figures';
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

const statusLabel = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The conversions report's row text: its fields joined by the unit separator (see the route). */
const UNIT = '\u001f';
/** …and the rows of the whole answer by the record separator. */
const RECORD = '\u001e';
const CONVERSION_FIELDS = 19;
/**
 * A ConversionRow from its 19 fields as text (id, local time, campaign, status, rate type, sales,
 * payout, five sub IDs, IP, country, region, city, browser, device, OS) and the campaigns' names.
 */
function conversionRow(v: string[], names: ReadonlyMap<number, string>): ConversionRow {
  const campaignId = Number(v[2]);
  return {
    key_id: v[0],
    date: v[1],
    campaign_id: campaignId,
    name: names.get(campaignId) ?? '',
    status: statusLabel(v[3]),
    rate_type: RATE_TYPE_LABELS[v[4] as keyof typeof RATE_TYPE_LABELS],
    sales: Number(v[5]),
    earnings: Number(v[6]),
    subid1: v[7],
    subid2: v[8],
    subid3: v[9],
    subid4: v[10],
    subid5: v[11],
    ip_address: v[12],
    ip_location: { country: v[13], region: v[14], city: v[15] },
    device: { system: v[16], device: v[17], os: v[18] },
  };
}

/**
 * The eight reports of spec 001 section 7 (issue 16; docs/reports.md). Every figure comes from the
 * tracking engine's own events: the aggregates from the rollups it keeps in the same statements as
 * the events (so a click shows at once), conversions and reversals from their tables through the
 * (affiliate, time) indexes. Filters must name the affiliate's own campaign, and a creative or
 * landing page of it; anything else is a 400.
 */
/**
 * `engine`: the database's (pglite, postgres). The conversions report reads its rows as one text on
 * the embedded database only (see the route).
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
    const row = await ctx.db
      .selectFrom('campaigns as c')
      .select(['c.id', 'c.name', 'c.advertiser_id'])
      .where('c.id', '=', id)
      .where((eb) =>
        eb.or([
          eb.exists(eb.selectFrom('campaign_access as a').select('a.campaign_id').whereRef('a.campaign_id', '=', 'c.id').where('a.affiliate_id', '=', affiliateId)),
          eb.exists(eb.selectFrom('stats_daily as d').select('d.campaign_id').whereRef('d.campaign_id', '=', 'c.id').where('d.affiliate_id', '=', affiliateId)),
        ]),
      )
      .executeTakeFirst();
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
      const row = await ctx.db.selectFrom('creatives').select(['id', 'name']).where('id', '=', q.cid).where('campaign_id', '=', q.oid!).executeTakeFirst();
      if (!row) throw badRequest('This creative is not one of the campaign’s.');
      creative = { creative_id: row.id, name: row.name };
    }
    if (q.lpid !== undefined) {
      const row = await ctx.db.selectFrom('landing_pages').select(['id', 'name']).where('id', '=', q.lpid).where('campaign_id', '=', q.oid!).executeTakeFirst();
      if (!row) throw badRequest('This landing page is not one of the campaign’s.');
      landingPage = { landing_page_id: row.id, name: row.name };
    }
    const filters: Filters = { campaignId: campaign?.id, creativeId: creative?.creative_id, landingPageId: landingPage?.landing_page_id, sub1: q.subid || undefined };
    return { filters, campaign, creative, landingPage, named: campaign ? { campaign_id: campaign.id, name: campaign.name } : null };
  }

  async function campaignNames(ids: number[]) {
    if (ids.length === 0) return new Map<number, { name: string; advertiser_id: number }>();
    const rows = await ctx.db.selectFrom('campaigns').select(['id', 'name', 'advertiser_id']).where('id', 'in', [...new Set(ids)]).execute();
    return new Map(rows.map((r) => [r.id, { name: r.name, advertiser_id: r.advertiser_id }]));
  }

  const byEarnings = <T extends { earnings: number; campaign_id: number }>(a: T, b: T) => b.earnings - a.earnings || a.campaign_id - b.campaign_id;

  async function grouped(affiliateId: number, range: ReportRange, groupBy: GroupBy, filters: Filters) {
    const rows = await aggregate(ctx.db, affiliateId, range, groupBy, filters);
    const names = await campaignNames(rows.map((r) => r.campaign_id));
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
    const creatives = creativeIds.length ? await ctx.db.selectFrom('creatives').select(['id', 'name']).where('id', 'in', creativeIds).execute() : [];
    const creativeName = new Map(creatives.map((c) => [c.id, c.name]));
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
    const pages = pageIds.length ? await ctx.db.selectFrom('landing_pages').select(['id', 'name']).where('id', 'in', pageIds).execute() : [];
    const pageName = new Map(pages.map((p) => [p.id, p.name]));
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

  /**
   * Conversions come whole (`page=all`: 100,000 rows and more). Database drivers spend most of a
   * large answer turning fields into values one by one (100,000 rows of 19 fields: 4.9 s on PGlite,
   * 1.0 s on Postgres), and building each row's JSON in SQL costs PGlite ~1.5 s more. So each row is
   * read as ONE text column, its fields joined by the unit separator (U+001F), in the order of the
   * (affiliate, time) index, split into plain objects (conversionRow) and written as JSON by one
   * JSON.stringify of the whole answer, not checked and written again by the route's serializer. A row whose text (a sub ID, a place) itself holds the
   * separator does not split into its fields; those few are read again field by field. The rows come
   * as one text (below), so the driver's per-row cost is paid once (docs/benchmarks.md).
   */
  route(app, reportEndpoints.conversionsReport, async (request, reply) => {
    const { affiliateId } = request.auth;
    const range = await rangeFor(affiliateId, request.query);
    const f = await filtersFor(affiliateId, request.query);
    const zone = range.zone;
    const local =
      zone.kind === 'offset'
        ? sql`to_char((v.converted_at at time zone 'UTC') + make_interval(mins => ${zone.minutes}), 'YYYY-MM-DD HH24:MI:SS')`
        : sql`to_char(v.converted_at at time zone ${zone.name}, 'YYYY-MM-DD HH24:MI:SS')`;
    // The fields in CONVERSION_FIELDS order; the id first, so a row that does not split is still known.
    const fields = [
      sql`v.id`, local, sql`v.campaign_id`, sql`v.status`, sql`v.rate_type`, sql`round(v.sale_amount, 2)`, sql`round(v.payout, 2)`,
      sql`v.sub1`, sql`v.sub2`, sql`v.sub3`, sql`v.sub4`, sql`v.sub5`, sql`v.ip`, sql`v.country_code`, sql`v.region`, sql`v.city`, sql`v.system`, sql`v.device`, sql`v.os`,
    ];
    // Campaign names are read once per campaign (below), not joined into 100,000 rows.
    const from = sql`from conversions v`;
    const where = sql`where v.affiliate_id = ${affiliateId} and v.converted_at >= ${range.from.toISOString()} and v.converted_at < ${range.to.toISOString()}
        ${f.filters.campaignId !== undefined ? sql`and v.campaign_id = ${f.filters.campaignId}` : sql``}
        ${f.filters.creativeId !== undefined ? sql`and v.creative_id = ${f.filters.creativeId}` : sql``}
        ${f.filters.landingPageId !== undefined ? sql`and v.landing_page_id = ${f.filters.landingPageId}` : sql``}
        ${f.filters.sub1 !== undefined ? sql`and v.sub1 = ${f.filters.sub1}` : sql``}`;
    const order = sql`order by v.converted_at desc, v.id desc`;
    const rowText = sql`concat_ws(${UNIT}, ${sql.join(fields)})`;
    const rowByRow = async () => (await sql<{ t: string }>`select ${rowText} as t ${from} ${where} ${order}`.execute(ctx.db)).rows.map(({ t }) => t);
    let rows: string[];
    if (engine === 'pglite') {
      // On the embedded database the whole answer comes as ONE text, the rows joined by the record
      // separator (U+001E), split here: PGlite's cost per result row is paid once (100,226 rows: the
      // answer 1,876 -> 1,340 ms in bench:web; the query alone ~1.0 -> ~0.73 s, medians of 8). Not on
      // Postgres: the ORDER BY inside the aggregate sorts 20 MB past work_mem there (1,321 -> 1,519 ms).
      // A row whose text holds the record separator itself splits in two: when the pieces outnumber
      // the rows, the rows are read one by one instead.
      const [whole] = (await sql<{ n: string | number; t: string | null }>`select count(*) as n, string_agg(${rowText}, ${RECORD} ${order}) as t ${from} ${where}`.execute(ctx.db)).rows;
      rows = whole?.t ? whole.t.split(RECORD) : [];
      if (rows.length !== Number(whole?.n ?? 0)) rows = await rowByRow();
    } else {
      rows = await rowByRow();
    }
    // The campaign is the third field (id, date and campaign are never free text).
    const campaignIds = [...new Set(rows.map((t) => {
      const afterDate = t.indexOf(UNIT, t.indexOf(UNIT) + 1) + 1;
      return Number(t.slice(afterDate, t.indexOf(UNIT, afterDate)));
    }))];
    const names = new Map<number, string>();
    if (campaignIds.length > 0) {
      const named = await ctx.db.selectFrom('campaigns').select(['id', 'name']).where('id', 'in', campaignIds).execute();
      for (const c of named) names.set(c.id, c.name);
    }
    const report = new Array<ConversionRow>(rows.length);
    const unsplit = new Map<string, number>();
    rows.forEach((t, n) => {
      const parts = t.split(UNIT);
      if (parts.length === CONVERSION_FIELDS) report[n] = conversionRow(parts, names);
      else unsplit.set(parts[0], n);
    });
    if (unsplit.size > 0) {
      const again = await sql<Record<string, string>>`
        select ${sql.join(fields.map((field, k) => sql`${field}::text as ${sql.ref(`f${k}`)}`))} ${from}
        where v.affiliate_id = ${affiliateId} and v.id = any(${[...unsplit.keys()]}::bigint[])`.execute(ctx.db);
      for (const row of again.rows) report[unsplit.get(row.f0)!] = conversionRow(fields.map((_, k) => row[`f${k}`]), names);
    }
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
    let q = ctx.db
      .selectFrom('reversals as r')
      .innerJoin('conversions as v', 'v.id', 'r.conversion_id')
      .innerJoin('campaigns as c', 'c.id', 'v.campaign_id')
      .select(['r.reversed_at', 'r.amount', 'v.converted_at', 'v.status', 'v.campaign_id', 'c.name', 'v.rate_type', 'v.sale_amount', 'v.sub1', 'v.sub2', 'v.sub3', 'v.sub4', 'v.sub5', 'v.ip'])
      .where('r.affiliate_id', '=', affiliateId)
      .where('r.reversed_at', '>=', range.from)
      .where('r.reversed_at', '<', range.to);
    if (f.filters.campaignId !== undefined) q = q.where('v.campaign_id', '=', f.filters.campaignId);
    const rows = await q.orderBy('r.reversed_at', 'desc').orderBy('r.id', 'desc').execute();
    const report: ReversalRow[] = rows.map((r) => ({
      reverse_date: localTime(r.reversed_at, range.zone),
      lead_date: localTime(r.converted_at, range.zone),
      status: statusLabel(r.status),
      campaign_id: r.campaign_id,
      name: r.name,
      rate_type: RATE_TYPE_LABELS[r.rate_type],
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
    const { rows } = await sql<{ day: string; affiliates: number; income: number }>`
      select to_char(period_date, 'YYYY-MM-DD') as day, count(distinct referred_id)::int as affiliates, sum(amount)::float8 as income
      from referral_commissions where referrer_id = ${request.auth.affiliateId}
      group by period_date order by period_date desc`.execute(ctx.db);
    return {
      success: true as const,
      report: rows.map((r) => ({ referral_date: r.day, affiliates: Number(r.affiliates), referral_income: Math.round(Number(r.income) * 100) / 100 })),
    };
  });
};

/** Registered by server/lib/routeModules.ts. */
export const routeModule: RouteModule = { api: [reportRoutes] };
