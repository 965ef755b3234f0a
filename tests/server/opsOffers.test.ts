import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/db/demo/seed';
import { SECRET_GRACE_MS } from '../../server/modules/opsOffers/postback';
import { CampaignDetailResponse } from '../../src/api/contract/campaignDetail';
import { AuditResponse } from '../../src/api/contract/operator';
import {
  AdvertiserPostbackAnswer,
  AdvertiserResponse,
  AdvertisersResponse,
  CampaignPreviewResponse,
  OfferCampaignResponse,
  OfferCampaignsResponse,
  OfferOptionsResponse,
  type CreateCampaignBody,
  type OfferCampaign,
} from '../../src/api/contract/opsOffers';
import type { OperatorRole } from '../../src/api/contract/roles';
import { multipartBody, setupTestApp, testEngine, tokenFor, withToken, type TestContext } from './helpers';
import { OPERATOR_PASSWORD, createOperator, operatorSignIn } from './operatorSignIn';
import { DEMO_AFFILIATE } from './trackingFixtures';

/**
 * The back office's advertisers and campaigns (docs/ops-offers.md), through the API as operators of
 * each role: what an operator creates is what the affiliate's campaign page and search show, pausing
 * sends the links to the campaign's fallback page, every write leaves its audit entry and nothing of
 * a failed one, and a rotated postback secret keeps working for its grace period only.
 */
const NETWORK_FALLBACK = 'https://network.example/unavailable';
const CAMPAIGN_FALLBACK = 'https://northwind.example/closed';
const LANDING = 'https://northwind.example/solar?cid={click_id}';
let clock = new Date('2027-05-04T15:00:00Z'); // Tuesday, 11:00 Eastern
let t: TestContext;
const tokens = {} as Record<OperatorRole, string>;
const operatorIds = {} as Record<OperatorRole, number>;
let affiliate: string;
let serial = 0;

async function signInAll() {
  for (const role of ['admin', 'manager', 'finance', 'viewer'] as const) {
    tokens[role] = await operatorSignIn(t.app, t.database.db, { email: `${role}@offers.example`, password: OPERATOR_PASSWORD }, { at: clock, remoteAddress: `203.0.113.${++serial}` });
  }
  affiliate = await tokenFor(t.app, DEMO_ACCOUNTS.demo);
}

