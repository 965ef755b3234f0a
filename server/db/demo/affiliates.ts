import type { Insertable } from 'kysely';
import type { DB } from '../schema';
import { FIRST_NAMES, LAST_NAMES } from './catalog';
import { DASHBOARD_DEMO_NAMES, MANAGERS } from './content';
import { syncIdentity } from './insert';
import { BONUS_DEMOS, DASHBOARD_DEMO_IDS, DEMO_ACCOUNT_KEYS, DEMO_ACCOUNTS, DEMO_TOTP_SECRET } from './accounts';
import type { DemoRun } from './run';

/** The password hashes made before the transaction (scrypt runs on libuv's thread pool). */
export interface DemoHashes {
  /** One per DEMO_ACCOUNT_KEYS, in its order. */
  hashes: string[];
  fillerHash: string;
  answerHash: string;
}

/**
 * The sign-in demo accounts, the dashboard demo accounts and the fillers, with their flags, intro
 * survey answers and the demo's four referrals.
 */
export async function seedAffiliates(run: DemoRun, { hashes, fillerHash, answerHash }: DemoHashes): Promise<{ demoRegistered: Date; fillers: Array<Insertable<DB['affiliates']>> }> {
  const accountKeys = DEMO_ACCOUNT_KEYS;
  const { trx, rnd, daysAgo, fillerCount, subcategories, put } = run;
  // Registered 800 days ago: the Account Balances page shows more than two full years of weekly
  // payments, so at least one whole calendar year lies between the first and this one.
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
    // Dashboard demo affiliates: everything on file except what their modal asks for.
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
  return { demoRegistered, fillers };
}
