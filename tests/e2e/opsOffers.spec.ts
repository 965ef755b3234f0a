import { expect, operatorSignIn, test } from './server';
import { signIn } from './session';

/**
 * Offers in the back office (docs/ops-offers.md): the e2e operator (an admin) creates an advertiser
 * and a campaign of theirs in the browser, active at once, then pauses it; the demo affiliate's
 * campaign page shows it paused.
 */
const ADVERTISER = 'E2E Offers Ltd';
const CAMPAIGN = 'E2E Offers Summer Quote';

test('an admin creates an advertiser and a campaign, pauses it, and the affiliate sees it paused', async ({ browser, product }) => {
  test.setTimeout(120_000);
  const token = await operatorSignIn(product.url);
  const me = (await (await fetch(`${product.url}/api/operator/session`, { headers: { 'x-operator-token': token } })).json()) as {
    expires_at: string;
    operator: { operator_id: number; email: string; role: string };
  };
  const ops = await browser.newContext();
  const page = await ops.newPage();
  await page.addInitScript(
    (session) => localStorage.setItem('ops-session', session),
    JSON.stringify({ token, expiresAt: me.expires_at, operator: { operatorId: me.operator.operator_id, email: me.operator.email, role: me.operator.role } }),
  );
  await page.goto(`${product.url}/ops`);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Advertisers' }).click();
  await expect(page.getByRole('table', { name: 'Advertisers' })).toBeVisible();

  // The advertiser.
  await page.getByRole('link', { name: 'New advertiser' }).click();
  await page.getByLabel(/^Name/).fill(ADVERTISER);
  await page.getByLabel(/^Contact e-mail/).fill('team@offers-e2e.example');
  await page.getByRole('button', { name: 'Create the advertiser' }).click();
  await expect(page.getByText(`${ADVERTISER} is created.`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(ADVERTISER) })).toBeVisible();

  // Its campaign, active at once.
  await page.getByRole('link', { name: 'New campaign' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New campaign' })).toBeVisible();
  // Opened from the advertiser's page: it is chosen already.
  await expect(page.getByRole('button', { name: new RegExp(`^${ADVERTISER}`) })).toBeVisible();
  await page.getByLabel(/^Name/).fill(CAMPAIGN);
  await page.getByRole('button', { name: /Category/ }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('button', { name: /Subcategory/ }).click();
  await page.getByRole('option').first().click();
  await page.getByLabel('Rate 1: description').fill('Lead');
  await page.getByLabel('Payout amount').fill('9.5');
  await page.getByLabel('Revenue amount').fill('14');
  // react-aria's boxes: by keyboard (their labels take the pointer).
  for (const box of [page.getByRole('checkbox', { name: 'E-mail' }), page.getByRole('switch', { name: /Active at once/ })]) {
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
  }
  await page.getByRole('button', { name: 'Create the campaign' }).click();
  await expect(page.getByText(`${CAMPAIGN} is created.`)).toBeVisible();
  await expect(page).toHaveURL(/\/ops\/campaigns\/\d+$/);
  const id = /\/ops\/campaigns\/(\d+)$/.exec(page.url())![1];
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(CAMPAIGN) })).toContainText('Active');

  // Paused.
  await page.getByRole('button', { name: `Pause ${CAMPAIGN}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Pause ${CAMPAIGN}?` });
  await confirm.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByText(`${CAMPAIGN} is paused.`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(CAMPAIGN) })).toContainText('Paused');
  await ops.close();

  // The demo affiliate's campaign page.
  const portal = await browser.newContext();
  const affiliate = await portal.newPage();
  await signIn(affiliate, product.url);
  await affiliate.goto(`${product.url}/campaign/${id}`);
  await expect(affiliate.getByRole('heading', { name: CAMPAIGN }).first()).toBeVisible();
  // The paused warning's title (src/components/campaigns/CampaignNotices.tsx: PAUSED_LABEL, PAUSED_SHORT).
  await expect(affiliate.getByText('Paused: links will not pay')).toBeVisible();
  await portal.close();
});