beforeAll(async () => {
  t = await setupTestApp({
    now: () => clock,
    tracking: { baseUrl: 'https://trk.example', fallbackUrl: NETWORK_FALLBACK, linkCacheMs: 0, clickBatchDelayMs: 1, capCheckMs: 60_000 },
  });
  for (const role of ['admin', 'manager', 'finance', 'viewer'] as const) operatorIds[role] = await createOperator(t.database.db, `${role}@offers.example`, role);
  await signInAll();
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT';
const op = (role: OperatorRole, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/operator${url}`, headers: { 'x-operator-token': tokens[role] }, remoteAddress: '192.0.2.77', ...(method === 'GET' ? {} : { payload: (payload ?? {}) as never }) });
const portal = (url: string) => t.app.inject(withToken(affiliate, { method: 'GET', url: `/api${url}` }));
const audit = async (query: string) => AuditResponse.parse((await op('admin', 'GET', `/audit?${query}`)).json()).entries;
const message = (res: { json(): unknown }) => (res.json() as { errors: { message: string } }).errors.message;
const click = (link: string) =>
  t.app.inject({ method: 'GET', url: new URL(link).pathname, headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0' }, remoteAddress: '198.51.100.9' });
const postback = (query: string) => t.app.inject({ method: 'GET', url: `/postback?${query}` });
const counts = async () => {
  const out: Record<string, number> = {};
  for (const table of ['campaigns', 'campaign_rates', 'campaign_countries', 'campaign_traffic_types', 'campaign_os', 'email_suppression_urls', 'advertisers', 'operator_audit'] as const) {
    const row = await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
};

let advertiserId: number;
let category: { category_id: number; name: string; subcategories: Array<{ subcategory_id: number; name: string }> };
let otherCategory: typeof category;
let campaign: OfferCampaign;
let link: string;

/** The campaign the tests create: By Request, reviewed, three rates, two countries, three systems, two questions. */
const campaignBody = (): CreateCampaignBody => ({
  advertiser_id: advertiserId,
  name: 'Northwind Solar Quote - Lead (US/CA)',
  description: 'Homeowners ask for a free solar quote.\nOne lead per household.',
  category_id: category.category_id,
  subcategory_id: category.subcategories[0].subcategory_id,
  by_request: true,
  approval_mode: 'review',
  approval_preface: 'Northwind reviews every publisher.',
  questions: ['Which websites will you use?', 'What daily volume can you send?'],
  rates: [
    { description: 'Qualified lead', rate_type: 'F', rate: 12.5, revenue_type: 'F', revenue: 20, status: 'Active', is_default: true },
    { description: 'Installed system', rate_type: 'P', rate: 10, revenue_type: 'P', revenue: 15.5, status: 'Active', is_default: false },
    { description: 'Old tier', rate_type: 'F', rate: 3, revenue_type: 'F', revenue: 5, status: 'Inactive', is_default: false },
  ],
  traffic_types: ['email', 'search', 'mobile'],
  geo_filtering: true,
  countries: ['us', 'CA'],
  desktop_traffic: true,
  mobile_traffic: true,
  os_filtering: true,
  os: ['Windows', 'iOS', 'Android'],
  daily_cap: 50,
  search_restrictions: 'No bidding on "Northwind".',
  email_rules: 'Scrub against the suppression list before every send.',
  email_subject_lines: ['Your free solar quote', 'Cut your power bill'],
  email_from_lines: ['Northwind Solar'],
  suppression_links: ['https://northwind.example/suppression.txt'],
  highlight: true,
  tracking_type: 'S',
  supports_multiple_postback: false,
  fallback_url: CAMPAIGN_FALLBACK,
  preview_url: 'https://northwind.example/',
  epc: 0.75,
  popularity: 10,
  is_gaming: false,
  status: 'active',
});

describe(`advertisers and campaigns through the operator API (${testEngine})`, () => {
  it('creates an advertiser with a secret, and lists and searches advertisers', async () => {
    const res = await op('manager', 'POST', '/advertisers', { name: '  Northwind Offers ', contact_email: 'ads@northwind.example', notes: 'Pays net 30.' });
    expect(res.statusCode, res.body).toBe(200);
    const { advertiser } = AdvertiserResponse.parse(res.json());
    advertiserId = advertiser.advertiser_id;
    expect(advertiser).toMatchObject({
      name: 'Northwind Offers', contact_email: 'ads@northwind.example', notes: 'Pays net 30.', status: 'active', has_secret: true,
      campaigns: { active: 0, paused: 0, expired: 0 }, secret_rotated_at: null, previous_secret_until: null, created_at: clock.toISOString(),
    });
    const found = AdvertisersResponse.parse((await op('viewer', 'GET', '/advertisers?q=northwind')).json());
    expect(found.advertisers.map((a) => a.advertiser_id)).toEqual([advertiserId]);
    expect(AdvertisersResponse.parse((await op('finance', 'GET', `/advertisers?q=%23${advertiserId}`)).json()).advertisers[0].name).toBe('Northwind Offers');
    const accented = AdvertiserResponse.parse((await op('admin', 'POST', '/advertisers', { name: 'Crème Café Média' })).json()).advertiser;
    expect(AdvertisersResponse.parse((await op('viewer', 'GET', '/advertisers?q=CREME%20media')).json()).advertisers.map((a) => a.advertiser_id)).toEqual([accented.advertiser_id]);
    expect(AdvertisersResponse.parse((await op('viewer', 'GET', '/advertisers?q=100%25')).json()).advertisers).toEqual([]);
    const all = AdvertisersResponse.parse((await op('viewer', 'GET', '/advertisers?limit=2&page=2')).json());
    const total = await t.database.db.selectFrom('advertisers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(all.total).toBe(Number(total.n));
    expect(all.advertisers).toHaveLength(2);
    const entry = (await audit(`target_type=advertiser&target_id=${advertiserId}`))[0];
    expect(entry).toMatchObject({ action: 'advertiser.create', operator: { operator_id: operatorIds.manager }, before: null, ip: '192.0.2.77' });
    expect(entry.after).toMatchObject({ name: 'Northwind Offers', has_secret: true });
  });

  it('creates a By Request campaign with rates, countries and questions; the editor reads back every field', async () => {
    const options = OfferOptionsResponse.parse((await op('viewer', 'GET', '/offers/options')).json());
    const withTwo = options.categories.filter((c) => c.subcategories.length >= 2);
    [category, otherCategory] = [withTwo[0], withTwo[1]];
    expect(options.tracking_types.map((x) => x.code)).toEqual(['S', 'M', 'L', 'I', 'A', 'G', 'H']);
    const res = await op('manager', 'POST', '/campaigns', campaignBody());
    expect(res.statusCode, res.body).toBe(200);
    campaign = OfferCampaignResponse.parse(res.json()).campaign;
    const body = campaignBody();
    expect(campaign).toMatchObject({
      advertiser: { advertiser_id: advertiserId, name: 'Northwind Offers' },
      status: 'active', state: 'active', name: body.name, description: body.description, category: category.name,
      category_id: category.category_id, subcategory_id: category.subcategories[0].subcategory_id, subcategory: category.subcategories[0].name,
      by_request: true, approval_mode: 'review', questions: body.questions, traffic_types: ['email', 'search', 'mobile'],
      geo_filtering: true, countries: ['CA', 'US'], os_filtering: true, daily_cap: 50, highlight: true, tracking_type: 'S',
      fallback_url: CAMPAIGN_FALLBACK, preview_url: 'https://northwind.example/', epc: 0.75, suppression_links: body.suppression_links,
      email_subject_lines: body.email_subject_lines, email_from_lines: body.email_from_lines, expiry_date: null,
    });
    expect([...campaign.os].sort()).toEqual(['Android', 'Windows', 'iOS']);
    expect(campaign.rates.map(({ rate_id: _id, ...r }) => r)).toEqual(body.rates);
    expect(OfferCampaignResponse.parse((await op('finance', 'GET', `/campaigns/${campaign.campaign_id}`)).json()).campaign).toEqual(campaign);
    const listed = OfferCampaignsResponse.parse((await op('viewer', 'GET', `/campaigns?advertiser_id=${advertiserId}`)).json());
    expect(listed.campaigns).toEqual([
      expect.objectContaining({ campaign_id: campaign.campaign_id, state: 'active', by_request: true, payout_text: '$12.50 per lead', revenue_text: '$20.00 per lead' }),
    ]);
    expect((await audit(`target_type=campaign&target_id=${campaign.campaign_id}&action=campaign.create`))[0].after).toMatchObject({ name: body.name, countries: ['CA', 'US'] });
  });

  it("shows the affiliate exactly those fields on the campaign page, the application and search; the preview is the same page", async () => {
    const id = campaign.campaign_id;
    const body = campaignBody();
    const page = await portal(`/campaign/${id}`);
    expect(page.statusCode, page.body).toBe(200);
    const detail = CampaignDetailResponse.parse(page.json()).campaign;
    expect(detail).toMatchObject({
      campaign_id: id,
      allowed_countries: ['CA', 'US'],
      all_countries: 'N',
      allowed_traffic_types: { R: 'Y', L: 'N', S: 'N', C: 'N', E: 'Y', I: 'N', M: 'Y', N: 'N', B: 'N' },
      categories: { category: category.name, main_category_id: category.category_id, subcategory: category.subcategories[0].name, subcategory_id: category.subcategories[0].subcategory_id },
      details: {
        name: body.name, cap: 50, affiliate_cap: 50, cap_left_today: 50, status: 'By Request', advertiser_id: advertiserId,
        affiliate_campaign_status: 'Not requested', epc: 0.75, expiry_date: null, tracking_type: 'S', supports_multiple_postback: 'N',
        description: body.description, landing_page_sample: 'https://northwind.example/', geo_filtering: 'Y', os_filtering: 'Y',
        desktop_traffic: 'Y', mobile_traffic: 'Y', paused: 'N',
      },
      commission: [
        { description: 'Qualified lead', rate_type: '$ per lead', rate: 12.5, rate_text: '$12.50 per lead', status: 'Active', is_default: 'Y' },
        { description: 'Installed system', rate_type: '% of sale', rate: 10, rate_text: '10% of sale', status: 'Active', is_default: 'N' },
      ],
      landing_pages: [],
      creatives: [],
      search_restrictions: body.search_restrictions,
      email_restrictions: { rules: body.email_rules, suppression: 'Y', subject_lines: body.email_subject_lines, from_lines: body.email_from_lines },
    });
    expect([...detail.os_list].sort()).toEqual(['Android', 'Windows', 'iOS']);
    // The network's margin stays out of the affiliate's sight.
    expect(page.body).not.toMatch(/revenue|15\.5|"20"/);
    expect((await portal(`/emailSuppression?m=${advertiserId}&o=${id}`)).json().urls).toEqual([{ url: 'https://northwind.example/suppression.txt' }]);
    expect((await portal(`/campaign/${id}/requestApproval`)).json()).toMatchObject({
      approval_info: { approval_preface: 'Northwind reviews every publisher.' },
      approval_questions: { question1: 'Which websites will you use?', question2: 'What daily volume can you send?', question3: '' },
    });
    const search = (await portal(`/search?st=${encodeURIComponent('northwind solar')}`)).json();
    expect(search.matchingCampaigns).toEqual([
      expect.objectContaining({ campaign_id: id, name: body.name, rate_text: '$12.50 per lead', rate_type: '$ per lead', highlight: 'Y', epc: 0.75, rate: 12.5, email_traffic: 'Y', search_traffic: 'Y', mobile_traffic: 'Y', display_traffic: 'N', paused: 'N' }),
    ]);
    const preview = CampaignPreviewResponse.parse((await op('viewer', 'GET', `/campaigns/${id}/preview`)).json());
    expect(preview).toMatchObject({ visible: true, message: '' });
    // The demo affiliate has no access, bookmark or postback of its own here: the page it got is the preview's.
    expect(preview.campaign).toEqual(detail);
    expect(preview.card).toEqual(search.matchingCampaigns[0]);
  });

  it('pauses and resumes: the page says paused, search leaves it out, clicks go to the fallback page', async () => {
    const id = campaign.campaign_id;
    // The affiliate applies, the manager approves, and the campaign gets a landing page (landing pages are another area's).
    const form = await multipartBody({
      estimatedLeads: '25', trafficType: 'E', description: 'A weekly newsletter to opted-in homeowners.', creative: 'E',
      source1: 'Our own newsletter list', source2: 'Newsletter ad', source3: 'US readers', custom1: 'homeowners.example', custom2: '40 a day',
    });
    const applied = await t.app.inject(withToken(affiliate, { method: 'POST', url: `/api/campaign/${id}/requestApproval`, ...form }));
    expect(applied.json(), applied.body).toMatchObject({ status: 'Pending' });
    const pending = (await op('viewer', 'GET', '/accessRequests')).json().requests.find((r: { campaign: { campaign_id: number } }) => r.campaign.campaign_id === id);
    expect(pending.custom_answers).toEqual([
      { question: 'Which websites will you use?', answer: 'homeowners.example' },
      { question: 'What daily volume can you send?', answer: '40 a day' },
    ]);
    // An admin decides it: a manager operator decides only the requests of their own affiliates (docs/ops-people.md).
    expect((await op('admin', 'POST', `/accessRequests/${pending.id}/approve`)).statusCode).toBe(200);
    await t.database.db.insertInto('landing_pages').values({ campaign_id: id, name: 'Quote form', url: LANDING, is_default: true }).execute();
    const built = await t.app.inject(withToken(affiliate, { method: 'POST', url: '/api/trackinglink', payload: { campaign_id: id, traffic_type: 'E', creative_id: -1 } }));
    link = built.json()['tracking-link'];
    const before = await click(link);
    expect(before.statusCode).toBe(302);
    expect(before.headers.location).toMatch(/^https:\/\/northwind\.example\/solar\?cid=/);

    const paused = await op('manager', 'POST', `/campaigns/${id}/pause`);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(OfferCampaignResponse.parse(paused.json()).campaign).toMatchObject({ status: 'paused', state: 'paused' });
    expect(CampaignDetailResponse.parse((await portal(`/campaign/${id}`)).json()).campaign.details).toMatchObject({ paused: 'Y', affiliate_campaign_status: 'Approved' });
    expect((await portal(`/search?st=${encodeURIComponent('northwind solar')}`)).json().matchingCampaigns).toEqual([]);
    const listed = async (list: string) => ((await portal(`/campaigns/${list}?page=0&limit=100`)).json().campaigns as Array<{ campaign_id: number; paused: string }>).find((c) => c.campaign_id === id);
    expect(await listed('approved')).toMatchObject({ paused: 'Y' });
    expect(await listed('new')).toBeUndefined();
    const away = await click(link);
    expect(away.statusCode).toBe(302);
    expect(away.headers.location).toBe(CAMPAIGN_FALLBACK);
    const preview = CampaignPreviewResponse.parse((await op('viewer', 'GET', `/campaigns/${id}/preview`)).json());
    expect(preview.visible).toBe(true);
    expect(preview.message).toMatch(/marked paused/);
    // Pausing twice changes nothing and writes no second entry.
    expect((await op('manager', 'POST', `/campaigns/${id}/pause`)).statusCode).toBe(200);
    expect(OfferCampaignsResponse.parse((await op('viewer', 'GET', `/campaigns?status=paused&advertiser_id=${advertiserId}`)).json()).campaigns.map((c) => c.campaign_id)).toEqual([id]);

    const resumed = await op('admin', 'POST', `/campaigns/${id}/resume`);
    expect(OfferCampaignResponse.parse(resumed.json()).campaign.state).toBe('active');
    expect((await click(link)).headers.location).toMatch(/^https:\/\/northwind\.example\/solar\?cid=/);
    const entries = await audit(`target_type=campaign&target_id=${id}`);
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ['campaign.resume', { status: 'paused', state: 'paused' }, { status: 'active', state: 'active' }],
      ['campaign.pause', { status: 'active', state: 'active' }, { status: 'paused', state: 'paused' }],
      ['campaign.create', null, expect.objectContaining({ name: campaign.name })],
    ]);
    expect(entries.map((e) => e.operator?.operator_id)).toEqual([operatorIds.admin, operatorIds.manager, operatorIds.manager]);
  });

  it('edits every field and keeps rate ids; a rate that paid a conversion cannot be removed', async () => {
    const id = campaign.campaign_id;
    const [lead, sale, old] = campaign.rates;
    const { advertiser_id: _a, status: _s, ...fields } = campaignBody();
    const edit = {
      ...fields,
      name: 'Northwind Solar Quote - Lead (US/CA/GB)',
      subcategory_id: category.subcategories[1].subcategory_id,
      by_request: false,
      approval_mode: null,
      questions: [],
      countries: ['US', 'CA', 'GB'],
      os_filtering: false,
      os: [],
      mobile_traffic: false,
      daily_cap: null,
      highlight: false,
      traffic_types: ['email', 'display'],
      search_restrictions: '',
      expiry_date: '2027-12-31',
      rates: [
        { ...lead, rate: 14 },
        { ...sale, status: 'Inactive' },
        { ...old },
        { description: 'Mobile lead', rate_type: 'F', rate: 9, revenue_type: 'F', revenue: 13, status: 'Active', is_default: false },
      ],
    };
    const res = await op('manager', 'PUT', `/campaigns/${id}`, edit);
    expect(res.statusCode, res.body).toBe(200);
    const after = OfferCampaignResponse.parse(res.json()).campaign;
    expect(after).toMatchObject({
      name: edit.name, subcategory_id: edit.subcategory_id, by_request: false, approval_mode: null, questions: [], countries: ['CA', 'GB', 'US'],
      os_filtering: false, os: [], mobile_traffic: false, daily_cap: null, highlight: false, traffic_types: ['email', 'display'],
      search_restrictions: '', expiry_date: '2027-12-31', status: 'active', advertiser: { advertiser_id: advertiserId },
    });
    expect(after.rates.slice(0, 3).map((r) => r.rate_id)).toEqual([lead.rate_id, sale.rate_id, old.rate_id]);
    expect(after.rates.map((r) => [r.description, r.rate, r.status])).toEqual([
      ['Qualified lead', 14, 'Active'], ['Installed system', 10, 'Inactive'], ['Old tier', 3, 'Inactive'], ['Mobile lead', 9, 'Active'],
    ]);
    const detail = CampaignDetailResponse.parse((await portal(`/campaign/${id}`)).json()).campaign;
    expect(detail.details).toMatchObject({ name: edit.name, status: 'Public', expiry_date: '2027-12-31', mobile_traffic: 'N', os_filtering: 'N', cap: null });
    expect(detail.commission.map((r) => [r.description, r.rate])).toEqual([['Qualified lead', 14], ['Mobile lead', 9]]);
    const entry = (await audit(`target_type=campaign&target_id=${id}&action=campaign.update`))[0];
    expect(entry.before).toMatchObject({ name: campaign.name, by_request: true, daily_cap: 50 });
    expect(entry.after).toMatchObject({ name: edit.name, by_request: false, daily_cap: null });

    // A conversion paid by the lead rate; removing that rate is refused, removing the unused old one is not.
    await t.database.db.insertInto('clicks').values({ click_key: 'offersclick00001', affiliate_id: DEMO_AFFILIATE, campaign_id: id, clicked_at: clock }).execute();
    const { postback_url } = AdvertiserPostbackAnswer.parse((await op('finance', 'GET', `/advertisers/${advertiserId}/postback`)).json());
    const secret = new URL(postback_url).searchParams.get('secret')!;
    expect((await postback(`click_id=offersclick00001&txid=EDIT-1&secret=${secret}`)).json()).toMatchObject({ success: true, payout: 14 });
    const current = OfferCampaignResponse.parse((await op('viewer', 'GET', `/campaigns/${id}`)).json()).campaign;
    const withoutLead = { ...edit, rates: [{ ...current.rates[3], is_default: true }, current.rates[1], current.rates[2]] };
    const refused = await op('manager', 'PUT', `/campaigns/${id}`, withoutLead);
    expect(refused.statusCode).toBe(409);
    expect(message(refused)).toBe(`Conversions were paid by rate #${lead.rate_id}, so it cannot be removed: set it Inactive instead.`);
    const withoutOld = { ...edit, rates: current.rates.slice(0, 2).concat(current.rates[3]) };
    const removed = await op('manager', 'PUT', `/campaigns/${id}`, withoutOld);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(OfferCampaignResponse.parse(removed.json()).campaign.rates.map((r) => r.rate_id)).toEqual([lead.rate_id, sale.rate_id, current.rates[3].rate_id]);
    campaign = OfferCampaignResponse.parse(removed.json()).campaign;
  });

  it('expires a campaign for good: the portal no longer has it, its links go to the fallback page', async () => {
    const id = campaign.campaign_id;
    const res = await op('manager', 'POST', `/campaigns/${id}/expire`);
    expect(OfferCampaignResponse.parse(res.json()).campaign).toMatchObject({ status: 'expired', state: 'expired' });
    const page = await portal(`/campaign/${id}`);
    expect(page.statusCode).toBe(404);
    expect(message(page)).toBe("This campaign doesn't exist.");
    expect((await click(link)).headers.location).toBe(CAMPAIGN_FALLBACK);
    expect((await portal('/campaigns/approved?page=0&limit=100')).json().campaigns.map((c: { campaign_id: number }) => c.campaign_id)).not.toContain(id);
    // The advertiser's late conversion of an earlier click still counts.
    await t.database.db.insertInto('clicks').values({ click_key: 'offersclick00002', affiliate_id: DEMO_AFFILIATE, campaign_id: id, clicked_at: clock }).execute();
    const { postback_url } = AdvertiserPostbackAnswer.parse((await op('finance', 'GET', `/advertisers/${advertiserId}/postback`)).json());
    expect((await postback(`click_id=offersclick00002&txid=LATE-1&secret=${new URL(postback_url).searchParams.get('secret')}`)).json()).toMatchObject({ success: true, payout: 14 });
    const preview = CampaignPreviewResponse.parse((await op('viewer', 'GET', `/campaigns/${id}/preview`)).json());
    expect(preview).toMatchObject({ visible: false, campaign: null });
    expect(preview.message).toMatch(/expired/);
    for (const [method, url] of [['POST', `/campaigns/${id}/resume`], ['POST', `/campaigns/${id}/pause`], ['PUT', `/campaigns/${id}`]] as const) {
      const { advertiser_id: _a, status: _s, ...fields } = campaignBody();
      const again = await op('manager', method, url, method === 'PUT' ? { ...fields, rates: campaign.rates } : undefined);
      expect(again.statusCode, `${method} ${url}`).toBe(409);
      expect(message(again)).toMatch(/^This campaign is expired, which is final/);
    }
    expect(OfferCampaignsResponse.parse((await op('viewer', 'GET', `/campaigns?status=expired&q=%23${id}`)).json()).campaigns.map((c) => c.campaign_id)).toEqual([id]);
    expect(AdvertiserResponse.parse((await op('viewer', 'GET', `/advertisers/${advertiserId}`)).json()).advertiser.campaigns).toEqual({ active: 0, paused: 0, expired: 1 });
    expect((await audit(`target_type=campaign&target_id=${id}&action=campaign.expire`))).toHaveLength(1);
  });

  it('keeps an inactive advertiser without running campaigns', async () => {
    const made = AdvertiserResponse.parse((await op('admin', 'POST', '/advertisers', { name: 'Contoso Leads' })).json()).advertiser;
    const running = OfferCampaignResponse.parse((await op('admin', 'POST', '/campaigns', { ...campaignBody(), advertiser_id: made.advertiser_id, name: 'Contoso Solar' })).json()).campaign;
    const refused = await op('manager', 'PUT', `/advertisers/${made.advertiser_id}`, { name: 'Contoso Leads', status: 'inactive' });
    expect(refused.statusCode).toBe(409);
    expect(message(refused)).toBe('Contoso Leads has a campaign running: pause or expire it before making the advertiser inactive.');
    await op('manager', 'POST', `/campaigns/${running.campaign_id}/pause`);
    const inactive = await op('manager', 'PUT', `/advertisers/${made.advertiser_id}`, { name: 'Contoso Leads', contact_email: 'ops@contoso.example', status: 'inactive' });
    expect(AdvertiserResponse.parse(inactive.json()).advertiser).toMatchObject({ status: 'inactive', contact_email: 'ops@contoso.example', campaigns: { active: 0, paused: 1, expired: 0 } });
    const resume = await op('manager', 'POST', `/campaigns/${running.campaign_id}/resume`);
    expect(resume.statusCode).toBe(409);
    expect(message(resume)).toBe('Contoso Leads is inactive: make the advertiser active first.');
    const create = await op('manager', 'POST', '/campaigns', { ...campaignBody(), advertiser_id: made.advertiser_id });
    expect(create.statusCode).toBe(409);
    expect(AdvertisersResponse.parse((await op('viewer', 'GET', '/advertisers?status=inactive&q=contoso')).json()).advertisers.map((a) => a.advertiser_id)).toEqual([made.advertiser_id]);
    const entry = (await audit(`target_type=advertiser&target_id=${made.advertiser_id}&action=advertiser.update`))[0];
    expect([entry.before, entry.after]).toMatchObject([{ status: 'active', contact_email: '' }, { status: 'inactive', contact_email: 'ops@contoso.example' }]);
  });
});

