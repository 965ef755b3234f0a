import { sql, type Kysely } from 'kysely';
import type { ConversionRow } from '../../../src/api/contract/reports';
import { RATE_TYPE_LABELS } from '../../../src/shared/rateText';
import type { DB } from '../../db/schema';
import type { Filters } from './queries';
import type { ReportRange } from './range';

/** A status as the reports show it ('approved': 'Approved', 'over_cap': 'Over cap'). */
export const statusLabel = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).replace(/_/g, ' ');

/** The conversions report's row text: its fields joined by the unit separator (see conversionReportRows). */
const UNIT = '\u001f';
/** …and the rows of the whole answer by the record separator. */
const RECORD = '\u001e';
const CONVERSION_FIELDS = 20;
/**
 * A ConversionRow from its 20 fields as text (id, local time, campaign, status, rate type, sales,
 * payout, five sub IDs, IP, country, region, city, browser, device, OS, reversal reason) and the
 * campaigns' names.
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
    reversal_reason: v[19],
  };
}

/**
 * The conversions report's rows, newest first. Conversions come whole (`page=all`: 100,000 rows and more). Database drivers spend most of a
 * large answer turning fields into values one by one (100,000 rows of 19 fields: 4.9 s on PGlite,
 * 1.0 s on Postgres), and building each row's JSON in SQL costs PGlite ~1.5 s more. So each row is
 * read as ONE text column, its fields joined by the unit separator (U+001F), in the order of the
 * (affiliate, time) index, split into plain objects (conversionRow) and written as JSON by one
 * JSON.stringify of the whole answer, not checked and written again by the route's serializer. A row whose text (a sub ID, a place) itself holds the
 * separator does not split into its fields; those few are read again field by field. The rows come
 * as one text (below), so the driver's per-row cost is paid once (docs/benchmarks.md).
 */
export async function conversionReportRows(db: Kysely<DB>, engine: string, affiliateId: number, range: ReportRange, filters: Filters): Promise<ConversionRow[]> {
  const zone = range.zone;
  const local =
    zone.kind === 'offset'
      ? sql`to_char((v.converted_at at time zone 'UTC') + make_interval(mins => ${zone.minutes}), 'YYYY-MM-DD HH24:MI:SS')`
      : sql`to_char(v.converted_at at time zone ${zone.name}, 'YYYY-MM-DD HH24:MI:SS')`;
  // The fields in CONVERSION_FIELDS order; the id first, so a row that does not split is still known.
  const fields = [
    sql`v.id`, local, sql`v.campaign_id`, sql`v.status`, sql`v.rate_type`, sql`round(v.sale_amount, 2)`, sql`round(v.payout, 2)`,
    sql`v.sub1`, sql`v.sub2`, sql`v.sub3`, sql`v.sub4`, sql`v.sub5`, sql`v.ip`, sql`v.country_code`, sql`v.region`, sql`v.city`, sql`v.system`, sql`v.device`, sql`v.os`,
    // Read only for reversed rows (reversals_conversion_idx).
    sql`case when v.status = 'reversed' then coalesce((select r.reason from reversals r where r.conversion_id = v.id order by r.id desc limit 1), '') else '' end`,
  ];
  // Campaign names are read once per campaign (below), not joined into 100,000 rows.
  const from = sql`from conversions v`;
  const where = sql`where v.affiliate_id = ${affiliateId} and v.converted_at >= ${range.from.toISOString()} and v.converted_at < ${range.to.toISOString()}
      ${filters.campaignId !== undefined ? sql`and v.campaign_id = ${filters.campaignId}` : sql``}
      ${filters.creativeId !== undefined ? sql`and v.creative_id = ${filters.creativeId}` : sql``}
      ${filters.landingPageId !== undefined ? sql`and v.landing_page_id = ${filters.landingPageId}` : sql``}
      ${filters.sub1 !== undefined ? sql`and v.sub1 = ${filters.sub1}` : sql``}`;
  const order = sql`order by v.converted_at desc, v.id desc`;
  const rowText = sql`concat_ws(${UNIT}, ${sql.join(fields)})`;
  const rowByRow = async () => (await sql<{ t: string }>`select ${rowText} as t ${from} ${where} ${order}`.execute(db)).rows.map(({ t }) => t);
  let rows: string[];
  if (engine === 'pglite') {
    // On the embedded database the whole answer comes as ONE text, the rows joined by the record
    // separator (U+001E), split here: PGlite's cost per result row is paid once (100,226 rows: the
    // answer 1,876 -> 1,340 ms in bench:web; the query alone ~1.0 -> ~0.73 s, medians of 8). Not on
    // Postgres: the ORDER BY inside the aggregate sorts 20 MB past work_mem there (1,321 -> 1,519 ms).
    // A row whose text holds the record separator itself splits in two: when the pieces outnumber
    // the rows, the rows are read one by one instead.
    const [whole] = (await sql<{ n: string | number; t: string | null }>`select count(*) as n, string_agg(${rowText}, ${RECORD} ${order}) as t ${from} ${where}`.execute(db)).rows;
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
    const named = await db.selectFrom('campaigns').select(['id', 'name']).where('id', 'in', campaignIds).execute();
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
      where v.affiliate_id = ${affiliateId} and v.id = any(${[...unsplit.keys()]}::bigint[])`.execute(db);
    for (const row of again.rows) report[unsplit.get(row.f0)!] = conversionRow(fields.map((_, k) => row[`f${k}`]), names);
  }
  return report;
}
