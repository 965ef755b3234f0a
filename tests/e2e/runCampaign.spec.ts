import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, operatorSignIn, test } from './server';
import { TRAFFIC_NAMES } from '../../src/features/campaigns/detail/traffic';
import { APPLICATION_TRAFFIC_CODES, SOURCE_QUESTIONS, type ApplicationTrafficCode } from '../../src/shared/campaignApplication';
import { paths } from '../../src/shared/paths';
import { api, signIn } from './session';

/**
 * Running a campaign against the real product: the demo affiliate opens a campaign it is
 * approved on, builds a tracking link with a creative and a sub ID, saves its own URL postback aimed
 * at a local receiver, the link is clicked (the real redirect records the click), the advertiser's
 * pixel converts it, the affiliate's postback arrives at the receiver with its macros filled, the
 * delivery log shows it delivered, and a test postback arrives too. The second journey starts
 * earlier: access is asked for through the application modal and approved by the network's operator.
 * The e2e server allows loopback postback targets (POSTBACK_ALLOW_LOOPBACK, tests/e2e/server.ts).
 */
test.use({ viewport: { width: 1280, height: 900 } });

interface CampaignAnswer {
  campaign: {
    campaign_id: number;
    details: { tracking_type: string; affiliate_campaign_status: string };
    allowed_traffic_types: Record<string, 'Y' | 'N'>;
    landing_pages: unknown[];
  };
}