describe(`roles (${testEngine})`, () => {
  it('lets every role read, admins and managers write, and keeps the postback secret from viewers', async () => {
    const id = campaign.campaign_id;
    for (const role of ['admin', 'manager', 'finance', 'viewer'] as const) {
      for (const url of ['/advertisers', `/advertisers/${advertiserId}`, '/campaigns', `/campaigns/${id}`, `/campaigns/${id}/preview`, '/offers/options']) {
        expect((await op(role, 'GET', url)).statusCode, `${role} GET ${url}`).toBe(200);
      }
    }
    const before = await counts();
    for (const role of ['finance', 'viewer'] as const) {
      for (const [method, url, body] of [
        ['POST', '/advertisers', { name: 'Refused' }],
        ['PUT', `/advertisers/${advertiserId}`, { name: 'Refused' }],
        ['POST', `/advertisers/${advertiserId}/rotateSecret`, {}],
        ['POST', '/campaigns', campaignBody()],
        ['PUT', `/campaigns/${id}`, campaignBody()],
        ['POST', `/campaigns/${id}/pause`, {}],
        ['POST', `/campaigns/${id}/resume`, {}],
        ['POST', `/campaigns/${id}/expire`, {}],
      ] as const) {
        const res = await op(role, method, url, body);
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(message(res)).toBe(`Your operator role (${role}) does not allow this. It needs admin or manager: ask an admin.`);
      }
    }
    expect((await op('viewer', 'GET', `/advertisers/${advertiserId}/postback`)).statusCode).toBe(403);
    expect((await op('finance', 'GET', `/advertisers/${advertiserId}/postback`)).statusCode).toBe(200);
    const after = await counts();
    // Only the finance read of the postback URL wrote (its audit entry).
    expect(after).toEqual({ ...before, operator_audit: before.operator_audit + 1 });
  });
});

