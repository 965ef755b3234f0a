import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface LandingPage { id: number; url: string; is_default: boolean }
export interface ResolvedLink {
  id: number;
  affiliate_id: number;
  campaign_id: number;
  traffic_type: string;
  creative_id: number | null;
  landing_page_id: number | null;
  subs: [string, string, string, string, string];
  /** A search-safe link (docs/tracking.md "Search-safe links"). */
  safesearch: boolean;
  campaign_status: string;
  expiry_date: string | null;
  /** The campaign's daily cap and this affiliate's own cap on it (null: none). */
  campaign_cap: number | null;
  affiliate_cap: number | null;
  /** The campaign's own fallback page ('' = the network's). */
  fallback_url: string;
  geo_filtering: boolean;
  os_filtering: boolean;
  desktop_traffic: boolean;
  mobile_traffic: boolean;
  affiliate_status: string;
  access_status: string | null;
  landing_pages: LandingPage[];
  countries: string[];
  os_list: string[];
}

function parseJson<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** One round trip: the link with everything the rules need. */
export async function loadLink(db: Kysely<DB>, code: string): Promise<ResolvedLink | null> {
  const { rows } = await sql<Record<string, unknown>>`
    select l.id, l.affiliate_id, l.campaign_id, l.traffic_type, l.creative_id, l.landing_page_id, l.safesearch,
           l.sub1, l.sub2, l.sub3, l.sub4, l.sub5,
           c.status as campaign_status, c.expiry_date, c.daily_cap as campaign_cap, ca.daily_cap as affiliate_cap, c.fallback_url,
           c.geo_filtering, c.os_filtering, c.desktop_traffic, c.mobile_traffic,
           a.status as affiliate_status, ca.status as access_status,
           (select json_agg(json_build_object('id', lp.id, 'url', lp.url, 'is_default', lp.is_default) order by lp.id)
              from landing_pages lp where lp.campaign_id = c.id and lp.status = 'active') as landing_pages,
           (select json_agg(cc.country_code) from campaign_countries cc where cc.campaign_id = c.id) as countries,
           (select json_agg(co.os) from campaign_os co where co.campaign_id = c.id) as os_list
    from tracking_links l
    join campaigns c on c.id = l.campaign_id
    join affiliates a on a.id = l.affiliate_id
    left join campaign_access ca on ca.affiliate_id = l.affiliate_id and ca.campaign_id = l.campaign_id
    where l.code = ${code}`.execute(db);
  const r = rows[0];
  if (!r) return null;
  return {
    id: Number(r.id),
    affiliate_id: Number(r.affiliate_id),
    campaign_id: Number(r.campaign_id),
    traffic_type: String(r.traffic_type),
    creative_id: r.creative_id === null ? null : Number(r.creative_id),
    landing_page_id: r.landing_page_id === null ? null : Number(r.landing_page_id),
    subs: [r.sub1, r.sub2, r.sub3, r.sub4, r.sub5].map(String) as ResolvedLink['subs'],
    safesearch: Boolean(r.safesearch),
    campaign_status: String(r.campaign_status),
    expiry_date: r.expiry_date === null ? null : String(r.expiry_date),
    campaign_cap: r.campaign_cap === null ? null : Number(r.campaign_cap),
    affiliate_cap: r.affiliate_cap === null ? null : Number(r.affiliate_cap),
    fallback_url: String(r.fallback_url ?? ''),
    geo_filtering: Boolean(r.geo_filtering),
    os_filtering: Boolean(r.os_filtering),
    desktop_traffic: Boolean(r.desktop_traffic),
    mobile_traffic: Boolean(r.mobile_traffic),
    affiliate_status: String(r.affiliate_status),
    access_status: r.access_status === null ? null : String(r.access_status),
    landing_pages: parseJson<LandingPage[]>(r.landing_pages, []),
    countries: parseJson<string[]>(r.countries, []).map((c) => c.trim().toUpperCase()),
    os_list: parseJson<string[]>(r.os_list, []),
  };
}
