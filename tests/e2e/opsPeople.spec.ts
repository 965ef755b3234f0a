import { expect, operatorSignIn, test } from './server';
import { api, signIn } from './session';

/**
 * The back office's people in the browser (docs/ops-people.md): the e2e operator (an admin) finds the
 * demo affiliate promoended@example.com (no other journey uses it), sets a cap override on a campaign
 * they run and the flag of missing payment-processor documents, and the audit log API shows both
 * writes, by that operator, with their before and after.
 */
const AFFILIATE = 'promoended@example.com';

interface AuditAnswer {
  entries: Array<{ action: string; operator: { email: string } | null; target: { type: string; id: string }; before: unknown; after: unknown }>;
}

test('an admin finds an affiliate, sets a cap override and a flag; the audit log shows both', async ({ browser, product }) => {
  test.setTimeout(120_000);
  // A campaign the affiliate runs, from their own session.
  const portal = await browser.newContext();
  const affiliatePage = await portal.newPage();
  await signIn(affiliatePage, product.url, AFFILIATE);
  const approved = await api<{ campaigns: Array<{ campaign_id: number }> }>(affiliatePage, product.url, '/campaigns/approved?page=0&limit=5');
  const campaignId = approved.campaigns[0].campaign_id;
  await portal.close();

  const token = await operatorSignIn(product.url);
  const me = (await (await fetch(`${product.url}/api/operator/session`, { headers: { 'x-operator-token': token } })).json()) as {
    expires_at: string;
    operator: { operator_id: number; email: string; role: string };
  };
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(
    (session) => localStorage.setItem('ops-session', session),
    JSON.stringify({ token, expiresAt: me.expires_at, operator: { operatorId: me.operator.operator_id, email: me.operator.email, role: me.operator.role } }),
  );
  await page.goto(`${product.url}/ops`);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Affiliates' }).click();
  await expect(page.getByRole('table', { name: 'Affiliates' })).toBeVisible();
  await page.getByRole('textbox', { name: /^Search/ }).fill(AFFILIATE);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^1 affiliate$/ })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: AFFILIATE });
  const id = Number((await row.getByRole('cell').first().textContent())?.trim());
  await row.getByRole('link').click();
  await expect(page).toHaveURL(`${product.url}/ops/affiliates/${id}`);
  await expect(page.getByText(`${AFFILIATE} (`)).toBeVisible();

  // The cap override.
  await page.getByRole('button', { name: 'Set a cap override' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set a cap override' });
  await dialog.getByLabel(/^Campaign id/).fill(String(campaignId));
  await dialog.getByLabel(/^Daily cap/).fill('33');
  await dialog.getByRole('button', { name: 'Save the cap' }).click();
  await expect(page.getByText(`daily cap on campaign ${campaignId} is 33.`, { exact: false })).toBeVisible();
  const caps = page.getByRole('table', { name: 'Cap overrides' });
  await expect(caps.getByRole('row').filter({ hasText: `(${campaignId})` })).toContainText('33');

  // The flag.
  const flag = page.getByRole('switch', { name: /^148: / });
  await expect(flag).not.toBeChecked();
  // The switch's input is visually hidden: its label is what a person clicks.
  await page.getByText(/^148: Payment-processor documents/).click();
  await expect(page.getByText('Flag 148 is set.')).toBeVisible();
  await expect(flag).toBeChecked();
  await context.close();

  const audit = (await (
    await fetch(`${product.url}/api/operator/audit?target_type=affiliate&target_id=${id}`, { headers: { 'x-operator-token': token } })
  ).json()) as AuditAnswer;
  const byAction = new Map(audit.entries.map((e) => [e.action, e]));
  expect([...byAction.keys()].sort()).toEqual(['affiliate.cap', 'affiliate.flag.set']);
  expect(byAction.get('affiliate.cap')).toMatchObject({
    operator: { email: me.operator.email },
    before: { campaign_id: campaignId, daily_cap: null },
    after: { campaign_id: campaignId, daily_cap: 33 },
  });
  const flagEntry = byAction.get('affiliate.flag.set')!;
  expect(flagEntry.operator?.email).toBe(me.operator.email);
  expect(JSON.stringify(flagEntry.after)).toContain('148');
  expect(JSON.stringify(flagEntry.before)).not.toContain('148');
});
