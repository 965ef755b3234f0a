import { expect, operatorSignIn, test } from './server';
import { api, signIn } from './session';

/**
 * The console's Creatives area in the browser (docs/ops-files.md): the e2e admin uploads a banner to
 * a campaign the demo affiliate sees, in the console's upload dialog; the affiliate's campaign page
 * then shows that banner's uploaded image (/cdn/files/...) at the size the server read from it.
 */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
type ListAnswer = { campaigns: { campaign_id: number; name: string }[] };
type Detail = { campaign: { creatives: { creative_id: number; type: string; name?: string; image?: string; width?: number; height?: number }[] } };

test('an admin uploads a banner in the console; the affiliate sees its image on the campaign page', async ({ browser, page, product }) => {
  test.setTimeout(120_000);
  await signIn(page, product.url);
  const { campaigns } = await api<ListAnswer>(page, product.url, '/campaigns/new?page=0&limit=30');
  const campaign = campaigns[0];

  const token = await operatorSignIn(product.url);
  const me = (await (await fetch(`${product.url}/api/operator/session`, { headers: { 'x-operator-token': token } })).json()) as { expires_at: string; operator: { operator_id: number; email: string; role: string } };
  const ops = await browser.newContext();
  const console_ = await ops.newPage();
  await console_.addInitScript((session) => localStorage.setItem('ops-session', session), JSON.stringify({ token, expiresAt: me.expires_at, operator: { operatorId: me.operator.operator_id, email: me.operator.email, role: me.operator.role } }));
  await console_.goto(`${product.url}/ops`);
  await console_.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Creatives' }).click();
  await console_.getByRole('table', { name: 'Campaigns' }).getByRole('link', { name: campaign.name }).click();
  await expect(console_.getByRole('heading', { level: 1, name: campaign.name })).toBeVisible();
  await console_.getByRole('button', { name: 'Add a banner' }).click();
  const dialog = console_.getByRole('dialog', { name: 'Add a banner' });
  await dialog.getByLabel('Name').fill('E2E pixel banner');
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1X1, 'base64') });
  await expect(dialog.getByText('banner.png')).toBeVisible();
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(console_.getByText('E2E pixel banner is added: 1 × 1 pixels, as read from the image.')).toBeVisible();
  await expect(console_.getByRole('table', { name: 'Banners' }).getByRole('rowheader', { name: 'E2E pixel banner' })).toBeVisible();
  await ops.close();

  // The affiliate's campaign page: the banner's image is the uploaded file, served from /cdn/files.
  const detail = await api<Detail>(page, product.url, `/campaign/${campaign.campaign_id}`);
  const banner = detail.campaign.creatives.find((c) => c.type === 'banner' && c.image?.includes('/files/banner-'));
  expect(banner, 'the uploaded banner on the campaign page').toBeTruthy();
  expect([banner!.width, banner!.height]).toEqual([1, 1]);
  await page.goto(`${product.url}/campaign/${campaign.campaign_id}`);
  await page.getByRole('button', { name: 'View Banners' }).click();
  const img = page.getByRole('dialog').getByRole('img', { name: `Banner ${banner!.creative_id}, 1x1` });
  await expect(img).toHaveAttribute('src', banner!.image!);
  const file = await page.request.get(new URL(banner!.image!, product.url).toString());
  expect(file.status()).toBe(200);
  expect(Buffer.from(await file.body()).equals(Buffer.from(PNG_1X1, 'base64'))).toBe(true);
});
