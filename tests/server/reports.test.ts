import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { formatInTimeZone } from 'date-fns-tz';
import {
  ClicksResponse,
  ConversionsResponse,
  CreativesResponse,
  EarningsResponse,
  LandingPagesResponse,
  ReferralsResponse,
  ReversalsResponse,
  SeriesResponse,
  SubIdResponse,
} from '../../src/api/contract/reports';
import { addDaysTo } from '../../src/shared/dates';
import { DEMO_ACCOUNTS } from '../../server/db/demo/seed';
import { dayOf, dayStart, reportRange } from '../../server/modules/reports/range';
import { setupTestApp, testEngine, tokenFor, withToken, type TestContext } from './helpers';
import { buildLink, clickThrough, DEMO_AFFILIATE, prepareCampaign, type RunnableCampaign } from './trackingFixtures';

/**
 * The reports (docs/reports.md): every figure is the tracking engine's own. A click and a
 * conversion made through /go and /postback show at once; totals equal the sum of the rows and the
 * raw events of the range, in the network's days and in an affiliate's own (a +05:30 zone, whose
 * days cut across the network's); bad input is a 400 with a message.
 */
const SECRET = 'report-secret';
const NETWORK_ZONE = 'America/New_York';
let t: TestContext;
let token: string;
let campaign: RunnableCampaign;
let clickId: string;
let conversionId: number;

const get = (url: string) => t.app.inject(withToken(token, { method: 'GET', url }));
const setZone = (value: string) => t.database.db.updateTable('affiliates').set({ time_zone: value }).where('id', '=', DEMO_AFFILIATE).execute();

