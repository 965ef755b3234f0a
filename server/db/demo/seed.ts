import { sql, type Insertable, type Kysely } from 'kysely';
import { hashPassword, newToken, OWASP_SCRYPT, type ScryptCost } from '../../lib/crypto';
import { formatDay } from '../../lib/dates';
import { DEFAULT_REPORT_TIME_ZONE } from '../../config';
import type { ClickRow } from '../../modules/tracking/clickColumns';
import { newOpaqueId } from '../../modules/tracking/clickIds';
import { writeClicks } from '../../modules/tracking/clickWrite';
import { recordConversion } from '../../modules/tracking/conversions';
import { ISO_COUNTRIES } from '../../../src/shared/countries';
import { paths } from '../../../src/shared/paths';
import { formatRate, rateText } from '../../../src/shared/rateText';
import type { DB, TrafficType } from '../schema';
import {
  BANNER_SIZES, BRAND_PREFIXES, CATEGORIES, FIRST_NAMES, GEO_GROUPS, LANDING_PAGE_NAMES, LAST_NAMES, OS_LIST,
  TRACKING_TYPES, type CategorySpec,
} from './catalog';
import {
  DASHBOARD_DEMO_NAMES, MACRO_HELP_HTML, MANAGERS, NEWS, NOTIFICATIONS, PRIVATE_NOTIFICATION, RESOURCE_CATEGORIES, RESOURCES,
  SECURITY_QUESTIONS,
} from './content';
import { insertMany, syncIdentity } from './insert';
import { Random } from './random';
import { addMonthsTo, dayInZone } from '../../../src/shared/dates';
import { computeReferralCommissions, incomeLineDay, incomeNote, monthOf } from '../../modules/referrals/income';
import { seedDemoMaxmoney } from '../../modules/maxmoney/demo';

export const DEMO_PASSWORD = 'Demo-2026!';
/** RFC 6238's test secret ("12345678901234567890" in base32): any TOTP tool computes its codes. */
export const DEMO_TOTP_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
export const DEMO_SEED = 20261122;

/** The sign-in-able demo affiliates (docs/server.md), one per path of spec 002 section 4. */
export const DEMO_ACCOUNTS = {
  demo: 'demo@example.com',
  twoFactor: 'twofactor@example.com',
  unverified: 'unverified@example.com',
  optional2fa: 'optional2fa@example.com',
  forced2fa: 'forced2fa@example.com',
  pending: 'pending@example.com',
  // Dashboard modals and performance bonus states (issue 5, docs/dashboard.md): each shows one.
  survey: 'survey@example.com',
  noPayment: 'nopayment@example.com',
  badMail: 'badmail@example.com',
  noMobile: 'nomobile@example.com',
  docs: 'docs@example.com',
  telegram: 'telegram@example.com',
  bonus: 'bonus@example.com',
  bonusUnlocked: 'unlocked@example.com',
  bonusEnded: 'promoended@example.com',
  newbie: 'newbie@example.com',
} as const;

/** Ids of the dashboard demo affiliates (after the six sign-in demo accounts, before the fillers). */
const DASHBOARD_DEMO_IDS = {
  survey: 100007, noPayment: 100008, badMail: 100009, noMobile: 100010, docs: 100011, telegram: 100012,
  bonus: 100013, bonusUnlocked: 100014, bonusEnded: 100015, newbie: 100016,
} as const;

/**
 * Dashboard demo affiliates with earnings: days since registration, whether opted in to the
 * performance bonus (flag 185), and the earnings of their first 3 months (spec 000 sections 4, 9).
 */
const BONUS_DEMOS: Array<{ key: 'bonus' | 'bonusUnlocked' | 'bonusEnded' | 'newbie'; registeredDaysAgo: number; optedIn: boolean; earnings: number }> = [
  { key: 'bonus', registeredDaysAgo: 40, optedIn: true, earnings: 3_250 },
  { key: 'bonusUnlocked', registeredDaysAgo: 100, optedIn: true, earnings: 6_400 },
  { key: 'bonusEnded', registeredDaysAgo: 105, optedIn: true, earnings: 1_800 },
  { key: 'newbie', registeredDaysAgo: 20, optedIn: false, earnings: 240 },
];

export interface DemoOptions {
  /** Number of campaigns (640 on a real start; tests use about 40). */
  campaigns?: number;
  seed?: number;
  /** Days of click and conversion history of the main demo affiliate. */
  historyDays?: number;
  /** Other affiliates of the network (not sign-in-able). */
  fillerAffiliates?: number;
  /** Cost of the demo passwords' hashes (tests pass a cheap one). */
  passwordCost?: ScryptCost;
  now?: Date;
  /** IANA zone of report days, as the server's REPORT_TIME_ZONE (rollups must use the same days). */
  timeZone?: string;
}

export interface SeedSummary {
  rows: Record<string, number>;
  ms: number;
}

const DAY = 86_400_000;
const META_REFERENCE = 'reference_data';
const META_DEMO = 'demo_network';

/** Countries, security questions, verticals and help texts: every database gets these. */
export async function seedReference(db: Kysely<DB>): Promise<boolean> {
  const done = await db.selectFrom('app_meta').select('value').where('key', '=', META_REFERENCE).executeTakeFirst();
  if (done) return false;
  await db.transaction().execute(async (trx) => {
    await insertMany(trx, 'countries', ISO_COUNTRIES.map((c) => ({ code: c.alpha2, name: c.name })));
    await insertMany(
      trx,
      'security_questions',
      SECURITY_QUESTIONS.map(([id, question, group]) => ({ id, question, question_group: group })),
    );
    await insertMany(trx, 'categories', CATEGORIES.map((c, i) => ({ id: c.id, name: c.name, sort: i })));
    await insertMany(
      trx,
      'subcategories',
      CATEGORIES.flatMap((c) => c.subcategories.map((s, i) => ({ id: c.id * 100 + i + 1, category_id: c.id, name: s.name }))),
    );
    await insertMany(trx, 'resource_categories', RESOURCE_CATEGORIES.map(([id, name]) => ({ id, name })));
    await insertMany(trx, 'help_texts', [{ id: 18, body_html: MACRO_HELP_HTML }]);
    await trx.insertInto('app_meta').values({ key: META_REFERENCE, value: '1' }).execute();
  });
  return true;
}

