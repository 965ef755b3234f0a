import type { Page } from '@playwright/test';
import { expect, operatorSignIn, test } from './server';
import { freshWindow, totp } from './totp';

/**
 * The back office in the browser (docs/ops-console.md): the e2e operator (an admin, signed in here
 * with the token of its API sign-in) invites a new admin from the Operators page; the invitation's
 * link comes from the outbox (the server's console); the new operator chooses a password, sets up
 * the authenticator at the first sign-in (the key read off the screen, the code computed here),
 * invites a viewer and makes them finance; the audit log shows each of those writes, by whom.
 */
const NEW_ADMIN = { email: 'new.admin@ops-e2e.example', password: 'a long enough e2e password' };
const VIEWER = 'new.viewer@ops-e2e.example';

async function inviteLink(output: () => string, since: number, to: string): Promise<string> {
  const until = Date.now() + 15_000;
  const escaped = to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (;;) {
    const m = new RegExp(`\\[outbox\\] email to ${escaped}[\\s\\S]*?(/ops/invite\\?token=[A-Za-z0-9_-]+)`).exec(output().slice(since));
    if (m) return m[1];
    if (Date.now() > until) throw new Error(`no invitation for ${to} in:\n${output().slice(since)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function invite(page: Page, email: string, role: string) {
  await page.getByRole('button', { name: 'Invite an operator' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite an operator' });
  await dialog.getByLabel('E-mail address').fill(email);
  await dialog.getByRole('button', { name: /Role/ }).click();
  await page.getByRole('option', { name: role }).click();
  await dialog.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByText(`The invitation is on its way to ${email}.`, { exact: false })).toBeVisible();
}

test('an admin invites an operator, who sets a password, sets up the authenticator, invites and promotes a viewer; the audit log shows it all', async ({ browser, product }) => {
  test.setTimeout(120_000);
  // The e2e operator opens the console with the session its API sign-in made.
  const token = await operatorSignIn(product.url);
  const me = (await (await fetch(`${product.url}/api/operator/session`, { headers: { 'x-operator-token': token } })).json()) as { expires_at: string; operator: { operator_id: number; email: string; role: string } };
  const first = await browser.newContext();
  const adminPage = await first.newPage();
  await adminPage.addInitScript((session) => localStorage.setItem('ops-session', session), JSON.stringify({ token, expiresAt: me.expires_at, operator: { operatorId: me.operator.operator_id, email: me.operator.email, role: me.operator.role } }));
  await adminPage.goto(`${product.url}/ops`);
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await adminPage.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Operators' }).click();
  await expect(adminPage.getByRole('table', { name: 'Operators' })).toBeVisible();
  const since = product.output().length;
  await invite(adminPage, NEW_ADMIN.email, 'Admin');
  await expect(adminPage.getByRole('rowheader', { name: NEW_ADMIN.email })).toBeVisible();
  const link = await inviteLink(product.output, since, NEW_ADMIN.email);
  await first.close();

  // The invited operator, in a browser of their own.
  const second = await browser.newContext();
  const page = await second.newPage();
  await page.goto(`${product.url}${link}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Join the back office' })).toBeVisible();
  await page.getByLabel(/^Password(?! again)/).fill(NEW_ADMIN.password);
  await page.getByLabel('Password again').fill(NEW_ADMIN.password);
  await page.getByRole('button', { name: 'Set my password' }).click();
  await expect(page).toHaveURL(`${product.url}/ops`);
  await expect(page.getByText('Your password is set. Sign in to set up your authenticator.')).toBeVisible();
  await page.getByLabel('E-mail address').fill(NEW_ADMIN.email);
  await page.getByLabel(/^Password/).fill(NEW_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your authenticator' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code of your authenticator key' })).toBeVisible();
  const secret = (await page.locator('form code').textContent())!.trim();
  await freshWindow();
  await page.getByLabel('Authentication code').fill(totp(secret));
  await page.getByRole('button', { name: 'Turn on and sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(page.getByText(`Signed in as ${NEW_ADMIN.email} (Admin).`, { exact: false })).toBeVisible();

  // The new admin invites a viewer, then makes them finance.
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Operators' }).click();
  await invite(page, VIEWER, 'Viewer');
  await page.getByRole('button', { name: `Role of ${VIEWER}` }).click();
  await page.getByRole('option', { name: 'Finance' }).click();
  await expect(page.getByText(`${VIEWER} is now finance.`)).toBeVisible();

  // The audit log: newest first, each write with its operator.
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit log' }).click();
  const rows = page.getByRole('table', { name: 'Audit entries' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('operator.role');
  await expect(rows.nth(1)).toContainText(NEW_ADMIN.email);
  await expect(rows.nth(2)).toContainText('operator.invite');
  await expect(rows.nth(2)).toContainText(NEW_ADMIN.email);
  await page.getByRole('textbox', { name: /^Action/ }).fill('operator.invite');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByText('2 entries')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Audit entries' }).getByRole('row').filter({ hasText: me.operator.email })).toHaveCount(1);

  // Sign out ends the session on the server too.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('You are signed out.')).toBeVisible();
  await second.close();
});
