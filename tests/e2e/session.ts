import type { Page } from '@playwright/test';
import { expect } from './server';
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