export async function isDemoSeeded(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', META_DEMO).executeTakeFirst();
  return row !== undefined;
}

/** True when the network has no affiliates and no campaigns (a fresh database). */
export async function isNetworkEmpty(db: Kysely<DB>): Promise<boolean> {
  const a = await db.selectFrom('affiliates').select('id').limit(1).executeTakeFirst();
  const c = await db.selectFrom('campaigns').select('id').limit(1).executeTakeFirst();
  return !a && !c;
}

interface CampaignPlan {
  id: number;
  category: CategorySpec;
  subcategoryId: number;
  subcategoryName: string;
  brand: string;
  countries: string[];
  traffic: TrafficType[];
  rateType: 'F' | 'P';
  rate: number;
  rateId: number;
  creatives: number[];
  landingPages: number[];
  status: 'active' | 'paused' | 'expired';
  byRequest: boolean;
}

/**
 * Generates the demo network in one transaction (all or nothing), from a fixed seed. Dates are
 * relative to `now`, so the network always looks current.
 */
export async function seedDemo(db: Kysely<DB>, options: DemoOptions = {}): Promise<SeedSummary> {
  const started = Date.now();
  const rnd = new Random(options.seed ?? DEMO_SEED);
  const now = options.now ?? new Date();
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const daysAgo = (d: number) => new Date(today.getTime() - d * DAY);
  const campaignCount = options.campaigns ?? 640;
  const historyDays = options.historyDays ?? 180;
  const timeZone = options.timeZone ?? DEFAULT_REPORT_TIME_ZONE;
  const fillerCount = options.fillerAffiliates ?? 150;
  const cost = options.passwordCost ?? OWASP_SCRYPT;

  await seedReference(db);
  const subcategories = await db.selectFrom('subcategories').selectAll().orderBy('id').execute();

  // Password hashes first, outside the transaction (scrypt runs on libuv's thread pool).
  const accountKeys = Object.keys(DEMO_ACCOUNTS) as Array<keyof typeof DEMO_ACCOUNTS>;
  const hashes = await Promise.all([...accountKeys.map(() => hashPassword(DEMO_PASSWORD, cost)), hashPassword(newToken(), cost)]);
  const fillerHash = hashes[hashes.length - 1];
  const answerHash = await hashPassword('demo answer', cost);

  const rows: Record<string, number> = {};
  const count = (table: string, n: number) => (rows[table] = (rows[table] ?? 0) + n);

  await db.transaction().execute(async (trx) => {
    const put = async <T extends keyof DB & string>(table: T, values: ReadonlyArray<Insertable<DB[T]>>) =>
      count(table, await insertMany(trx, table, values));

    // ---------- managers ----------
    await put('managers', MANAGERS.map((m, i) => ({ id: i + 1, ...m, photo_style: i * 3 + 1 })));
    await syncIdentity(trx, 'managers');

    // ---------- advertisers and campaigns ----------
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
    campaignPageExtras(campaigns, landingPages, options.seed ?? DEMO_SEED, () => lpId++);
    await put('campaigns', campaigns);
    await put('campaign_rates', rates);
    await put('campaign_traffic_types', trafficRows);
    await put('campaign_countries', countryRows);
    await put('campaign_os', osRows);
    await put('landing_pages', landingPages);
    await put('creatives', creatives);
    await put('email_suppression_urls', suppression);
    for (const t of ['campaigns', 'campaign_rates', 'landing_pages', 'creatives'] as const) await syncIdentity(trx, t);

    // ---------- affiliates ----------
    // Registered 800 days ago: the Account Balances page shows more than two full years of weekly
    // payments (issue 17), so at least one whole calendar year lies between the first and this one.
    const demoRegistered = daysAgo(800);
    const base = {
      company: '', time_zone: '11,-5', contact_time: 6, country_code: 'US', general_mailings: true, campaign_notices: true,
      security_q1: 1, security_a1_hash: answerHash, security_q2: 6, security_a2_hash: answerHash, status: 'active' as const,
      email_verified_at: demoRegistered, manager_id: 1, payment_platform: 'Tipalti' as const, payment_method: 'ACH',
      tmp_payoneer: 0, maxmoney_balance: 0, registration_date: demoRegistered, login_p: 3, login_o: 0,
    };
    const accounts: Array<Insertable<DB['affiliates']>> = [
      {
        ...base, id: 100001, email: DEMO_ACCOUNTS.demo, password_hash: hashes[0], first_name: 'Alex', last_name: 'Morgan',
        company: 'Morgan Media LLC', phone: '+1 (212) 555-0147', mobile_phone: '+1 (917) 555-0182', im_handle: '@alexmorgan',
        address1: '350 Fifth Avenue', address2: 'Suite 4100', city: 'New York', state: 'NY', zipcode: '10118',
        promotion: 'Content sites about personal finance and software reviews, a weekly newsletter with 40,000 subscribers, and paid social campaigns.',
        website: 'https://morganmedia.example', payee: 'Morgan Media LLC', login_o: 123, otp_prompt_date: daysAgo(5),
        hear_about_source: 'industry forum', experience_level: 3,
      },
      {
        ...base, id: 100002, email: DEMO_ACCOUNTS.twoFactor, password_hash: hashes[1], first_name: 'Taylor', last_name: 'Reed',
        mobile_phone: '+1 (415) 555-0119', city: 'San Francisco', state: 'CA', zipcode: '94103', address1: '1 Market Street',
        otp_secret: DEMO_TOTP_SECRET, otp_enabled: true, otp_prompt_date: daysAgo(12), manager_id: 2,
      },
      {
        ...base, id: 100003, email: DEMO_ACCOUNTS.unverified, password_hash: hashes[2], first_name: 'Jordan', last_name: 'Blake',
        mobile_phone: '+44 7700 900123', country_code: 'GB', city: 'London', zipcode: 'SW1A 1AA', address1: '10 Downing Street',
        time_zone: '28,0', country_verified: false, manager_id: 3,
      },
      {
        ...base, id: 100004, email: DEMO_ACCOUNTS.optional2fa, password_hash: hashes[3], first_name: 'Casey', last_name: 'Nguyen',
        mobile_phone: '+1 (512) 555-0173', city: 'Austin', state: 'TX', zipcode: '73301', address1: '500 Congress Avenue',
        login_p: 3, otp_prompt_date: daysAgo(45), manager_id: 4,
      },
      {
        ...base, id: 100005, email: DEMO_ACCOUNTS.forced2fa, password_hash: hashes[4], first_name: 'Riley', last_name: 'Santos',
        mobile_phone: '', city: 'Miami', state: 'FL', zipcode: '33101', address1: '200 Biscayne Blvd',
        login_p: 1, otp_prompt_date: null, manager_id: 5, payment_platform: '', payment_method: 'None',
      },
      {
        ...base, id: 100006, email: DEMO_ACCOUNTS.pending, password_hash: hashes[5], first_name: 'Sam', last_name: 'Lee',
        mobile_phone: '+1 (206) 555-0100', city: 'Seattle', state: 'WA', zipcode: '98101', address1: '400 Pine Street',
        status: 'pending', registration_date: daysAgo(2), manager_id: 6,
      },
      // Dashboard demo affiliates (issue 5): everything on file except what their modal asks for.
      ...(Object.keys(DASHBOARD_DEMO_IDS) as Array<keyof typeof DASHBOARD_DEMO_IDS>).map((key, k) => {
        const bonus = BONUS_DEMOS.find((b) => b.key === key);
        const [first, last] = DASHBOARD_DEMO_NAMES[key];
        return {
          ...base, id: DASHBOARD_DEMO_IDS[key], email: DEMO_ACCOUNTS[key], password_hash: hashes[accountKeys.indexOf(key)],
          first_name: first, last_name: last, mobile_phone: key === 'noMobile' ? '' : `+1 (312) 555-01${String(20 + k)}`,
          city: 'Chicago', state: 'IL', zipcode: '60601', address1: `${100 + k} North Michigan Avenue`,
          login_o: 123, otp_prompt_date: daysAgo(3), manager_id: (k % MANAGERS.length) + 1,
          registration_date: bonus ? new Date(daysAgo(bonus.registeredDaysAgo).getTime() + 15 * 3600_000) : demoRegistered,
          email_verified_at: bonus ? daysAgo(bonus.registeredDaysAgo) : demoRegistered,
          ...(key === 'noPayment' ? { payment_platform: '' as const, payment_method: 'None', payee: '' } : { payee: `${first} ${last}` }),
        };
      }),
    ];
    const fillers: Array<Insertable<DB['affiliates']>> = [];
    for (let k = 0; k < fillerCount; k++) {
      const first = rnd.pick(FIRST_NAMES);
      const last = rnd.pick(LAST_NAMES);
      const registered = daysAgo(rnd.int(3, 900));
      const statusRoll = rnd.next();
      fillers.push({
        ...base,
        id: 100101 + k,
        email: `publisher${k + 1}@example.net`,
        password_hash: fillerHash,
        first_name: first,
        last_name: last,
        country_code: rnd.pick(['US', 'US', 'CA', 'GB', 'DE', 'AU', 'IN', 'BR', 'FR', 'NL']),
        status: statusRoll < 0.85 ? 'active' : statusRoll < 0.93 ? 'inactive' : 'pending',
        manager_id: rnd.int(1, MANAGERS.length),
        // The first four were referred by the demo affiliate.
        referrer_id: k < 4 ? 100001 : null,
        registration_date: k < 4 ? daysAgo(150 - k * 30) : registered,
        email_verified_at: registered,
        security_a1_hash: null,
        security_a2_hash: null,
        security_q1: null,
        security_q2: null,
      });
    }
    await put('affiliates', [...accounts, ...fillers]);
    await syncIdentity(trx, 'affiliates');
    await put('affiliate_flags', [
      { affiliate_id: 100001, flag: 175 },
      { affiliate_id: 100001, flag: 183 },
      { affiliate_id: 100002, flag: 183 },
      { affiliate_id: 100004, flag: 121 },
      { affiliate_id: 100005, flag: 148 },
      // Dashboard demo affiliates: chat-app announcement already dismissed (183) except telegram@.
      ...(Object.keys(DASHBOARD_DEMO_IDS) as Array<keyof typeof DASHBOARD_DEMO_IDS>)
        .filter((key) => key !== 'telegram')
        .map((key) => ({ affiliate_id: DASHBOARD_DEMO_IDS[key], flag: 183 })),
      { affiliate_id: DASHBOARD_DEMO_IDS.badMail, flag: 121 },
      { affiliate_id: DASHBOARD_DEMO_IDS.docs, flag: 148 },
      ...BONUS_DEMOS.filter((b) => b.optedIn).map((b) => ({ affiliate_id: DASHBOARD_DEMO_IDS[b.key], flag: 185 })),
    ]);
    // Intro survey answered (target countries and verticals) by every sign-in demo account except
    // survey@, so only that one gets the survey; the main demo's verticals feed Suggested For You.
    const surveyed = [100001, 100002, 100003, 100004, 100005, ...Object.values(DASHBOARD_DEMO_IDS).filter((id) => id !== DASHBOARD_DEMO_IDS.survey)];
    await put('affiliate_target_countries', surveyed.flatMap((id) => ['US', 'CA', 'GB'].map((country_code) => ({ affiliate_id: id, country_code }))));
    const demoVerticals = subcategories.filter((sc) => sc.category_id === 1 || sc.category_id === 5).slice(0, 5).map((sc) => sc.id);
    await put('affiliate_target_verticals', surveyed.flatMap((id) => demoVerticals.map((subcategory_id) => ({ affiliate_id: id, subcategory_id }))));
    await put('referrals', fillers.slice(0, 4).map((f, k) => ({
      referrer_id: 100001, referred_id: f.id as number, referred_at: f.registration_date, approved_at: daysAgo(148 - k * 30),
    })));

    // ---------- the demo affiliate's campaigns ----------
    const demoId = 100001;
    const live = plans.filter((p) => p.status === 'active');
    const approved = rnd.sample(live, Math.min(36, live.length));
    const others = live.filter((p) => !approved.includes(p));
    const pending = rnd.sample(others.filter((p) => p.byRequest), 5);
    const rejected = rnd.sample(others.filter((p) => p.byRequest && !pending.includes(p)), 3);
    const requestToRun = rnd.sample(others.filter((p) => !pending.includes(p) && !rejected.includes(p)), 2);
    const access: Array<Insertable<DB['campaign_access']>> = [];
    approved.forEach((p, k) => access.push({
      affiliate_id: demoId, campaign_id: p.id, status: 'Approved', daily_cap: rnd.chance(0.3) ? rnd.int(5, 50) * 10 : null,
      is_manager_pick: k % 5 === 0, updated_at: daysAgo(k * 9 + 1),
    }));
    pending.forEach((p, k) => access.push({ affiliate_id: demoId, campaign_id: p.id, status: 'Pending', updated_at: daysAgo(k + 1) }));
    rejected.forEach((p, k) => access.push({ affiliate_id: demoId, campaign_id: p.id, status: 'Rejected', updated_at: daysAgo(20 + k) }));
    requestToRun.forEach((p, k) => access.push({
      affiliate_id: demoId, campaign_id: p.id, status: 'Request approval to run', is_manager_pick: true, updated_at: daysAgo(3 + k),
    }));
    for (const p of rnd.sample(others, 4)) {
      if (!access.some((a) => a.campaign_id === p.id)) access.push({ affiliate_id: demoId, campaign_id: p.id, status: p.byRequest ? 'Pending' : 'Approved', is_manager_pick: true, updated_at: daysAgo(2) });
    }
    await put('campaign_access', access);
    await put('access_requests', [...pending, ...rejected].map((p, k) => ({
      affiliate_id: demoId, campaign_id: p.id, status: k < pending.length ? ('Pending' as const) : ('Rejected' as const),
      estimated_leads: String(rnd.int(2, 40) * 5), traffic_type: p.traffic.includes('email') ? 'E' : 'L',
      description: 'Newsletter placements and paid social to a lookalike audience of our finance readers, with our own landing pages.',
      creative: 'E' as const, source1: 'Solo e-mail blast', source2: 'Paid ads', created_at: daysAgo(k + 2),
      decided_at: k < pending.length ? null : daysAgo(k),
    })));
    await put('bookmarks', rnd.sample(plans, 12).map((p, k) => ({ affiliate_id: demoId, campaign_id: p.id, created_at: daysAgo(k * 4) })));
    await put('campaign_views', rnd.sample(plans, 15).map((p, k) => ({ affiliate_id: demoId, campaign_id: p.id, viewed_at: new Date(now.getTime() - k * 5 * 3600_000) })));

    // ---------- tracking links, clicks, conversions ----------
    const running = approved.slice(0, Math.min(20, approved.length));
    const links: Array<Insertable<DB['tracking_links']>> = [];
    const sub1Values = ['fb_feed', 'ig_story', 'newsletter', 'google_brand', 'tiktok_a', 'native_taboola', ''];
    for (const p of running) {
      for (let k = 0; k < rnd.int(1, 3); k++) {
        links.push({
          id: links.length + 1, code: newOpaqueId(), affiliate_id: demoId, campaign_id: p.id, traffic_type: rnd.pick(p.traffic),
          creative_id: rnd.pick(p.creatives), landing_page_id: rnd.pick(p.landingPages), sub1: rnd.pick(sub1Values),
          sub2: rnd.chance(0.5) ? `adset_${rnd.int(1, 9)}` : '', created_at: daysAgo(historyDays + 5 - k),
        });
      }
    }
    await put('tracking_links', links);
    await syncIdentity(trx, 'tracking_links');

    // The history goes through the tracking engine's own writes (issue 6 point 5): clicks with
    // their stats_daily increments in batches (writeClicks, as the group-commit batcher), then each
    // conversion, and each reversal, with its rollup change (recordConversion), so the demo's
    // reports agree with its raw events. The affiliate's postbacks are saved after the history, so
    // no postback is queued for past conversions.
    interface PlannedConversion { clickKey: string; txid: string; sale: number; status: 'approved' | 'pending'; at: Date; reversal?: { at: Date; reason: string } }
    const writeHistory = async (clickRows: ClickRow[], toRecord: PlannedConversion[]) => {
      for (let i = 0; i < clickRows.length; i += 500) await writeClicks(trx, clickRows.slice(i, i + 500), timeZone);
      count('clicks', clickRows.length);
      const recorded: Array<{ status: string; payout: number; converted_at: Date }> = [];
      for (const c of toRecord) {
        const base = { clickId: c.clickKey, txid: c.txid, via: 'demo' as const, timeZone };
        const r = await recordConversion(trx, { ...base, amount: c.sale, status: c.status, at: c.at });
        count('conversions', 1);
        if (c.reversal) {
          await recordConversion(trx, { ...base, status: 'reversed', reason: c.reversal.reason, at: c.reversal.at });
          count('reversals', 1);
        }
        recorded.push({ status: c.reversal ? 'reversed' : c.status, payout: r.payout ?? 0, converted_at: c.at });
      }
      return recorded;
    };
    const clicks: ClickRow[] = [];
    const planned: PlannedConversion[] = [];
    const devices: Array<[string, string, string]> = [
      ['Desktop', 'Windows', 'Chrome'], ['Desktop', 'macOS', 'Safari'], ['Mobile', 'Android', 'Chrome'],
      ['Mobile', 'iOS', 'Safari'], ['Tablet', 'iOS', 'Safari'], ['Desktop', 'Windows', 'Edge'],
    ];
    const cities: Record<string, Array<[string, string]>> = {
      US: [['NY', 'New York'], ['CA', 'Los Angeles'], ['TX', 'Houston'], ['IL', 'Chicago'], ['FL', 'Miami']],
      CA: [['ON', 'Toronto'], ['BC', 'Vancouver']], GB: [['ENG', 'London'], ['ENG', 'Manchester']],
      DE: [['BE', 'Berlin'], ['BY', 'Munich']], AU: [['NSW', 'Sydney'], ['VIC', 'Melbourne']],
    };
    const campaignRate = new Map(running.map((p) => [p.id, { cr: rnd.float(0.008, 0.06, 4), weight: rnd.float(0.3, 1.6) }]));
    let clickId = 1;
    for (let d = historyDays - 1; d >= 0; d--) {
      const day = daysAgo(d);
      const weekday = day.getUTCDay();
      const trend = 0.6 + 0.4 * (1 - d / historyDays);
      const weekly = weekday === 0 || weekday === 6 ? 0.75 : 1;
      for (const p of running) {
        const { cr, weight } = campaignRate.get(p.id)!;
        const n = rnd.around(14 * weight * trend * weekly, 0.3);
        const pLinks = links.filter((l) => l.campaign_id === p.id);
        for (let k = 0; k < n; k++) {
          const link = rnd.pick(pLinks);
          const country = p.countries.length ? rnd.pick(p.countries) : rnd.pick(['US', 'US', 'CA', 'GB', 'DE', 'AU', 'IN']);
          const [region, city] = cities[country] ? rnd.pick(cities[country]) : ['', ''];
          const [device, os, browser] = rnd.pick(devices);
          const at = new Date(day.getTime() + rnd.int(0, DAY / 1000 - 1) * 1000);
          if (at > now) continue;
          const ip = `${rnd.int(23, 223)}.${rnd.int(0, 255)}.${rnd.int(0, 255)}.${rnd.int(1, 254)}`;
          const cid = clickId++;
          const click = {
            click_key: `${cid.toString(36)}${rnd.hex(12)}`, affiliate_id: demoId, campaign_id: p.id,
            tracking_link_id: link.id as number, creative_id: link.creative_id ?? 0, landing_page_id: link.landing_page_id ?? 0,
            sub1: link.sub1 ?? '', sub2: link.sub2 ?? '', ip, country_code: country, region, city, device, os, browser,
            traffic_type: link.traffic_type, clicked_at: at,
          };
          clicks.push(click);
          if (rnd.next() < cr) {
            const sale = p.rateType === 'P' ? rnd.float(19, 320) : 0;
            const convertedAt = new Date(Math.min(at.getTime() + rnd.int(60, 36 * 3600) * 1000, now.getTime()));
            const ageDays = (now.getTime() - convertedAt.getTime()) / DAY;
            const reversed = ageDays > 10 && rnd.chance(0.04);
            const status = ageDays < 3 && rnd.chance(0.5) ? ('pending' as const) : ('approved' as const);
            const txid = rnd.hex(10);
            planned.push({
              clickKey: click.click_key, txid, sale, status: reversed ? 'approved' : status, at: convertedAt,
              reversal: reversed
                ? {
                    at: new Date(Math.min(convertedAt.getTime() + rnd.int(3, 9) * DAY, now.getTime())),
                    reason: rnd.pick(['Chargeback', 'Duplicate lead', 'Fraud check failed', 'Returned order']),
                  }
                : undefined,
            });
          }
        }
      }
    }
    const conversions = await writeHistory(clicks, planned);

    // ---------- money: account balance, MaxMoney, referrals ----------
    const weeklyEarnings = new Map<string, number>();
    for (const c of conversions) {
      if (c.status !== 'approved') continue;
      const week = formatDay(startOfWeek(new Date(c.converted_at as Date)));
      weeklyEarnings.set(week, (weeklyEarnings.get(week) ?? 0) + Number(c.payout));
    }
    // The demo's ledger (the Account Balances page, issue 17): weekly earnings (Saturday), a payment
    // each Wednesday once the balance owed reaches the $100 minimum (all of it, so the balance never
    // runs away), referral credits, the first-payment bonus and a few adjustments both ways, with
    // notes. Credits are gathered first and the ledger is written after, in day order; the draws
    // from rnd stay the ones they always were, so the rest of the network is unchanged.
    type Credit = { day: string; type: 'Earnings' | 'Referral' | 'Bonus' | 'Adjustment'; amount: number; notes: string };
    const credits: Credit[] = [];
    const paydays: Array<{ day: string; cutoff: string }> = [];
    const earnedByWeek = new Map<string, number>();
    // Weeks before day 400 (the ledger's first start) draw from their own stream, so the main
    // stream's draws, and with them the rest of the network, are the ones they always were.
    const olderWeeks = new Random((options.seed ?? DEMO_SEED) ^ 0x1ed9e4);
    for (let w = startOfWeek(demoRegistered); w < today; w = new Date(w.getTime() + 7 * DAY)) {
      const key = formatDay(w);
      const inHistory = w.getTime() >= daysAgo(historyDays).getTime();
      const draw = w.getTime() < startOfWeek(daysAgo(400)).getTime() ? olderWeeks : rnd;
      const earned = round2(inHistory ? weeklyEarnings.get(key) ?? 0 : draw.chance(0.8) ? draw.float(40, 900) : 0);
      const lineDay = formatDay(new Date(w.getTime() + 6 * DAY));
      earnedByWeek.set(key, earned);
      // A week's earnings are credited once it is over: the week under way has no line yet.
      if (earned > 0 && lineDay <= formatDay(today)) credits.push({ day: lineDay, type: 'Earnings', amount: earned, notes: `Earnings for the week of ${key}` });
      // Paid the following Wednesday: what is owed up to this Saturday.
      const payday = new Date(w.getTime() + 10 * DAY);
      if (payday < today) paydays.push({ day: formatDay(payday), cutoff: lineDay });
    }
    // Referral income (issue 19, docs/referrals.md): the four referred publishers earn through the
    // tracking engine from their approval on (writeHistory, like the history above; their own random
    // stream), and the referral job's own computation turns their approved earnings into the demo's
    // commissions, and each month that is over into its 'Referral' credit, dated as the job dates it.
    {
      const refRnd = new Random((options.seed ?? DEMO_SEED) ^ 0x2ef3a1);
      const selfServe = live.filter((p) => !p.byRequest);
      const refCampaigns = selfServe.length > 8 ? selfServe.slice(4, 8) : live.slice(0, 4);
      const refClicks: ClickRow[] = [];
      const refConversions: PlannedConversion[] = [];
      const CLICKS_PER_REFERRED_CONVERSION = 20;
      const referredDemo = fillers.slice(0, 4);
      await put('campaign_access', referredDemo.flatMap((f, k) => refCampaigns.map((p) => ({
        affiliate_id: f.id as number, campaign_id: p.id, status: 'Approved' as const, updated_at: daysAgo(147 - k * 30),
      }))));
      referredDemo.forEach((f, k) => {
        // Approved 148 - 30k days ago (the referrals above): conversions from the next day on.
        for (let d = 147 - k * 30; d >= 0; d--) {
          for (let n = refRnd.int(0, 2); n > 0; n--) {
            const p = refRnd.pick(refCampaigns);
            // 13:00 to 23:00 UTC: inside the Eastern day of the same date.
            const at = new Date(daysAgo(d).getTime() + refRnd.int(13 * 3600, 23 * 3600) * 1000);
            const sale = p.rateType === 'P' ? refRnd.float(40, 260) : 0;
            const reversed = refRnd.chance(0.05);
            if (at > now) continue;
            const key = `ref${f.id as number}x${refConversions.length}`;
            for (let c = 0; c < CLICKS_PER_REFERRED_CONVERSION; c++) {
              refClicks.push({
                click_key: c === 0 ? key : `${key}c${c}`, affiliate_id: f.id as number, campaign_id: p.id, creative_id: p.creatives[0],
                landing_page_id: p.landingPages[0], country_code: f.country_code ?? 'US', clicked_at: new Date(at.getTime() - (5 + c * 11) * 60_000),
              });
            }
            const ageDays = (now.getTime() - at.getTime()) / DAY;
            refConversions.push({
              clickKey: key, txid: key, sale, status: ageDays < 3 ? 'pending' : 'approved', at,
              reversal: reversed && ageDays > 10 ? { at: new Date(at.getTime() + 4 * DAY), reason: 'Chargeback' } : undefined,
            });
          }
        }
      });
      await writeHistory(refClicks, refConversions);
    }
    const referralIncome = await computeReferralCommissions(trx, now, { referrerId: demoId });
    const referralCommissions: Array<Insertable<DB['referral_commissions']>> = referralIncome.map(({ referrer_id, referred_id, period_date, amount }) => ({ referrer_id, referred_id, period_date, amount }));
    // The draws of the random amounts this replaced, kept so the main stream (and the network after it) is unchanged.
    for (let m = 5; m >= 1; m--) {
      const period = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - m, 1));
      for (const f of fillers.slice(0, 4)) if ((f.registration_date as Date) <= period) rnd.float(5, 180);
    }
    const incomeByMonth = new Map<string, number>();
    for (const r of referralIncome) if (r.period_date < monthOf(now)) incomeByMonth.set(r.period_date, (incomeByMonth.get(r.period_date) ?? 0) + r.amount);
    for (const [period, total] of incomeByMonth) credits.push({ day: incomeLineDay(period), type: 'Referral', amount: round2(total), notes: incomeNote(period) });
    credits.push({ day: formatDay(daysAgo(770)), type: 'Bonus', amount: 100, notes: 'First payment bonus' });
    // Adjustments: credits on their own day; a debit on the Saturday of the first week from its day
    // that earned at least $100, so it is taken from that week's earnings, never below zero.
    const adjustments: Array<{ daysAgo: number; amount: number; notes: string }> = [
      { daysAgo: 700, amount: 12.5, notes: 'Late postback from the advertiser: 1 sale credited' },
      { daysAgo: 560, amount: -30, notes: 'Fraudulent leads removed after a quality review' },
      { daysAgo: 450, amount: 40, notes: 'Rate correction: the agreed payout applied retroactively' },
      { daysAgo: 330, amount: 25, notes: "Correction: 2 leads the advertiser's postback missed, credited after review" },
      { daysAgo: 270, amount: -18.5, notes: 'Chargeback on an approved sale' },
      { daysAgo: 200, amount: -42, notes: 'Duplicate leads removed after a quality review' },
      { daysAgo: 150, amount: 60, notes: 'Manual credit: conversions lost during a tracking outage' },
      { daysAgo: 75, amount: -7.25, notes: 'Returned order: commission taken back' },
      { daysAgo: 30, amount: 15, notes: 'Goodwill credit for a late payment' },
    ];
    for (const a of adjustments) {
      if (a.amount > 0) {
        credits.push({ day: formatDay(daysAgo(a.daysAgo)), type: 'Adjustment', amount: a.amount, notes: a.notes });
        continue;
      }
      for (let w = startOfWeek(daysAgo(a.daysAgo)); w < today; w = new Date(w.getTime() + 7 * DAY)) {
        if ((earnedByWeek.get(formatDay(w)) ?? 0) < 100) continue;
        credits.push({ day: formatDay(new Date(w.getTime() + 6 * DAY)), type: 'Adjustment', amount: a.amount, notes: a.notes });
        break;
      }
    }
    // Day order; on one day, in the order gathered (earnings before that Saturday's adjustment).
    credits.sort((a, b) => a.day.localeCompare(b.day));
    const balanceLines: Array<Insertable<DB['account_balance_lines']>> = [];
    let owed = 0;
    let next = 0;
    for (const p of paydays) {
      for (; next < credits.length && credits[next].day <= p.cutoff; next++) {
        const c = credits[next];
        balanceLines.push({ affiliate_id: demoId, line_date: c.day, type: c.type, amount: c.amount, notes: c.notes });
        owed += c.amount;
      }
      if (round2(owed) >= 100) {
        balanceLines.push({ affiliate_id: demoId, line_date: p.day, type: 'Payment', amount: -round2(owed), notes: 'Weekly payment via Tipalti (ACH)' });
        owed = 0;
      }
    }
    for (const c of credits.slice(next)) balanceLines.push({ affiliate_id: demoId, line_date: c.day, type: c.type, amount: c.amount, notes: c.notes });
    // Lines of the days between a Saturday and its payday were gathered after that payment.
    balanceLines.sort((a, b) => a.line_date.localeCompare(b.line_date));
    await put('account_balance_lines', balanceLines);
    await put('referral_commissions', referralCommissions);
    // The months credited above, claimed as the referral job claims them, so it never credits them again.
    const referralLines = await trx.selectFrom('account_balance_lines').select(['id', 'line_date']).where('affiliate_id', '=', demoId).where('type', '=', 'Referral').execute();
    await put('referral_credits', referralLines.map((l) => ({ affiliate_id: demoId, kind: 'income' as const, period_date: addMonthsTo(l.line_date, -1), line_id: l.id })));

    // MaxMoney (issue 19, docs/rewards.md; server/modules/maxmoney/demo.ts): promos around the demo's
    // real history, the ended ones credited by the crediting job. The main stream's draw stays here
    // (the draws after it are the ones they always were); its campaigns feed the future promo.
    const promoCampaigns = rnd.sample(live, 6);
    count('maxmoney_transactions', await seedDemoMaxmoney(trx, {
      now, demoId, historyDays, ran: running.map((p) => p.id), drawn: promoCampaigns.map((p) => p.id), seed: options.seed ?? DEMO_SEED, put,
    }));

    // ---------- dashboard demo affiliates' earnings (issue 5) ----------
    // Deterministic (no draws from rnd, so the rest of the network is unchanged): conversions on a
    // few self-serve campaigns spread over the first 3 months since registration, up to each
    // account's earnings, and one conversion of the main demo a few minutes ago so its "today" is
    // not empty. Written through the tracking engine like the history above.
    {
      const bonusCampaigns = live.filter((p) => !p.byRequest).slice(0, 4);
      const extraClicks: ClickRow[] = [];
      const extraConversions: PlannedConversion[] = [];
      const payoutOf = (p: CampaignPlan) => (p.rateType === 'P' ? Math.round(200 * p.rate) / 100 : p.rate);
      // About one conversion in 40 clicks, so the network EPC these accounts add stays realistic.
      const CLICKS_PER_CONVERSION = 40;
      const addConversion = (affiliateId: number, p: CampaignPlan, at: Date, n: number) => {
        const key = `dash${affiliateId}x${n}`;
        for (let k = 0; k < CLICKS_PER_CONVERSION; k++) {
          extraClicks.push({
            click_key: k === 0 ? key : `${key}c${k}`, affiliate_id: affiliateId, campaign_id: p.id, creative_id: p.creatives[0],
            landing_page_id: p.landingPages[0], country_code: 'US', clicked_at: new Date(at.getTime() - (10 + k * 7) * 60_000),
          });
        }
        // The engine computes the payout from the campaign's default rate: payoutOf(p) exactly.
        extraConversions.push({ clickKey: key, txid: key, sale: p.rateType === 'P' ? 200 : 0, status: 'approved', at });
      };
      for (const b of BONUS_DEMOS) {
        const id = DASHBOARD_DEMO_IDS[b.key];
        await put('campaign_access', bonusCampaigns.map((p) => ({ affiliate_id: id, campaign_id: p.id, status: 'Approved' as const, updated_at: daysAgo(b.registeredDaysAgo - 1) })));
        // Days of the promo period that have passed (3 months is about 90 days).
        const days = Math.min(b.registeredDaysAgo, 89);
        let earned = 0;
        let n = 0;
        for (let d = 0; d < days && earned < b.earnings; d++) {
          // Mid-day Eastern (15:00 UTC), well inside the reporting day.
          const at = new Date(daysAgo(b.registeredDaysAgo - d).getTime() + 15 * 3600_000);
          if (at > now) break;
          while (earned < (b.earnings * (d + 1)) / days) {
            const p = bonusCampaigns[n % bonusCampaigns.length];
            addConversion(id, p, new Date(at.getTime() + (n % 60) * 60_000), n++);
            earned += payoutOf(p);
          }
        }
      }
      // Five minutes ago, unless that is still yesterday in the reporting zone (a database made just
      // after midnight there): then a second ago, so "today" is never empty.
      const fiveMinutesAgo = new Date(now.getTime() - 5 * 60_000);
      const recent = dayInZone(fiveMinutesAgo, timeZone) === dayInZone(now, timeZone) ? fiveMinutesAgo : new Date(now.getTime() - 1000);
      if (approved.length > 0) addConversion(demoId, approved[0], recent, 0);
      await writeHistory(extraClicks, extraConversions);
    }
    const rollupRows = await trx.selectFrom('stats_daily').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    count('stats_daily', Number(rollupRows.n));
    // Saved after the history, so only new conversions fire them.
    await put('postbacks', [
      { affiliate_id: demoId, campaign_id: null, type: 'L', code: 'https://tracker.morganmedia.example/postback?cid=#s1#&payout=#rate#&oid=#oid#' },
      ...approved.slice(0, 3).map((p) => ({ affiliate_id: demoId, campaign_id: p.id, type: 'S' as const, code: `https://tracker.morganmedia.example/pb?offer=${p.id}&sub=#s1#&amount=#rate#` })),
    ]);

    // ---------- content ----------
    await put('news', NEWS.map((n, k) => ({ id: k + 1, type: n.type, news_date: formatDay(daysAgo(n.daysAgo)), body_html: n.html })));
    await put('notifications', [
      ...NOTIFICATIONS.map((html, k) => ({ id: k + 1, body_html: html, created_at: daysAgo(k + 1) })),
      {
        id: NOTIFICATIONS.length + 1, affiliate_id: demoId, created_at: daysAgo(0),
        body_html: `<p>Good news: your request to run campaign <a href="${paths.campaign(approved[0].id)}">#${approved[0].id}</a> was approved.</p>`,
      },
      { id: NOTIFICATIONS.length + 2, affiliate_id: DASHBOARD_DEMO_IDS.telegram, created_at: daysAgo(0), body_html: PRIVATE_NOTIFICATION },
    ]);
    const featured = rnd.sample(live.filter((p) => !p.byRequest), 6);
    await put('slider_items', featured.map((p, k) => ({
      id: k + 1, campaign_id: p.id, pinned: k === 0, sort: k, button: k === 0 ? 'Start promoting' : 'View campaign',
      url: paths.campaign(p.id),
      description: p.rateType === 'F' ? `Now paying ${rateText('F', p.rate)}` : `Earn ${formatRate('P', p.rate)} of every sale`,
    })));
    await put('resources', RESOURCES.map((r, k) => ({ id: k + 1, category_id: r.category, name: r.name, description: r.description, url: r.url, promo_code: r.promo_code ?? '', promo_description: r.promo_description ?? '', image_style: k })));
    // The registration page's partner banners (?mktg=1..3; docs/registration.md): fixed, not drawn from the random stream.
    await put('marketing_campaigns', [
      { id: 1, header: 'Earn more with our network', image: '', content: 'Weekly payments, dedicated affiliate managers and hundreds of exclusive campaigns.' },
      { id: 2, header: 'Welcome, Affiliate Summit attendees', image: '', content: 'Apply today and your manager will call you within one business day to set up your first campaigns.' },
      { id: 3, header: 'Readers of Performance Weekly', image: '', content: 'Exclusive finance and insurance offers, paid weekly once you reach $100.' },
    ]);
    for (const t of ['news', 'notifications', 'slider_items', 'resources', 'marketing_campaigns'] as const) await syncIdentity(trx, t);

    await trx
      .insertInto('app_meta')
      .values({ key: META_DEMO, value: JSON.stringify({ seed: options.seed ?? DEMO_SEED, campaigns: campaignCount, at: now.toISOString() }) })
      .execute();
  });

  return { rows, ms: Date.now() - started };
}

function roundRate(rate: number): number {
  return rate >= 10 ? Math.round(rate * 2) / 2 : Math.round(rate * 100) / 100;
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** Sunday of the week (UTC), the start of a pay period. */
function startOfWeek(d: Date): Date {
  const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  return new Date(day.getTime() - day.getUTCDay() * DAY);
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

/** Row counts of every table, for the start-up log and the report. */
export async function countRows(db: Kysely<DB>): Promise<Record<string, number>> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
    order by table_name`.execute(db);
  const out: Record<string, number> = {};
  for (const { table_name } of tables.rows) {
    const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table_name)}`.execute(db);
    out[table_name] = r.rows[0].n;
  }
  return out;
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
 * What the campaign page needs to look alive (issue 14), drawn from a generator of its own so the
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