describe(`bad input (${testEngine})`, () => {
  const bad = async (method: Method, url: string, payload: unknown, status: number, expected: string | RegExp) => {
    const res = await op('manager', method, url, payload);
    expect(res.statusCode, res.body).toBe(status);
    if (typeof expected === 'string') expect(message(res)).toBe(expected);
    else expect(message(res)).toMatch(expected);
  };

  it('answers each refused field and each broken rule with a sentence, and writes nothing', async () => {
    const before = await counts();
    const body = campaignBody();
    const rate = body.rates[0];
    await bad('POST', '/advertisers', {}, 400, "Enter the advertiser's name.");
    await bad('POST', '/advertisers', { name: '   ' }, 400, "Enter the advertiser's name.");
    await bad('POST', '/advertisers', { name: 'X', contact_email: 'not an address' }, 400, 'Enter a valid contact e-mail address (or leave it empty).');
    await bad('POST', '/advertisers', { name: 'X', status: 'gone' }, 400, 'The status is active or inactive.');
    await bad('POST', '/campaigns', {}, 400, 'Choose the advertiser.');
    await bad('POST', '/campaigns', { ...body, name: '' }, 400, "Enter the campaign's name.");
    await bad('POST', '/campaigns', { ...body, rates: [] }, 400, 'Add at least one rate.');
    await bad('POST', '/campaigns', { ...body, rates: [{ ...rate, revenue: -1 }] }, 400, "The advertiser's revenue cannot be below zero.");
    await bad('POST', '/campaigns', { ...body, rates: [{ ...rate, rate: 'ten' }] }, 400, 'Enter the affiliate payout as a number.');
    await bad('POST', '/campaigns', { ...body, rates: [{ ...rate, rate_type: 'P', rate: 120 }] }, 400, 'The affiliate payout of "Qualified lead" is a share of the sale: it can be at most 100%.');
    await bad('POST', '/campaigns', { ...body, rates: [rate, { ...rate, description: 'Second' }] }, 400, 'Mark exactly one rate as the default: the cards show it and conversions are paid by it.');
    await bad('POST', '/campaigns', { ...body, rates: [{ ...rate, status: 'Inactive' }] }, 400, 'The default rate "Qualified lead" must be Active.');
    await bad('POST', '/campaigns', { ...body, approval_mode: null }, 400, /^Choose how requests to this By Request campaign are approved/);
    await bad('POST', '/campaigns', { ...body, by_request: false }, 400, /^A Public campaign approves every request at once/);
    await bad('POST', '/campaigns', { ...body, subcategory_id: otherCategory.subcategories[0].subcategory_id }, 400,
      `The subcategory "${otherCategory.subcategories[0].name}" belongs to "${otherCategory.name}", not to "${category.name}": choose a subcategory of "${category.name}".`);
    await bad('POST', '/campaigns', { ...body, subcategory_id: 99999999 }, 400, 'There is no subcategory #99999999: choose one of the list.');
    await bad('POST', '/campaigns', { ...body, advertiser_id: 99999999 }, 400, 'There is no advertiser #99999999: choose one of the list.');
    await bad('POST', '/campaigns', { ...body, countries: ['US', 'XX'] }, 400, 'Each country must be a 2-letter ISO code, such as US or GB.');
    await bad('POST', '/campaigns', { ...body, countries: [] }, 400, 'Geo filtering is on: list the countries the campaign accepts, or turn geo filtering off.');
    await bad('POST', '/campaigns', { ...body, os: ['BeOS'] }, 400, 'An operating system is Android, iOS, Linux, macOS or Windows.');
    await bad('POST', '/campaigns', { ...body, desktop_traffic: false, mobile_traffic: false }, 400, 'The campaign must accept desktop traffic, mobile traffic or both.');
    await bad('POST', '/campaigns', { ...body, traffic_types: ['email'] }, 400, 'Search restrictions apply to search traffic: allow search traffic, or clear the restrictions.');
    await bad('POST', '/campaigns', { ...body, traffic_types: ['search'] }, 400, /^E-mail rules, subject lines, from lines and suppression links apply to e-mail traffic/);
    await bad('POST', '/campaigns', { ...body, questions: ['One', 'Two', 'Three', 'Four'] }, 400, 'A campaign asks at most three questions.');
    await bad('POST', '/campaigns', { ...body, questions: [''] }, 400, 'Write the question, or remove it.');
    await bad('POST', '/campaigns', { ...body, fallback_url: 'javascript:alert(1)' }, 400, 'Enter the fallback page as a full web address starting with https:// (or leave it empty).');
    await bad('POST', '/campaigns', { ...body, expiry_date: '2027-02-30' }, 400, 'The expiry date is not a real calendar day.');
    await bad('POST', '/campaigns', { ...body, expiry_date: '2027-05-03' }, 400, /^The expiry date 2027-05-03 has passed/);
    await bad('POST', '/campaigns', { ...body, daily_cap: 0 }, 400, 'The daily cap is a whole number of leads from 1 (or none).');
    await bad('POST', '/campaigns', { ...body, tracking_type: 'Z' }, 400, 'The tracking type is S, M, L, I, A, G or H.');
    await bad('POST', '/campaigns', { ...body, rates: [{ ...rate, rate_id: campaign.rates[0].rate_id }] }, 400, "A new campaign's rates have no rate_id yet: leave it out.");
    await bad('POST', '/campaigns', { ...body, name: 'a\u0000b' }, 400, /NUL/);
    expect(await counts()).toEqual(before);
  });

  it('answers unknown ids with 404', async () => {
    const { advertiser_id: _a, status: _s, ...fields } = campaignBody();
    await bad('GET', '/advertisers/99999999', undefined, 404, 'There is no advertiser with this id.');
    await bad('PUT', '/advertisers/99999999', { name: 'Nobody' }, 404, 'There is no advertiser with this id.');
    await bad('GET', '/advertisers/99999999/postback', undefined, 404, 'There is no advertiser with this id.');
    await bad('POST', '/advertisers/99999999/rotateSecret', {}, 404, 'There is no advertiser with this id.');
    for (const url of ['/campaigns/99999999', '/campaigns/99999999/preview']) await bad('GET', url, undefined, 404, 'There is no campaign with this id.');
    for (const verb of ['pause', 'resume', 'expire']) await bad('POST', `/campaigns/99999999/${verb}`, {}, 404, 'There is no campaign with this id.');
    await bad('PUT', '/campaigns/99999999', fields, 404, 'There is no campaign with this id.');
  });

  it('leaves nothing of a write whose second statement fails, nor of one whose audit entry fails', async () => {
    const before = await counts();
    await sql`alter table campaign_countries add constraint offers_test_no_zw check (country_code <> 'ZW') not valid`.execute(t.database.db);
    try {
      const res = await op('manager', 'POST', '/campaigns', { ...campaignBody(), name: 'Half saved?', countries: ['US', 'ZW'] });
      expect(res.statusCode).toBe(500);
      expect(message(res)).toBe('Something went wrong on our side. Please try again.');
    } finally {
      await sql`alter table campaign_countries drop constraint offers_test_no_zw`.execute(t.database.db);
    }
    expect(await counts()).toEqual(before);
    expect(await t.database.db.selectFrom('campaigns').select('id').where('name', '=', 'Half saved?').execute()).toEqual([]);

    const other = (await t.database.db.selectFrom('campaigns').select('id').where('name', '=', 'Contoso Solar').executeTakeFirstOrThrow()).id;
    const stored = OfferCampaignResponse.parse((await op('viewer', 'GET', `/campaigns/${other}`)).json()).campaign;
    await sql`alter table operator_audit add constraint offers_test_no_update check (action <> 'campaign.update') not valid`.execute(t.database.db);
    try {
      const { advertiser: _a, status: _s, state: _st, campaign_id: _c, category: _k, subcategory: _sub, created_at: _cr, updated_at: _u, ...fields } = stored;
      const res = await op('manager', 'PUT', `/campaigns/${other}`, { ...fields, name: 'Renamed?', countries: ['FR'], rates: [{ ...fields.rates[0], rate: 99 }] });
      expect(res.statusCode).toBe(500);
    } finally {
      await sql`alter table operator_audit drop constraint offers_test_no_update`.execute(t.database.db);
    }
    expect(OfferCampaignResponse.parse((await op('viewer', 'GET', `/campaigns/${other}`)).json()).campaign).toEqual(stored);
    expect(await counts()).toEqual(before);
  });
});

