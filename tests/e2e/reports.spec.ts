import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { expect, operatorSignIn, test } from './server';
import { paths } from '../../src/shared/paths';
import { api, signIn } from './session';

/**
 * The reports against the real product: a click through /go and its conversion through
 * /postback show at once in today's clicks, earnings and conversions reports (the demo affiliate's own
 * day, GMT-05:00); the earnings row drills down to Sub ID 1; the conversions CSV holds the conversion.
 */
test.use({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });

interface Detail {
  campaign: {
    campaign_id: number;
    details: { name: string; affiliate_campaign_status: string; desktop_traffic: 'Y' | 'N'; os_filtering: 'Y' | 'N' };
    allowed_traffic_types: Record<string, 'Y' | 'N'>;
    os_list: string[];
    landing_pages: unknown[];
  };
}

const SUB = 'e2e-report';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

test('a click and its conversion show in today’s reports at once, drill down, and export as CSV', async ({ page, product }) => {
  await signIn(page, product.url);
  // An approved campaign that takes desktop Windows traffic.
  const approved = await api<{ campaigns: { campaign_id: number }[] }>(page, product.url, '/campaigns/recentlyapproved?page=0&limit=30');
  let campaign: Detail['campaign'] | undefined;
  for (const { campaign_id } of approved.campaigns) {
    const { campaign: c } = await api<Detail>(page, product.url, `/campaign/${campaign_id}`);
    const windows = c.details.os_filtering === 'N' || c.os_list.length === 0 || c.os_list.includes('Windows');
    if (c.details.affiliate_campaign_status === 'Approved' && c.details.desktop_traffic === 'Y' && windows && c.landing_pages.length > 0) {
      campaign = c;
      break;
    }
  }
  expect(campaign, 'an approved desktop campaign in the demo network').toBeTruthy();
  const c = campaign!;
  const traffic = Object.keys(c.allowed_traffic_types).find((k) => c.allowed_traffic_types[k] === 'Y')!;

  // The link (raw), the click, and the advertiser's server-to-server conversion.
  const token = await page.evaluate(() => localStorage.getItem('mb-auth-token'));
  const built = await (
    await fetch(`${product.url}/api/trackinglink`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-app-token': token ?? '' },
      body: JSON.stringify({ campaign_id: c.campaign_id, traffic_type: traffic, creative_id: -1, sub1: SUB }),
    })
  ).json();
  const click = await fetch(built['tracking-link'], { redirect: 'manual', headers: { 'user-agent': WINDOWS } });
  expect(click.status).toBe(302);
  const clickId = new URL(click.headers.get('location')!).searchParams.get('click_id')!;
  const op = await operatorSignIn(product.url);
  const advertiser = await (await fetch(`${product.url}/api/operator/campaigns/${c.campaign_id}/postback`, { headers: { 'x-operator-token': op } })).json();
  const conversion = await fetch(advertiser.postback_url.replace('{click_id}', clickId).replace('{txid}', 'E2E-REPORT-1').replace('{amount}', '60'));
  expect(conversion.status, await conversion.clone().text()).toBe(200);

  // Today, in the affiliate's own day (the demo profile: GMT-05:00).
  const today = new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
  const range = { startDate: today, endDate: today };

  // Earnings: the campaign's row, then its SubID 1 drill-down.
  await page.goto(`${product.url}${paths.reports('earnings', range)}`);
  const earnings = page.getByRole('table', { name: 'Earnings report' });
  const row = earnings.getByRole('row').filter({ hasText: c.details.name });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /^Reports of / }).click();
  await page.getByRole('menuitem', { name: 'SubID 1' }).click();
  await expect(page).toHaveURL(new RegExp(`/reports/subid\\?startDate=${today}&endDate=${today}&oid=${c.campaign_id}`));
  const subRow = page.getByRole('table', { name: 'SubID 1 report' }).getByRole('row').filter({ hasText: SUB });
  await expect(subRow).toBeVisible();

  // The Sub ID leads to the clicks by day: today's row counts the click and the lead.
  await subRow.getByRole('link', { name: SUB }).click();
  const day = page.getByRole('table', { name: 'Clicks report' }).getByRole('row').filter({ hasText: today });
  await expect(day).toBeVisible();
  const cells = await day.getByRole('cell').allTextContents();
  expect(Number(cells[0].replace(/,/g, ''))).toBeGreaterThanOrEqual(1);
  expect(Number(cells[1].replace(/,/g, ''))).toBeGreaterThanOrEqual(1);

  // Conversions: the conversion, and the CSV with it.
  await page.goto(`${product.url}${paths.reports('conversions', range)}`);
  await expect(page.getByRole('table', { name: /^Conversions report/ }).getByRole('row').filter({ hasText: `1: ${SUB}` })).toBeVisible();
  await page.getByRole('button', { name: 'Prepare CSV' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const file = await (await download).path();
  const rows = Papa.parse<Record<string, string>>(readFileSync(file, 'utf8'), { header: true, skipEmptyLines: true }).data;
  const mine = rows.find((r) => r['Sub ID 1'] === SUB);
  expect(mine).toMatchObject({ 'Campaign ID': String(c.campaign_id), Status: 'Approved' });
  expect((await download).suggestedFilename()).toBe(`conversions-report-${today}-to-${today}.csv`);
});
