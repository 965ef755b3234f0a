import type { Insertable } from 'kysely';
import { formatDay } from '../../lib/dates';
import type { DB, TrafficType } from '../schema';
import { BANNER_SIZES, BRAND_PREFIXES, CATEGORIES, GEO_GROUPS, LANDING_PAGE_NAMES, OS_LIST, TRACKING_TYPES } from './catalog';
import { MANAGERS } from './content';
import { syncIdentity } from './insert';
import { Random } from './random';
import { DAY, type DemoRun, type CampaignPlan } from './run';

/**
 * The network's managers, advertisers and campaigns (rates, traffic types, countries, OS, landing
 * pages, creatives, suppression lists), drawn from the main stream; the plans the later seeders use.
 */
export async function seedCampaigns(run: DemoRun): Promise<CampaignPlan[]> {
  const { trx, rnd, seed, today, daysAgo, campaignCount, subcategories, put } = run;
  await put('managers', MANAGERS.map((m, i) => ({ id: i + 1, ...m, photo_style: i * 3 + 1 })));
  await syncIdentity(trx, 'managers');

  const advertiserCount = Math.max(4, Math.round(campaignCount / 4));
  await put('advertisers', Array.from({ length: advertiserCount }, (_, i) => ({
    id: i + 1,
    name: `${rnd.pick(BRAND_PREFIXES)} Media ${i + 1}`,
    postback_secret: rnd.hex(32),
  })));
  await syncIdentity(trx, 'advertisers');

  const plans: CampaignPlan[] = [];
  const campaigns: Array<Insertable<DB['campaigns']>> = [];
  const rates: Array<Insertable<DB['campaign_rates']>> = [];
  const trafficRows: Array<Insertable<DB['campaign_traffic_types']>> = [];
  const countryRows: Array<Insertable<DB['campaign_countries']>> = [];
  const osRows: Array<Insertable<DB['campaign_os']>> = [];
  const landingPages: Array<Insertable<DB['landing_pages']>> = [];
  const creatives: Array<Insertable<DB['creatives']>> = [];
  const suppression: Array<Insertable<DB['email_suppression_urls']>> = [];
  const usedNames = new Set<string>();
  const geoTotal = GEO_GROUPS.reduce((s, g) => s + g.weight, 0);
  const trackingTotal = TRACKING_TYPES.reduce((s, t) => s + t[1], 0);
  let rateId = 1;
  let lpId = 1;
  let creativeId = 1;

  for (let i = 0; i < campaignCount; i++) {
    const id = 1001 + i;
    const sub = subcategories[i % subcategories.length];
    const category = CATEGORIES.find((c) => c.id === sub.category_id)!;
    const vertical = category.subcategories.find((s) => s.name === sub.name)!;
    const pickedBrand = rnd.pick(BRAND_PREFIXES) + rnd.pick(category.brandSuffixes);
    // A few names with accents, so a search for 'cafe' or 'creme' shows accent-tolerant matching.
    const brand = ACCENTED_BRANDS[i] ?? pickedBrand;
    const product = rnd.pick(vertical.products);
    const [convLabel, rateType, minRate, maxRate] = rnd.pick(category.conversions);
    let roll = rnd.next() * geoTotal;
    const geo = GEO_GROUPS.find((g) => (roll -= g.weight) < 0) ?? GEO_GROUPS[0];
    let name = `${brand} ${product} - ${convLabel} (${geo.label})`;
    if (usedNames.has(name)) name = `${brand} ${product} - ${convLabel} (${geo.label}) v${i}`;
    usedNames.add(name);

    const rate = rateType === 'F' ? roundRate(rnd.float(minRate, maxRate)) : rnd.int(minRate, maxRate);
    const mobileOnly = /Mobile|App|Install/.test(`${vertical.name} ${product} ${convLabel}`) && rnd.chance(0.6);
    const traffic = rnd.sample(category.traffic, rnd.int(3, category.traffic.length)) as TrafficType[];
    if (mobileOnly && !traffic.includes('mobile')) traffic.push('mobile');
    const statusRoll = rnd.next();
    const status = statusRoll < 0.93 ? 'active' : statusRoll < 0.96 ? 'paused' : 'expired';
    const byRequest = rnd.chance(0.3);
    let trackingRoll = rnd.next() * trackingTotal;
    const trackingType = TRACKING_TYPES.find((t) => (trackingRoll -= t[1]) < 0)?.[0] ?? 'S';
    const createdDaysAgo = Math.floor(rnd.next() ** 1.6 * 540);
    const expiry =
      status === 'expired'
        ? formatDay(daysAgo(rnd.int(1, 60)))
        : rnd.chance(0.35)
          ? formatDay(daysAgo(-rnd.int(3, 365)))
          : null;
    const epc = rnd.chance(0.1) ? 0 : rnd.float(0.03, Math.min(4, (rateType === 'F' ? rate : rate * 1.5) / 12 + 0.2), 4);
    const slug = `${asciiSlug(brand)}-${id}`;
    const hasEmail = traffic.includes('email');
    const hasSearch = traffic.includes('search');

    campaigns.push({
      id,
      advertiser_id: (i % advertiserCount) + 1,
      subcategory_id: sub.id,
      name,
      description: describe(rnd, brand, product, convLabel, geo.label, rateType, vertical.name),
      status,
      by_request: byRequest,
      // Every fourth By Request campaign approves requests at once; the others wait for the operator.
      approval_mode: byRequest && id % 4 === 0 ? 'auto' : 'review',
      highlight: rnd.chance(0.08),
      epc,
      expiry_date: expiry,
      tracking_type: trackingType,
      supports_multiple_postback: rnd.chance(0.3),
      geo_filtering: geo.countries.length > 0,
      os_filtering: mobileOnly,
      desktop_traffic: !mobileOnly,
      mobile_traffic: true,
      daily_cap: rnd.chance(0.4) ? null : rnd.int(2, 100) * 10,
      preview_url: `https://${slug}.offers.example/`,
      search_restrictions: hasSearch && rnd.chance(0.6)
        ? `No bidding on "${brand}", "${brand} ${product}" or misspellings. No direct linking from search ads. Negative keyword: ${brand.toLowerCase()}.`
        : '',
      email_rules: hasEmail
        ? 'Use only the approved subject and from lines. Scrub against the suppression list before every send. No misleading subject lines.'
        : '',
      email_suppression: hasEmail && rnd.chance(0.7),
      email_subject_lines: hasEmail ? [`${brand}: ${product} made simple`, `Your ${product.toLowerCase()} offer is waiting`, `Last chance: ${product} deal`].join('\n') : '',
      email_from_lines: hasEmail ? [`${brand}`, `${brand} Team`, `${product} Deals`].join('\n') : '',
      approval_preface: byRequest ? `${brand} reviews every publisher. Tell us how you will promote ${product}.` : '',
      approval_question1: byRequest && rnd.chance(0.7) ? 'Which websites or sources will you use?' : '',
      approval_question2: byRequest && rnd.chance(0.4) ? 'What daily volume can you send in the first week?' : '',
      approval_question3: byRequest && rnd.chance(0.2) ? 'Have you promoted similar offers before? Which ones?' : '',
      thumbnail_style: rnd.int(0, 11),
      popularity: Math.floor(rnd.next() ** 3 * 10_000),
      is_gaming: Boolean(category.gaming),
      created_at: new Date(today.getTime() - createdDaysAgo * DAY + rnd.int(8, 20) * 3600_000),
      updated_at: today,
    });

    const defaultRateId = rateId;
    rates.push({ id: rateId++, campaign_id: id, description: convLabel, rate_type: rateType, rate, status: 'Active', is_default: true });
    if (rnd.chance(0.35)) {
      rates.push({
        id: rateId++, campaign_id: id, description: rateType === 'F' ? `${convLabel} - Mobile` : 'Upsell', rate_type: rateType,
        rate: rateType === 'F' ? roundRate(rate * 0.8) : Math.max(1, rate - 5), status: 'Active',
      });
    }
    if (rnd.chance(0.15)) {
      rates.push({ id: rateId++, campaign_id: id, description: 'Tier 2 countries', rate_type: rateType, rate: rateType === 'F' ? roundRate(rate * 0.5) : Math.max(1, rate - 10), status: 'Inactive' });
    }
    for (const t of traffic) trafficRows.push({ campaign_id: id, traffic_type: t });
    for (const c of geo.countries) countryRows.push({ campaign_id: id, country_code: c });
    const osList = mobileOnly ? rnd.sample(['Android', 'iOS'], rnd.int(1, 2)) : OS_LIST;
    for (const os of osList) osRows.push({ campaign_id: id, os });

    const lpIds: number[] = [];
    const lpNames = rnd.sample(LANDING_PAGE_NAMES, rnd.int(1, 4));
    lpNames.forEach((lpName, k) => {
      lpIds.push(lpId);
      landingPages.push({ id: lpId++, campaign_id: id, name: lpName, url: `https://${slug}.offers.example/lp${k + 1}`, is_default: k === 0, thumbnail_style: rnd.int(0, 11) });
    });

    const creativeIds: number[] = [];
    const headlines = [`${product} from ${brand}`, `Try ${brand} today`, `Save with ${brand}`, `${brand}: ${convLabel.toLowerCase()} in minutes`];
    for (const [w, h] of BANNER_SIZES) {
      creativeIds.push(creativeId);
      creatives.push({ id: creativeId++, campaign_id: id, type: 'banner', name: `${brand} ${w}x${h}`, width: w, height: h, body: rnd.pick(headlines) });
    }
    for (const text of [`Get ${product} with ${brand} - see if you qualify`, `${brand}: the smarter way to ${product.toLowerCase()}`]) {
      creativeIds.push(creativeId);
      creatives.push({ id: creativeId++, campaign_id: id, type: 'text', name: 'Text link', body: text });
    }
    creatives.push({
      id: creativeId++, campaign_id: id, type: 'textEmail', name: 'Solo e-mail (text)', subject: `Your ${product} offer from ${brand}`,
      body: `Hi [FIRST_NAME],\n\n${brand} makes ${product.toLowerCase()} simple. It takes two minutes to get started.\n\nSee your offer: [TRACKING_LINK]\n\nTo unsubscribe: [UNSUB_LINK]`,
    });
    creatives.push({
      id: creativeId++, campaign_id: id, type: 'htmlEmail', name: 'Solo e-mail (html)', subject: `${brand}: ${product} made simple`,
      body: `<html><body style="font-family:Arial,sans-serif"><h1>${brand}</h1><p>${product} made simple. It takes two minutes to get started.</p><p><a href="[TRACKING_LINK]">See your offer</a></p><p style="font-size:11px"><a href="[UNSUB_LINK]">Unsubscribe</a></p></body></html>`,
    });
    if (hasEmail) {
      // The list only where the campaign says it has one (same draws as before: the network stays the same).
      const listed = campaigns[campaigns.length - 1].email_suppression;
      for (let k = 0; k < rnd.int(1, 2); k++) {
        if (listed) suppression.push({ campaign_id: id, url: `https://suppression.example/lists/${id}-${k + 1}.zip` });
      }
    }
    plans.push({
      id, category, subcategoryId: sub.id, subcategoryName: sub.name, brand, countries: geo.countries, traffic, rateType,
      rate, rateId: defaultRateId, creatives: creativeIds, landingPages: lpIds, status, byRequest,
    });
  }
  campaignPageExtras(campaigns, landingPages, seed, () => lpId++);
  await put('campaigns', campaigns);
  await put('campaign_rates', rates);
  await put('campaign_traffic_types', trafficRows);
  await put('campaign_countries', countryRows);
  await put('campaign_os', osRows);
  await put('landing_pages', landingPages);
  await put('creatives', creatives);
  await put('email_suppression_urls', suppression);
  for (const t of ['campaigns', 'campaign_rates', 'landing_pages', 'creatives'] as const) await syncIdentity(trx, t);
  return plans;
}

