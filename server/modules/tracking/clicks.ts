import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { ClickBatcher } from './clickBatcher';
import { clickDay } from './clickEncoding';
import { newClickId } from './clickIds';
import { consoleLog, type JournalLog } from './journal';
import { landingUrl, pickLandingPage } from './landingUrl';
import { LinkCache } from './linkCache';
import type { MacroValues } from './macros';
import type { TrackingOptions } from './options';
import { loadLink } from './resolvedLink';
import { userAgentInfo } from './userAgent';
import { CapGate } from './caps';
import { cleanText } from './visitorText';

/**
 * The click redirect (GET /go/{code}): resolve the link, apply the campaign's rules, record the
 * click through the group-commit batcher, and only then answer 302 to one of the campaign's own
 * landing pages (or the fallback). Transport-neutral: the Fastify route and the raw fast path both
 * call the engine's handle().
 */

const CODE_SHAPE = /^[A-Za-z0-9_-]{16,43}$/;

export interface ClickRequest {
  code: string;
  /** HEAD: answer what GET would, but record nothing (link checkers, prefetchers). */
  head?: boolean;
  query: URLSearchParams;
  ip: string;
  userAgent: string;
  referrer: string;
  country: string;
}

export type ClickOutcome =
  | { kind: 'redirect'; location: string; clickId: string; campaignId: number; recorded: boolean; safe: boolean }
  /** Not followed: to the campaign's own fallback page (`location`) when it has one, else the network's. */
  | { kind: 'fallback'; reason: string; location?: string }
  /** The click could not be recorded (database down): nothing was answered as a 302. */
  | { kind: 'unavailable' };

export interface ClickEngine {
  handle(req: ClickRequest): Promise<ClickOutcome>;
  batcher: ClickBatcher;
  /** The reached daily caps (caps.ts); the conversion intake reloads it when a conversion reaches a cap. */
  caps: CapGate;
}

/** A campaign's own fallback page, when it is an http(s) address. */
function campaignFallback(url: string): string | undefined {
  if (url === '') return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : undefined;
  } catch {
    return undefined;
  }
}

export function createClickEngine(db: Kysely<DB>, options: TrackingOptions, now: () => Date = () => new Date(), log: JournalLog = consoleLog): ClickEngine {
  const cache = new LinkCache(options.linkCacheMs, loadLink, options.linkCacheEntries);
  const batcher = new ClickBatcher(db, { ...options, log });
  const caps = new CapGate(db, options.capCheckMs, options.timeZone, now);
  return {
    batcher,
    caps,
    async handle(req) {
      if (!CODE_SHAPE.test(req.code)) return { kind: 'fallback', reason: 'malformed code' };
      const link = await cache.get(db, req.code);
      if (!link) return { kind: 'fallback', reason: 'unknown code' };
      const at = now();
      const fallback = (reason: string): ClickOutcome => ({ kind: 'fallback', reason, location: campaignFallback(link.fallback_url) });
      if (link.campaign_status !== 'active') return fallback(`campaign ${link.campaign_status}`);
      if (link.expiry_date !== null && link.expiry_date < clickDay(at, options.timeZone)) return fallback('campaign expired');
      if ((link.campaign_cap !== null || link.affiliate_cap !== null) && caps.isReached(link.campaign_id, link.affiliate_id)) {
        return fallback('daily cap reached');
      }
      if (link.affiliate_status !== 'active' || link.access_status !== 'Approved') return { kind: 'fallback', reason: 'affiliate not approved' };
      const country = req.country.trim().toUpperCase().slice(0, 2);
      if (link.geo_filtering && link.countries.length > 0 && options.countryHeader) {
        if (!link.countries.includes(country)) return { kind: 'fallback', reason: `country ${country || 'unknown'} not allowed` };
      }
      const ua = userAgentInfo(req.userAgent);
      if (ua.device === 'Desktop' && !link.desktop_traffic) return { kind: 'fallback', reason: 'desktop traffic not allowed' };
      if ((ua.device === 'Mobile' || ua.device === 'Tablet') && !link.mobile_traffic) return { kind: 'fallback', reason: 'mobile traffic not allowed' };
      if (link.os_filtering && link.os_list.length > 0 && ua.os && !link.os_list.includes(ua.os)) {
        return { kind: 'fallback', reason: `OS ${ua.os} not allowed` };
      }
      const page = pickLandingPage(link);
      if (!page) return { kind: 'fallback', reason: 'no landing page' };
      const subs = link.subs.map((stored, i) => {
        const given = req.query.get(`sub${i + 1}`);
        const clean = given === null ? '' : cleanText(given, 255);
        return clean !== '' ? clean : stored;
      });
      const clickId = newClickId();
      const values: MacroValues = {
        click_id: clickId, affiliate_id: link.affiliate_id, campaign_id: link.campaign_id,
        // A search-safe link does not tell the landing page it came from search traffic.
        creative_id: link.creative_id ?? 0, landing_page_id: page.id, traffic_type: link.safesearch ? '' : link.traffic_type,
        sub1: subs[0], sub2: subs[1], sub3: subs[2], sub4: subs[3], sub5: subs[4],
      };
      const location = landingUrl(page.url, values);
      if (!location) return { kind: 'fallback', reason: 'landing page URL refused' };
      const safe = link.safesearch;
      if (req.head) return { kind: 'redirect', location, clickId, campaignId: link.campaign_id, recorded: false, safe };
      try {
        await batcher.record({
          click_key: clickId, affiliate_id: link.affiliate_id, campaign_id: link.campaign_id, tracking_link_id: link.id,
          creative_id: link.creative_id ?? 0, landing_page_id: page.id, sub1: subs[0], sub2: subs[1], sub3: subs[2],
          sub4: subs[3], sub5: subs[4], ip: cleanText(req.ip, 64), country_code: cleanText(country, 2), device: ua.device, os: ua.os,
          browser: ua.browser, referrer: cleanText(req.referrer, 500), user_agent: cleanText(req.userAgent, 500),
          traffic_type: link.traffic_type, clicked_at: at,
        });
      } catch {
        return { kind: 'unavailable' };
      }
      return { kind: 'redirect', location, clickId, campaignId: link.campaign_id, recorded: true, safe };
    },
  };
}