beforeAll(async () => {
  t = await setupTestApp({ tracking: { baseUrl: 'https://trk.example', linkCacheMs: 0, clickBatchDelayMs: 1 } });
  token = await tokenFor(t.app, DEMO_ACCOUNTS.demo);
  campaign = await prepareCampaign(t.database.db, 2);
  const db = t.database.db;
  const adv = await db.selectFrom('campaigns').select('advertiser_id').where('id', '=', campaign.id).executeTakeFirstOrThrow();
  await db.updateTable('advertisers').set({ postback_secret: SECRET }).where('id', '=', adv.advertiser_id).execute();
  const built = await buildLink(t.app, token, { campaign_id: campaign.id, traffic_type: campaign.trafficCode, creative_id: campaign.creativeId, sub1: 'report-sub' });
  clickId = await clickThrough(t.app, built.body['tracking-link'] as string);
  const conv = await t.app.inject({ method: 'GET', url: `/postback?click_id=${clickId}&txid=REPORT-1&amount=80&secret=${SECRET}` });
  expect(conv.statusCode, conv.body).toBe(200);
  conversionId = (await t.database.db.selectFrom('conversions').select('id').where('advertiser_ref', '=', 'REPORT-1').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t?.close();
});

/** Today and tomorrow in a fixed offset. */
function today(offsetMinutes: number) {
  const day = dayOf(new Date(), { kind: 'offset', minutes: offsetMinutes });
  return { start: day, end: addDaysTo(day, 1) };
}

/** The raw events of a span: clicks, and conversions not reversed with their sales and payouts. */
async function raw(from: Date, to: Date, campaignId?: number) {
  const c = campaignId === undefined ? sql`` : sql`and campaign_id = ${campaignId}`;
  const { rows: clicks } = await sql<{ n: string }>`select count(*) as n from clicks where affiliate_id = ${DEMO_AFFILIATE} and clicked_at >= ${from.toISOString()} and clicked_at < ${to.toISOString()} ${c}`.execute(t.database.db);
  const { rows: convs } = await sql<{ n: string; sales: string | null; payout: string | null }>`
    select count(*) as n, sum(sale_amount) as sales, sum(payout) as payout from conversions
    where affiliate_id = ${DEMO_AFFILIATE} and status <> 'reversed' and converted_at >= ${from.toISOString()} and converted_at < ${to.toISOString()} ${c}`.execute(t.database.db);
  return { clicks: Number(clicks[0].n), leads: Number(convs[0].n), sales: Number(convs[0].sales ?? 0), earnings: Number(convs[0].payout ?? 0) };
}

const sumOf = (rows: Array<{ clicks: number; leads: number; earnings: number }>) =>
  rows.reduce((s, r) => ({ clicks: s.clicks + r.clicks, leads: s.leads + r.leads, earnings: s.earnings + r.earnings }), { clicks: 0, leads: 0, earnings: 0 });

describe(`reports (${testEngine})`, () => {
  it("shows today's click and conversion at once: clicks, earnings, conversions", async () => {
    await setZone('11,-5');
    const { start, end } = today(-300);
    const clicks = ClicksResponse.parse((await get(`/api/reports/clicks?startDate=${start}&endDate=${end}&oid=${campaign.id}&subid=report-sub`)).json());
    expect(clicks.report).toEqual([expect.objectContaining({ date: start, clicks: 1, leads: 1 })]);
    expect(clicks.subId).toBe('report-sub');
    expect(clicks.campaign?.campaign_id).toBe(campaign.id);
    const earnings = EarningsResponse.parse((await get(`/api/reports/earnings?startDate=${start}&endDate=${end}%2000:00:00`)).json());
    const row = earnings.report.find((r) => r.campaign_id === campaign.id)!;
    expect(row.clicks).toBeGreaterThanOrEqual(1);
    expect(row.leads).toBeGreaterThanOrEqual(1);
    const conversions = ConversionsResponse.parse((await get(`/api/reports/conversions?startDate=${start}&endDate=${end}&page=all&oid=${campaign.id}`)).json());
    const mine = conversions.report.find((r) => r.subid1 === 'report-sub')!;
    expect(mine).toMatchObject({ campaign_id: campaign.id, status: 'Approved', ip_address: '198.51.100.7', device: { device: 'Desktop' } });
    expect(mine.date.slice(0, 10)).toBe(start);
    expect(conversions.total_pages).toBe(Math.ceil(conversions.report.length / 50));
  });

  for (const [zoneValue, minutes] of [['11,-5', -300], ['40,5.5', 330]] as const) {
    it(`90 days in the zone ${zoneValue}: totals are the sum of the rows and the raw events`, async () => {
      await setZone(zoneValue);
      const end = addDaysTo(today(minutes).start, 1);
      const start = addDaysTo(end, -90);
      const range = reportRange(start, end, { kind: 'offset', minutes }, NETWORK_ZONE);
      const expected = await raw(range.from, range.to);
      expect(expected.clicks).toBeGreaterThan(0);

      const earnings = EarningsResponse.parse((await get(`/api/reports/earnings?startDate=${start}&endDate=${end}`)).json());
      expect(earnings.time_zone.offset_minutes).toBe(minutes);
      expect(earnings.totals.clicks).toBe(expected.clicks);
      expect(earnings.totals.leads).toBe(expected.leads);
      expect(earnings.totals.earnings).toBeCloseTo(expected.earnings, 2);
      expect(earnings.totals.sales).toBeCloseTo(expected.sales, 2);
      const rows = sumOf(earnings.report);
      expect(rows.clicks).toBe(earnings.totals.clicks);
      expect(rows.leads).toBe(earnings.totals.leads);
      expect(rows.earnings).toBeCloseTo(earnings.totals.earnings, 0);
      // The default order: earnings, descending.
      expect(earnings.report.map((r) => r.earnings)).toEqual([...earnings.report.map((r) => r.earnings)].sort((a, b) => b - a));
      // The rates come from the sums.
      expect(earnings.totals.conversion).toBeCloseTo((expected.leads / expected.clicks) * 100, 2);
      expect(earnings.totals.epc).toBeCloseTo(expected.earnings / expected.clicks, 4);

      // By day: each day is the affiliate's own, and the days add up to the same totals.
      const byDay = ClicksResponse.parse((await get(`/api/reports/clicks?startDate=${start}&endDate=${end}`)).json());
      expect(sumOf(byDay.report).clicks).toBe(expected.clicks);
      const someDay = byDay.report[Math.floor(byDay.report.length / 2)];
      const dayRaw = await raw(dayStart(someDay.date, { kind: 'offset', minutes }), dayStart(addDaysTo(someDay.date, 1), { kind: 'offset', minutes }));
      expect(someDay.clicks).toBe(dayRaw.clicks);
      expect(someDay.leads).toBe(dayRaw.leads);

      // The chart: every day of the range, in order, the same figures as the by-day report.
      const series = SeriesResponse.parse((await get(`/api/reports/series?startDate=${start}&endDate=${end}`)).json());
      expect(series.interval).toBe('day');
      expect(series.points).toHaveLength(90);
      expect(series.points[0].start).toBe(start);
      expect(series.points.at(-1)!.start).toBe(addDaysTo(end, -1));
      expect(sumOf(series.points).clicks).toBe(expected.clicks);
      expect(series.points.find((p) => p.start === someDay.date)).toMatchObject({ clicks: someDay.clicks, leads: someDay.leads });

      // The drill-downs of one campaign add up to its row.
      const top = earnings.report[0];
      for (const path of ['creatives', 'subid', 'landingPages']) {
        const body = (await get(`/api/reports/${path}?oid=${top.campaign_id}&startDate=${start}&endDate=${end}`)).json();
        const parsed = (path === 'creatives' ? CreativesResponse : path === 'subid' ? SubIdResponse : LandingPagesResponse).parse(body);
        expect(parsed.campaign?.campaign_id).toBe(top.campaign_id);
        expect(parsed.totals.clicks, path).toBe(top.clicks);
        expect(parsed.totals.leads, path).toBe(top.leads);
        expect(sumOf(parsed.report).clicks, path).toBe(top.clicks);
      }
      const conversions = ConversionsResponse.parse((await get(`/api/reports/conversions?startDate=${start}&endDate=${end}&page=all`)).json());
      expect(conversions.report.filter((r) => r.status !== 'Reversed')).toHaveLength(expected.leads);
    });
  }

  for (const [zoneValue, minutes] of [['11,-5', -300], ['40,5.5', 330]] as const) {
    it(`a day's chart comes by hour of the zone ${zoneValue}, and adds up to the day`, async () => {
      await setZone(zoneValue);
      const { start, end } = today(minutes);
      const series = SeriesResponse.parse((await get(`/api/reports/series?startDate=${start}&endDate=${end}&oid=${campaign.id}`)).json());
      expect(series.interval).toBe('hour');
      expect(series.points).toHaveLength(24);
      expect(series.points[0].start).toBe(`${start} 00:00`);
      expect(series.points[23].start).toBe(`${start} 23:00`);
      const range = reportRange(start, end, { kind: 'offset', minutes }, NETWORK_ZONE);
      const expected = await raw(range.from, range.to, campaign.id);
      expect(sumOf(series.points).clicks).toBe(expected.clicks);
      expect(sumOf(series.points).leads).toBe(expected.leads);
      // The hour of this test's click holds it.
      const hour = new Date(Date.now() + minutes * 60_000).toISOString().slice(11, 13);
      expect(series.points.find((p) => p.start === `${start} ${hour}:00`)!.clicks).toBeGreaterThanOrEqual(1);
    });
  }

  it("a day of the network's clock change has 25 hours in the chart", async () => {
    await setZone('');
    const series = SeriesResponse.parse((await get('/api/reports/series?startDate=2026-11-01&endDate=2026-11-02')).json());
    expect(series.points.map((p) => p.start.slice(11))).toEqual(['00:00', '01:00', '01:00', ...Array.from({ length: 22 }, (_, h) => `${String(h + 2).padStart(2, '0')}:00`)]);
    // Conversion times in the network's zone: the raw instant written in New York's wall time.
    const day = dayOf(new Date(), { kind: 'iana', name: NETWORK_ZONE });
    const conversions = ConversionsResponse.parse((await get(`/api/reports/conversions?startDate=${day}&endDate=${addDaysTo(day, 1)}&page=all`)).json());
    const ours = conversions.report.find((r) => r.key_id === String(conversionId))!;
    const raw = await t.database.db.selectFrom('conversions').select('converted_at').where('id', '=', conversionId).executeTakeFirstOrThrow();
    expect(ours.date).toBe(formatInTimeZone(new Date(raw.converted_at), NETWORK_ZONE, 'yyyy-MM-dd HH:mm:ss'));
    expect(ours).toMatchObject({ subid1: 'report-sub', status: 'Approved', earnings: expect.any(Number), ip_location: expect.any(Object) });
    await setZone('11,-5');
  });

  it("a +05:30 day cuts across the network's days and still matches the events", () => {
    const range = reportRange('2026-11-10', '2026-11-13', { kind: 'offset', minutes: 330 }, NETWORK_ZONE);
    expect(range.from.toISOString()).toBe('2026-11-09T18:30:00.000Z');
    expect(range.daily).toEqual({ first: '2026-11-10', last: '2026-11-11' });
    expect(range.quarters.map((q) => [q.from.toISOString(), q.to.toISOString()])).toEqual([
      ['2026-11-09T18:30:00.000Z', '2026-11-10T05:00:00.000Z'],
      ['2026-11-12T05:00:00.000Z', '2026-11-12T18:30:00.000Z'],
    ]);
    expect(range.sameDays).toBe(false);
    // The network's own days (UTC-5 in November): every day is a network day.
    expect(reportRange('2026-11-10', '2026-11-13', { kind: 'offset', minutes: -300 }, NETWORK_ZONE)).toMatchObject({ quarters: [], sameDays: true });
  });

  it('a reversal shows in the reversals report and leaves the earnings', async () => {
    await setZone('11,-5');
    const { start, end } = today(-300);
    const before = EarningsResponse.parse((await get(`/api/reports/earnings?startDate=${start}&endDate=${end}`)).json()).report.find((r) => r.campaign_id === campaign.id)!;
    const rev = await t.app.inject({ method: 'GET', url: `/postback?click_id=${clickId}&txid=REPORT-1&status=reversed&secret=${SECRET}` });
    expect(rev.statusCode, rev.body).toBe(200);
    const reversals = ReversalsResponse.parse((await get(`/api/reports/reversals?startDate=${start}&endDate=${end}&page=all`)).json());
    expect(reversals.report.find((r) => r.subid1 === 'report-sub')).toMatchObject({ campaign_id: campaign.id, status: 'Reversed' });
    const after = EarningsResponse.parse((await get(`/api/reports/earnings?startDate=${start}&endDate=${end}`)).json()).report.find((r) => r.campaign_id === campaign.id);
    expect(after?.leads ?? 0).toBe(before.leads - 1);
  });

  it('referrals answer their rows', async () => {
    const res = await get('/api/reports/referrals');
    expect(res.statusCode).toBe(200);
    ReferralsResponse.parse(res.json());
  });

  it('refuses bad input with a readable message', async () => {
    const other = await t.database.db
      .selectFrom('campaigns as c')
      .select('c.id')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('campaign_access as a').select('a.campaign_id').whereRef('a.campaign_id', '=', 'c.id').where('a.affiliate_id', '=', DEMO_AFFILIATE))))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('stats_daily as d').select('d.campaign_id').whereRef('d.campaign_id', '=', 'c.id').where('d.affiliate_id', '=', DEMO_AFFILIATE))))
      .executeTakeFirstOrThrow();
    const cases: Array<[string, string]> = [
      ['/api/reports/earnings?startDate=yesterday&endDate=2026-11-02', 'Dates must be written as YYYY-MM-DD.'],
      ['/api/reports/earnings?startDate=2026-02-30&endDate=2026-03-02', '2026-02-30 is not a real date.'],
      ['/api/reports/earnings?startDate=2026-11-10&endDate=2026-11-01', 'The end date must be after the start date.'],
      ['/api/reports/earnings?startDate=2023-01-01&endDate=2026-01-02', 'A report can cover at most two years.'],
      ['/api/reports/creatives?oid=99999999&startDate=2026-11-01&endDate=2026-11-02', 'There is no campaign with this id in your reports.'],
      [`/api/reports/creatives?oid=${other.id}&startDate=2026-11-01&endDate=2026-11-02`, 'There is no campaign with this id in your reports.'],
      [`/api/reports/clicks?oid=${campaign.id}&cid=${campaign.otherCampaignCreative}&startDate=2026-11-01&endDate=2026-11-02`, 'This creative is not one of the campaign’s.'],
      [`/api/reports/clicks?oid=${campaign.id}&lpid=${campaign.otherCampaignLanding}&startDate=2026-11-01&endDate=2026-11-02`, 'This landing page is not one of the campaign’s.'],
      ['/api/reports/subid?startDate=2026-11-01&endDate=2026-11-02&oid=abc', 'oid: must be a positive whole number'],
      ['/api/reports/series?startDate=2026-11-10&endDate=2026-11-10', 'The end date must be after the start date.'],
      ['/api/reports/series?startDate=2026-11-01&endDate=2026-11-02&oid=99999999', 'There is no campaign with this id in your reports.'],
    ];
    for (const [url, message] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors.message, url).toBe(message);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/reports/earnings?startDate=2026-11-01&endDate=2026-11-02' })).statusCode).toBe(401);
  });

  it('writes every text of a conversion as JSON must have it (quotes, backslashes, line breaks, emoji, the unit and record separators)', async () => {
    await setZone('11,-5');
    const odd = 'a "quoted" \\ back\\slash, a\nline, a\ttab, ✓ 🎉 </script>';
    // The route reads each row as one text of fields joined by U+001F: a text holding it is read again field by field.
    const split = 'one\u001ftwo\u001f';
    // ...and the whole answer as one text of rows joined by U+001E: a text holding it makes the route read row by row.
    const record = '12\u001f3\u001eseven';
    const now = Date.now();
    const rows = await t.database.db
      .insertInto('conversions')
      .values([
        { affiliate_id: DEMO_AFFILIATE, campaign_id: campaign.id, status: 'pending', rate_type: 'P', sale_amount: '100.005', payout: '35.125', sub2: odd, city: 'Kraków', advertiser_ref: 'ODD-1', converted_at: new Date(now) },
        { affiliate_id: DEMO_AFFILIATE, campaign_id: campaign.id, status: 'approved', rate_type: 'F', payout: '2', sub3: split, region: split, advertiser_ref: 'ODD-2', converted_at: new Date(now - 1000) },
        { affiliate_id: DEMO_AFFILIATE, campaign_id: campaign.id, status: 'approved', rate_type: 'F', payout: '3', sub1: record, os: record, advertiser_ref: 'ODD-3', converted_at: new Date(now - 2000) },
      ])
      .returning('id')
      .execute();
    try {
      const { start, end } = today(-300);
      const res = await get(`/api/reports/conversions?startDate=${start}&endDate=${end}&page=all`);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = ConversionsResponse.parse(res.json());
      const at = body.report.findIndex((r) => r.key_id === String(rows[0].id));
      const later = body.report.findIndex((r) => r.key_id === String(rows[1].id));
      const last = body.report.findIndex((r) => r.key_id === String(rows[2].id));
      const [ours, separated] = [body.report[at], body.report[later]];
      const { name } = await t.database.db.selectFrom('campaigns').select('name').where('id', '=', campaign.id).executeTakeFirstOrThrow();
      expect(ours).toMatchObject({ name, subid2: odd, status: 'Pending', rate_type: '% of sale', sales: 100.01, earnings: 35.13, ip_location: { city: 'Kraków' } });
      expect(ours.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      // In its place (newest first), every field its own.
      expect(later).toBeGreaterThan(at);
      expect(separated).toMatchObject({ name, subid3: split, subid4: '', status: 'Approved', rate_type: '$ per lead', earnings: 2, ip_location: { region: split, city: '' } });
      // Right after it: nothing made up between the two, only another real conversion of that second
      // (an earlier test's postback can land there when the machine is slow: once seen in CI).
      const between = await t.database.db
        .selectFrom('conversions')
        .select('id')
        .where('affiliate_id', '=', DEMO_AFFILIATE)
        // Bounds included: a conversion of exactly the same millisecond as one of ours sorts beside it by id.
        .where('converted_at', '>=', new Date(now - 2000))
        .where('converted_at', '<=', new Date(now - 1000))
        .where('id', 'not in', rows.map((r) => r.id))
        .execute();
      expect(last).toBeGreaterThan(later);
      for (const r of body.report.slice(later + 1, last)) expect(between.map((b) => String(b.id))).toContain(r.key_id);
      expect(body.report[last]).toMatchObject({ name, subid1: record, subid2: '', earnings: 3, device: { os: record } });
      // Every conversion once, none made up from the pieces of a split row.
      expect(new Set(body.report.map((r) => r.key_id)).size).toBe(body.report.length);
      expect(body.report.every((r) => r !== undefined && r !== null)).toBe(true);
      expect(body.total_pages).toBe(Math.ceil(body.report.length / 50));
    } finally {
      await t.database.db.deleteFrom('conversions').where('id', 'in', rows.map((r) => r.id)).execute();
    }
  });
});