function roundRate(rate: number): number {
  return rate >= 10 ? Math.round(rate * 2) / 2 : Math.round(rate * 100) / 100;
}

function describe(
  rnd: Random, brand: string, product: string, conversion: string, geo: string, rateType: 'F' | 'P', vertical: string,
): string {
  const payout = rateType === 'F' ? `a fixed payout per ${conversion.toLowerCase()}` : 'a share of every sale';
  const hooks = [
    `${brand} is one of the fastest-growing brands in ${vertical.toLowerCase()}.`,
    `${brand} has served more than ${rnd.int(2, 40)} million customers.`,
    `${brand} converts well on warm audiences and comparison content.`,
  ];
  return [
    `${rnd.pick(hooks)} This campaign promotes ${product} to users in ${geo === 'WW' ? 'all countries' : geo}.`,
    `You earn ${payout}. Conversion point: ${conversion}.`,
    `Top converting angles: savings, speed and trust. Use the supplied creatives or request custom ones from your affiliate manager.`,
    `Restrictions: no misleading claims, no cookie stuffing, no adult or hate content.`,
  ].join('\n\n');
}

/** Demo campaigns named with accents (by position in the network), for accent-tolerant search. */
const ACCENTED_BRANDS: Record<number, string> = { 3: 'Café Rewards', 5: 'Crème Box', 17: 'Señor Ahorro' };

