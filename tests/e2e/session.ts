import type { Locator, Page } from '@playwright/test';
import { expect } from './server';
import { freshWindow, totp } from './totp';
import { paths } from '../../src/shared/paths';

/** The demo network's password (README, docs/dashboard.md). */
export const DEMO_PASSWORD = 'Demo-2026!';

/** Signs in through the form and waits for the dashboard. */
export async function signIn(page: Page, base: string, email = 'demo@example.com') {
  await page.goto(`${base}/`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The password's scrypt check, the session's encryption and the reload, with a second browser and
  // the server on the same two cores: more than the default 5 s now and then (CI, 2026-11-27).
  await expect(page).toHaveURL(`${base}${paths.dashboard}`, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
}

/** Calls the API with the page's own session token. */
export async function api<T>(page: Page, base: string, path: string, method = 'GET'): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('mb-auth-token'));
  const r = await fetch(`${base}/api${path}`, { method, headers: { 'x-app-token': token ?? '' } });
  return (await r.json()) as T;
}

/** On the sign-in form: the old password refused, then the new one sent (the caller checks where it lands). */
export async function signInAfterPasswordChange(page: Page, email: string, oldPassword: string, newPassword: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(oldPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('The e-mail address or password you entered is incorrect.')).toBeVisible();
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Two-factor set-up from its first Next: the shown secret read, a code of it entered in `codeField`,
 * activated, then on to the dashboard. `scope` holds the set-up's buttons (the settings dialog, or the
 * page at sign-in).
 */
export async function completeTwoFactorSetup(scope: Page | Locator, codeField: Locator) {
  await scope.getByRole('button', { name: 'Next' }).click();
  await expect(scope.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await scope.locator('code').first().textContent())!.trim();
  await scope.getByRole('button', { name: 'Next' }).click();
  await freshWindow();
  await codeField.fill(totp(secret));
  await scope.getByRole('button', { name: 'Activate' }).click();
  await scope.getByRole('button', { name: 'Take me to my dashboard' }).click();
}
