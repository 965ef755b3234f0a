import { sql, type Kysely } from 'kysely';
import type { CampaignSummary, QuickSearchMatch, SearchCategory, SearchState, SearchSubcategory } from '../../../src/api/contract/campaign';
import { selectedTrafficTypes } from '../../../src/shared/searchState';
import { addDaysTo } from '../../../src/shared/dates';
import type { DB, TrafficType } from '../../db/schema';
import { RECENT_DAYS, TRAFFIC_FIELDS, campaignSummaries, recentEpc } from './queries';

/** Escapes LIKE's wildcards so a term matches literally. */
function likeLiteral(term: string): string {
  return term.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** The largest int4: a longer number cannot be a campaign id (and must not reach a query as one). */
const MAX_ID = 2_147_483_647;

/** What a search term asks for: an id ('#1234' or '1234') and/or words of the name. */
export interface SearchTerm {
  id: number | null;
  /** Every word must appear in the name (case and accents ignored); empty: no name condition. */
  words: string[];
}

export function parseSearchTerm(term: string): SearchTerm {
  const trimmed = term.trim();
  const idMatch = /^(#?)\s*(\d{1,10})$/.exec(trimmed);
  const id = idMatch && Number(idMatch[2]) <= MAX_ID ? Number(idMatch[2]) : null;
  // '#1234' still matches names containing '1234' (the quick search always did: "Offer #1234").
  const text = idMatch ? idMatch[2] : trimmed;
  return { id, words: text.split(/\s+/).filter(Boolean).slice(0, 10) };
}

/**
 * The name as searched: lower case, accents removed (campaigns.search_name, a stored generated
 * column with a trigram index, migration 0007).
 */
const searchName = sql<string>`c.search_name`;

/**
 * The term's condition on campaigns `c`: its id, or every word in the name. Each word is a LIKE
 * '%word%' on the indexed expression, so the GIN trigram index answers it.
 */
function termCondition(term: SearchTerm) {
  const words = term.words.map(
    (w) => sql<boolean>`${searchName} like '%' || lower(immutable_unaccent(${likeLiteral(w)})) || '%'`,
  );
  const byName = words.length > 0 ? sql<boolean>`(${sql.join(words, sql` and `)})` : null;
  const byId = term.id !== null ? sql<boolean>`c.id = ${term.id}` : null;
  if (byName && byId) return sql<boolean>`(${byId} or ${byName})`;
  return byName ?? byId ?? sql<boolean>`true`;
}

/**
 * Quick search (spec 000 section 5): '#1234' or '1234' finds that campaign id first; any term finds
 * names containing each of its words, any case and accents (names starting with the term first,
 * then the popular ones). Only active campaigns: paused and expired ones have no page to open.
 */
export async function quickSearch(db: Kysely<DB>, term: string, limit: number): Promise<QuickSearchMatch[]> {
  const parsed = parseSearchTerm(term);
  const prefix = `${likeLiteral(parsed.words.join(' '))}%`;
  const rows = await db
    .selectFrom('campaigns as c')
    .select(['c.id', 'c.name'])
    .where('c.status', '=', 'active')
    .where(termCondition(parsed))
    .orderBy(sql`case when c.id = ${parsed.id ?? 0} then 0 when ${searchName} like lower(immutable_unaccent(${prefix})) then 1 else 2 end`)
    .orderBy('c.popularity', 'desc')
    .orderBy('c.name')
    .orderBy('c.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ campaign_id: r.id, name: r.name }));
}

export interface SearchContext {
  affiliateId: number;
  /** Today in the reporting time zone (dates the recent EPC). */
  today: string;
}

export interface SearchPage {
  campaigns: CampaignSummary[];
  total: number;
  totalPages: number;
}

/** The traffic condition (docs/campaigns.md "Search"). */
function trafficCondition(selected: TrafficType[], only: boolean) {
  const all = Object.keys(TRAFFIC_FIELDS).length;
  // Every type or none chosen: nothing to restrict.
  if (selected.length === 0 || selected.length === all) return null;
  const anySelected = sql<boolean>`exists (select 1 from campaign_traffic_types t where t.campaign_id = c.id and t.traffic_type in (${sql.join(selected)}))`;
  if (!only) return anySelected;
  const anyOther = sql<boolean>`exists (select 1 from campaign_traffic_types t where t.campaign_id = c.id and t.traffic_type not in (${sql.join(selected)}))`;
  return sql<boolean>`(${anySelected} and not ${anyOther})`;
}

/** Whether campaign `c` accepts every country: geo filtering off, or no country listed. */
const allCountries = sql<boolean>`(not c.geo_filtering or not exists (select 1 from campaign_countries cc where cc.campaign_id = c.id))`;

function countryCondition(country: SearchState['gr'], only: boolean) {
  if (country === 'any') return null;
  if (country === 'all') return allCountries;
  const listed = sql<boolean>`exists (select 1 from campaign_countries cc where cc.campaign_id = c.id and cc.country_code = cast(${country} as char(2)))`;
  if (!only) return sql<boolean>`(${allCountries} or ${listed})`;
  const other = sql<boolean>`exists (select 1 from campaign_countries cc where cc.campaign_id = c.id and cc.country_code <> cast(${country} as char(2)))`;
  return sql<boolean>`(c.geo_filtering and ${listed} and not ${other})`;
}

/**
 * The full search of the /search screen (spec 000 section 2, docs/campaigns.md "Search"): active
 * campaigns matching every condition of the state, one page of SEARCH_PAGE_SIZE in the requested
 * order (ties broken by id, in the same direction), with the number of matches.
 */
export async function searchCampaigns(db: Kysely<DB>, state: SearchState, ctx: SearchContext, pageSize: number): Promise<SearchPage> {
  const conditions = [sql<boolean>`c.status = 'active'`];
  if (state.st !== '') conditions.push(termCondition(parseSearchTerm(state.st)));
  const traffic = trafficCondition(selectedTrafficTypes(state), state.tstrict);
  if (traffic) conditions.push(traffic);
  const country = countryCondition(state.gr, state.grstrict);
  if (country) conditions.push(country);
  if (state.c > 0) {
    conditions.push(sql<boolean>`c.subcategory_id = ${state.c}`);
    if (state.m > 0) conditions.push(sql<boolean>`exists (select 1 from subcategories s where s.id = c.subcategory_id and s.category_id = ${state.m})`);
  } else if (state.m > 0) {
    conditions.push(sql<boolean>`c.subcategory_id in (select s.id from subcategories s where s.category_id = ${state.m})`);
  }
  if (state.af) {
    conditions.push(
      sql<boolean>`exists (select 1 from campaign_access a where a.affiliate_id = ${ctx.affiliateId} and a.campaign_id = c.id and a.status = 'Approved')`,
    );
  }
  if (state.ff) conditions.push(sql<boolean>`exists (select 1 from bookmarks b where b.affiliate_id = ${ctx.affiliateId} and b.campaign_id = c.id)`);
  if (state.rf) {
    // From the report rollup (index stats_daily (affiliate_id, campaign_id)), never the raw clicks.
    conditions.push(
      sql<boolean>`not exists (select 1 from stats_daily s where s.affiliate_id = ${ctx.affiliateId} and s.campaign_id = c.id and s.clicks > 0)`,
    );
  }
  // The default rate (index campaign_rates_default_idx); the summaries' CPA type is 'F' without one.
  const defaultRate = (column: 'rate_type' | 'rate') =>
    sql`(select ${sql.ref(`r.${column}`)} from campaign_rates r where r.campaign_id = c.id and r.is_default limit 1)`;
  if (state.ct !== 'any') conditions.push(sql<boolean>`coalesce(${defaultRate('rate_type')}, 'F') = ${state.ct}`);

  const direction = state.ad === 'a' ? sql`asc` : sql`desc`;
  const nulls = state.ad === 'a' ? sql`nulls first` : sql`nulls last`;
  let order;
  switch (state.ob) {
    case 'id':
      order = sql`c.id ${direction}`;
      break;
    case 'name':
      // Byte order of the accent-free lower name: the same on every engine and server locale.
      order = sql`${searchName} collate "C" ${direction}, c.id ${direction}`;
      break;
    case 'rate':
      order = sql`coalesce(${defaultRate('rate')}, 0) ${direction}, c.id ${direction}`;
      break;
    case 'epc':
      order = sql`${recentEpc('n')} ${direction} ${nulls}, c.id ${direction}`;
      break;
    case 'date':
      order = sql`c.created_at ${direction}, c.id ${direction}`;
      break;
  }
  const recent =
    state.ob === 'epc'
      ? sql`left join (select campaign_id, sum(clicks) as clicks, sum(earnings) as earnings from stats_daily where day >= ${addDaysTo(ctx.today, -(RECENT_DAYS - 1))} group by campaign_id) n on n.campaign_id = c.id`
      : sql``;
  const from = sql`from campaigns c
    ${recent}
    where ${sql.join(conditions, sql` and `)}`;
  const offset = (state.pn - 1) * pageSize;
  const { rows } = await sql<{ id: number; total: number }>`select c.id, count(*) over () as total ${from}
    order by ${order} limit ${pageSize} offset ${offset}`.execute(db);
  let total = rows.length > 0 ? Number(rows[0].total) : 0;
  if (rows.length === 0 && offset > 0) {
    // A page past the end: still say how many there are.
    const counted = await sql<{ total: number }>`select count(*) as total ${from}`.execute(db);
    total = Number(counted.rows[0].total);
  }
  return {
    campaigns: await campaignSummaries(
      db,
      rows.map((r) => r.id),
      ctx.today,
      ctx.affiliateId,
    ),
    total,
    totalPages: Math.ceil(total / pageSize),
  };
}

/** Main categories with their number of active campaigns (offs_count), in the categories' order. */
export async function searchCategories(db: Kysely<DB>): Promise<SearchCategory[]> {
  const rows = await db
    .selectFrom('categories as cat')
    .leftJoin('subcategories as s', 's.category_id', 'cat.id')
    .leftJoin('campaigns as c', (join) => join.onRef('c.subcategory_id', '=', 's.id').on('c.status', '=', 'active'))
    .select(['cat.id', 'cat.name', (eb) => eb.fn.count<number>('c.id').as('n')])
    .groupBy(['cat.id', 'cat.name', 'cat.sort'])
    .orderBy('cat.sort')
    .orderBy('cat.name')
    .orderBy('cat.id')
    .execute();
  return rows.map((r) => ({ main_category_id: r.id, main_category_name: r.name, offs_count: Number(r.n) }));
}

/** Subcategories of a main category with their number of active campaigns; null for an unknown category. */
export async function searchSubcategories(db: Kysely<DB>, categoryId: number): Promise<SearchSubcategory[] | null> {
  const category = await db.selectFrom('categories').select('id').where('id', '=', categoryId).executeTakeFirst();
  if (!category) return null;
  const rows = await db
    .selectFrom('subcategories as s')
    .leftJoin('campaigns as c', (join) => join.onRef('c.subcategory_id', '=', 's.id').on('c.status', '=', 'active'))
    .select(['s.id', 's.name', (eb) => eb.fn.count<number>('c.id').as('n')])
    .where('s.category_id', '=', categoryId)
    .groupBy(['s.id', 's.name'])
    .orderBy('s.name')
    .orderBy('s.id')
    .execute();
  return rows.map((r) => ({ subcategory_id: r.id, subcategory_name: r.name, campaign_count: Number(r.n) }));
}

export async function countryName(db: Kysely<DB>, code: string): Promise<string | null> {
  if (!/^[A-Za-z]{2}$/.test(code)) return null;
  const row = await db.selectFrom('countries').select('name').where('code', '=', code.toUpperCase()).executeTakeFirst();
  return row?.name ?? null;
}

export async function mainCategoryName(db: Kysely<DB>, id: number): Promise<string | null> {
  const row = await db.selectFrom('categories').select('name').where('id', '=', id).executeTakeFirst();
  return row?.name ?? null;
}

export async function subcategoryName(db: Kysely<DB>, categoryId: number, subcategoryId: number): Promise<string | null> {
  const row = await db
    .selectFrom('subcategories')
    .select('name')
    .where('id', '=', subcategoryId)
    .where('category_id', '=', categoryId)
    .executeTakeFirst();
  return row?.name ?? null;
}