/** 'Café Rewards' -> 'cafe-rewards': a host name part without accents or spaces. */
function asciiSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * What the campaign page needs to look alive, drawn from a generator of its own so the
 * rest of the network (ids, clicks, conversions) stays exactly as before: a second landing page
 * where a campaign had one, an e-mail campaign whose suppression list is announced but empty (the
 * modal's 'No Links found'), and a few highlighted campaigns among the first ones.
 */
function campaignPageExtras(
  campaigns: Array<Insertable<DB['campaigns']>>,
  landingPages: Array<Insertable<DB['landing_pages']>>,
  seed: number,
  nextLandingPageId: () => number,
): void {
  const rnd = new Random(seed ^ 0x14c0ffee);
  const pagesOf = new Map<number, number>();
  for (const lp of landingPages) pagesOf.set(lp.campaign_id, (pagesOf.get(lp.campaign_id) ?? 0) + 1);
  for (const c of campaigns) {
    const id = c.id!;
    if ((pagesOf.get(id) ?? 0) === 1) {
      const first = landingPages.find((lp) => lp.campaign_id === id)!;
      const name = rnd.pick(LANDING_PAGE_NAMES.filter((n) => n !== first.name));
      landingPages.push({ id: nextLandingPageId(), campaign_id: id, name, url: first.url.replace(/lp1$/, 'lp2'), is_default: false, thumbnail_style: rnd.int(0, 11) });
    }
  }
  const emptyList = campaigns.find((c) => c.email_rules && !c.email_suppression && c.status === 'active');
  if (emptyList) emptyList.email_suppression = true;
  for (const c of campaigns.slice(0, 12)) if (c.status === 'active' && !c.highlight && rnd.chance(0.25)) c.highlight = true;
}