describe(`postback secret rotation (${testEngine})`, () => {
  let clickSerial = 0;
  /** A click on the campaign of the Contoso advertiser (paused, which does not stop its conversions), converted with `secret`. */
  async function convert(campaignId: number, secret: string) {
    const key = `rotationclick${String(++clickSerial).padStart(4, '0')}`;
    await t.database.db.insertInto('clicks').values({ click_key: key, affiliate_id: DEMO_AFFILIATE, campaign_id: campaignId, clicked_at: clock }).execute();
    return postback(`click_id=${key}&txid=ROT-${clickSerial}&secret=${encodeURIComponent(secret)}`);
  }
  const secretOf = (url: string) => new URL(url).searchParams.get('secret')!;

  it('accepts the old secret during the grace period and refuses it after; the audit never holds a secret', async () => {
    const id = (await t.database.db.selectFrom('campaigns').select('id').where('name', '=', 'Contoso Solar').executeTakeFirstOrThrow()).id;
    const adv = OfferCampaignResponse.parse((await op('viewer', 'GET', `/campaigns/${id}`)).json()).campaign.advertiser.advertiser_id;
    const shown = AdvertiserPostbackAnswer.parse((await op('finance', 'GET', `/advertisers/${adv}/postback`)).json());
    expect(shown.postback_url).toMatch(/^https:\/\/trk\.example\/postback\?click_id=\{click_id\}&txid=\{txid\}&amount=\{amount\}&secret=[A-Za-z0-9_-]{43}$/);
    expect(shown.pixel_url).toBe('https://trk.example/pixel?click_id={click_id}');
    const first = secretOf(shown.postback_url);
    expect((await convert(id, first)).statusCode).toBe(200);

    const rotatedAt = clock;
    const rotated = await op('manager', 'POST', `/advertisers/${adv}/rotateSecret`, {});
    expect(rotated.statusCode, rotated.body).toBe(200);
    const answer = AdvertiserPostbackAnswer.parse(rotated.json());
    const second = secretOf(answer.postback_url);
    expect(second).not.toBe(first);
    expect(answer).toMatchObject({ secret_rotated_at: rotatedAt.toISOString(), previous_secret_until: new Date(rotatedAt.getTime() + SECRET_GRACE_MS).toISOString() });
    expect(SECRET_GRACE_MS).toBe(7 * 24 * 3600_000);
    // The campaign's postback endpoint hands out the same new URL.
    const viaCampaign = (await op('finance', 'GET', `/campaigns/${id}/postback`)).json();
    expect(viaCampaign).toMatchObject({ postback_url: answer.postback_url, previous_secret_until: answer.previous_secret_until });

    expect((await convert(id, first)).statusCode).toBe(200);
    expect((await convert(id, second)).statusCode).toBe(200);
    clock = new Date(rotatedAt.getTime() + SECRET_GRACE_MS - 1000);
    expect((await convert(id, first)).statusCode).toBe(200);
    clock = new Date(rotatedAt.getTime() + SECRET_GRACE_MS);
    const late = await convert(id, first);
    expect(late.statusCode).toBe(403);
    expect(message(late)).toBe("secret: does not match the advertiser's postback secret.");
    expect((await convert(id, second)).statusCode).toBe(200);
    expect((await convert(id, 'not-the-secret')).statusCode).toBe(403);

    // A leaked secret ends at once.
    await signInAll(); // a week on the clock: the operators' sessions have ended
    expect(AdvertiserResponse.parse((await op('viewer', 'GET', `/advertisers/${adv}`)).json()).advertiser.previous_secret_until).toBeNull();
    const leaked = AdvertiserPostbackAnswer.parse((await op('admin', 'POST', `/advertisers/${adv}/rotateSecret`, { end_previous_now: true })).json());
    expect(leaked.previous_secret_until).toBeNull();
    const third = secretOf(leaked.postback_url);
    expect((await convert(id, second)).statusCode).toBe(403);
    expect((await convert(id, third)).statusCode).toBe(200);

    const entries = await audit(`target_type=advertiser&target_id=${adv}`);
    expect(entries.map((e) => e.action).slice(0, 3)).toEqual(['advertiser.secret.rotate', 'advertiser.secret.rotate', 'advertiser.postback.view']);
    expect(entries[1].after).toMatchObject({ has_secret: true, previous_secret_until: answer.previous_secret_until, end_previous_now: false });
    expect(entries[0].after).toMatchObject({ previous_secret_until: null, end_previous_now: true });
    const everything = JSON.stringify(await audit('limit=200'));
    for (const secret of [first, second, third]) expect(everything).not.toContain(secret);
  });
});