/** A local HTTP server that records what it receives. */
async function receiver() {
  const received: { url: string }[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    received.push({ url: req.url ?? '' });
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { received, base: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

test('an approved campaign: tracking link with a sub ID, own postback, click, pixel conversion, postback received with its macros', async ({ page, product }) => {
  const hook = await receiver();
  try {
    await signIn(page, product.url);
    // An approved, pixel-tracked campaign with landing pages: its pixel converts by click id alone.
    const approved = await api<{ campaigns: { campaign_id: number }[] }>(page, product.url, '/campaigns/recentlyapproved?page=0&limit=30');
    let chosen: CampaignAnswer['campaign'] | undefined;
    for (const { campaign_id } of approved.campaigns) {
      const { campaign } = await api<CampaignAnswer>(page, product.url, `/campaign/${campaign_id}`);
      if (campaign.details.affiliate_campaign_status === 'Approved' && ['L', 'I'].includes(campaign.details.tracking_type) && campaign.landing_pages.length > 0) {
        chosen = campaign;
        break;
      }
    }
    expect(chosen, 'an approved pixel campaign in the demo network').toBeTruthy();
    const campaign = chosen!;

    await page.goto(`${product.url}${paths.campaign(campaign.campaign_id)}`);
    await page.getByRole('button', { name: 'Get your tracking link' }).click();
    const builder = page.getByRole('region', { name: 'Tracking link builder' });
    // Radios are chosen through their labels, as a person clicks them.
    await builder.getByRole('radiogroup', { name: '1. Traffic type' }).locator('label').first().click();
    await builder.getByRole('radiogroup', { name: '2. Creative type' }).locator('label', { hasText: /^Raw link$/ }).click();
    await builder.getByRole('textbox', { name: 'Sub ID 1' }).fill('e2e-sub');
    const field = builder.getByRole('textbox', { name: 'Your tracking link' });
    await expect(field).toHaveValue(/\/go\/[A-Za-z0-9_-]{22}\?sub1=e2e-sub$/);
    const link = await field.inputValue();

    // The affiliate's own postback for this campaign, aimed at the receiver.
    await page.getByRole('button', { name: /Postback type/ }).click();
    await page.getByRole('option', { name: /^URL/ }).click();
    await page.getByRole('textbox', { name: 'Pixel / postback code' }).fill(`${hook.base}/pb?click={click_id}&payout={payout}&s1={sub1}&cid={campaign_id}`);
    await page.getByRole('button', { name: 'Save Postback' }).click();
    await expect(page.getByText('Your postback has been saved.')).toBeVisible();

    // The visitor's click: the real redirect, recorded, to the campaign's landing page with the click id.
    const click = await fetch(link, { redirect: 'manual' });
    expect(click.status).toBe(302);
    const clickId = new URL(click.headers.get('location')!).searchParams.get('click_id');
    expect(clickId).toMatch(/^[A-Za-z0-9_-]{22}$/);

    // The advertiser's pixel converts it.
    const pixel = await fetch(`${product.url}/pixel?click_id=${clickId}`);
    expect(pixel.status).toBe(200);

    // The affiliate's postback arrives with its macros filled.
    await expect.poll(() => hook.received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const arrived = new URL(hook.received[0].url, hook.base);
    expect(arrived.pathname).toBe('/pb');
    expect(arrived.searchParams.get('click')).toBe(clickId);
    expect(arrived.searchParams.get('s1')).toBe('e2e-sub');
    expect(arrived.searchParams.get('cid')).toBe(String(campaign.campaign_id));
    expect(Number(arrived.searchParams.get('payout'))).toBeGreaterThan(0);

    // The campaign's delivery log shows it, delivered; a test postback reaches the receiver too.
    await page.getByRole('button', { name: 'Refresh' }).click();
    // The log is a table or, in the page's narrow column, cards: the one shown.
    await expect(page.getByText('Delivered', { exact: true }).filter({ visible: true }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Send test postback' }).click();
    await expect(page.getByText(/^Test postback delivered \(HTTP 200/)).toBeVisible({ timeout: 15_000 });
    expect(hook.received.some((r) => new URL(r.url, hook.base).searchParams.get('click')?.startsWith('TEST'))).toBe(true);
  } finally {
    await hook.close();
  }
});

interface DetailAnswer {
  campaign: CampaignAnswer['campaign'] & {
    os_list: string[];
    details: CampaignAnswer['campaign']['details'] & { status: string; desktop_traffic: 'Y' | 'N'; os_filtering: 'Y' | 'N' };
    creatives: { creative_id: number; type: string }[];
  };
}

// A whole 1x1 PNG: the ad placement the affiliate uploads.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function operatorApi<T>(base: string, token: string, path: string, method = 'GET', body?: unknown): Promise<T> {
  const r = await fetch(`${base}/api${path}`, {
    method,
    headers: { 'x-operator-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(r.status, `${method} ${path}`).toBe(200);
  return (await r.json()) as T;
}

test('a By Request campaign: application with an image, operator approval, banner link, advertiser postback, own postback received and logged', async ({ page, product }) => {
  const hook = await receiver();
  try {
    await signIn(page, product.url);
    // A reviewed By Request campaign the affiliate has not asked for (or was refused: they may ask
    // again), with banners and landing pages.
    // (The demo approves every fourth By Request campaign at once, by id: the others wait for review.)
    let chosen: DetailAnswer['campaign'] | undefined;
    for (let pn = 1; pn <= 3 && !chosen; pn++) {
      const found = await api<{ matchingCampaigns: { campaign_id: number }[] }>(page, product.url, `/search?ob=id&ad=a&pn=${pn}`);
      for (const { campaign_id } of found.matchingCampaigns) {
        if (campaign_id % 4 === 0) continue;
        const { campaign } = await api<DetailAnswer>(page, product.url, `/campaign/${campaign_id}`);
        const allowed = APPLICATION_TRAFFIC_CODES.some((code) => campaign.allowed_traffic_types[code] === 'Y');
        if (
          campaign.details.status === 'By Request' &&
          ['Not requested', 'Rejected'].includes(campaign.details.affiliate_campaign_status) &&
          campaign.creatives.some((c) => c.type === 'banner') &&
          campaign.landing_pages.length > 0 &&
          allowed
        ) {
          chosen = campaign;
          break;
        }
      }
    }
    expect(chosen, 'a reviewed By Request campaign with banners in the demo network').toBeTruthy();
    const campaign = chosen!;
    const traffic = APPLICATION_TRAFFIC_CODES.find((code) => campaign.allowed_traffic_types[code] === 'Y') as ApplicationTrafficCode;
    const questions = SOURCE_QUESTIONS[traffic];

    // The application, as the affiliate fills it in.
    await page.goto(`${product.url}${paths.campaign(campaign.campaign_id)}`);
    await page.getByRole('button', { name: 'Request access' }).click();
    const modal = page.getByRole('dialog', { name: /^Request access/ });
    await modal.getByRole('textbox', { name: /leads will you send per day/ }).fill('35');
    await modal.locator('label', { hasText: 'Make my own creative' }).click();
    await modal.locator('input[type="file"]').setInputFiles({ name: 'placement.png', mimeType: 'image/png', buffer: PNG });
    await expect(modal.getByText('placement.png')).toBeVisible();
    await modal.getByRole('button', { name: /Traffic type/ }).click();
    await page.getByRole('option', { name: TRAFFIC_NAMES[traffic] }).click();
    await modal.getByRole('textbox', { name: questions.labels[0] }).fill('Our own audience');
    if (questions.choices) {
      await modal.getByRole('button', { name: new RegExp(questions.labels[1].replace(/[?()]/g, '.')) }).click();
      await page.getByRole('option', { name: questions.choices[0] }).click();
    } else {
      await modal.getByRole('textbox', { name: questions.labels[1] }).fill('Sponsored widgets');
    }
    await modal.getByRole('textbox', { name: questions.labels[2] }).fill('US, about 30 a day');
    for (const [i, q] of (await modal.getByRole('textbox', { name: /\?$/ }).all()).entries()) {
      if ((await q.inputValue()) === '') await q.fill(`Answer ${i + 1}`);
    }
    await modal.getByRole('textbox', { name: /How will you promote/ }).fill('A sponsored slot in our weekly newsletter.');
    await modal.getByRole('button', { name: 'Submit request' }).click();
    await expect(modal.getByText(/Your request has been sent/)).toBeVisible();
    await modal.getByRole('button', { name: 'Close' }).last().click();
    await expect(page.getByText(/waiting for review/)).toBeVisible();

    // The operator sees it, with the image, and approves it.
    const op = await operatorSignIn(product.url);
    const list = await operatorApi<{ requests: { id: number; campaign: { campaign_id: number }; creative_file: string | null }[] }>(product.url, op, '/operator/accessRequests');
    const request = list.requests.find((r) => r.campaign.campaign_id === campaign.campaign_id)!;
    expect(request.creative_file).toBeTruthy();
    const image = await fetch(`${product.url}${request.creative_file}`, { headers: { 'x-operator-token': op } });
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    await operatorApi(product.url, op, `/operator/accessRequests/${request.id}/approve`, 'POST', {});

    // Approved: a banner link with a sub ID.
    await page.reload();
    await page.getByRole('button', { name: 'Get your tracking link' }).click();
    const builder = page.getByRole('region', { name: 'Tracking link builder' });
    await builder.getByRole('radiogroup', { name: '1. Traffic type' }).locator('label').first().click();
    await builder.getByRole('radiogroup', { name: '2. Creative type' }).locator('label', { hasText: /^Banners$/ }).click();
    const picker = page.getByRole('dialog', { name: 'Select a Banner' });
    await picker.getByRole('button', { name: /^Select creative #/ }).first().click();
    await builder.getByRole('textbox', { name: 'Sub ID 1' }).fill('e2e-banner');
    const field = builder.getByRole('textbox', { name: 'Your tracking link' });
    await expect(field).toHaveValue(/\/go\/[A-Za-z0-9_-]{22}\?sub1=e2e-banner$/);
    const link = await field.inputValue();

    // The affiliate's own postback for this campaign.
    await page.getByRole('button', { name: /Postback type/ }).click();
    await page.getByRole('option', { name: /^URL/ }).click();
    await page.getByRole('textbox', { name: 'Pixel / postback code' }).fill(`${hook.base}/own?click={click_id}&payout={payout}&s1={sub1}`);
    await page.getByRole('button', { name: 'Save Postback' }).click();
    await expect(page.getByText('Your postback has been saved.')).toBeVisible();

    // The click from a browser the campaign takes (its device and system rules), then the advertiser's
    // server-to-server postback with the secret the operator hands out.
    const allows = (os: string) => campaign.details.os_filtering === 'N' || campaign.os_list.length === 0 || campaign.os_list.includes(os);
    const userAgent =
      campaign.details.desktop_traffic === 'Y' && allows('Windows')
        ? 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
        : allows('iOS')
          ? 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
          : 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
    const click = await fetch(link, { redirect: 'manual', headers: { 'user-agent': userAgent } });
    expect(click.status).toBe(302);
    const clickId = new URL(click.headers.get('location')!).searchParams.get('click_id')!;
    const advertiser = await operatorApi<{ postback_url: string }>(product.url, op, `/operator/campaigns/${campaign.campaign_id}/postback`);
    expect(advertiser.postback_url).not.toBe('');
    const conversion = await fetch(advertiser.postback_url.replace('{click_id}', clickId).replace('{txid}', 'E2E-TX-1').replace('{amount}', '49.90'));
    expect(conversion.status, await conversion.clone().text()).toBe(200);

    await expect.poll(() => hook.received.filter((r) => r.url.startsWith('/own')).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const arrived = new URL(hook.received.find((r) => r.url.startsWith('/own'))!.url, hook.base);
    expect(arrived.searchParams.get('click')).toBe(clickId);
    expect(arrived.searchParams.get('s1')).toBe('e2e-banner');
    expect(Number(arrived.searchParams.get('payout'))).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByText('Delivered', { exact: true }).filter({ visible: true }).first()).toBeVisible();
  } finally {
    await hook.close();
  }
});
