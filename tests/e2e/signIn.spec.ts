import type { Page } from '@playwright/test';
import { expect, test } from './server';
import { paths } from '../../src/shared/paths';
import { completeTwoFactorSetup } from './session';
import { freshWindow, totp } from './totp';

const PASSWORD = 'Demo-2026!';
/** RFC 6238's test key, the documented secret of twofactor@example.com (docs/server.md). */
const DEMO_TOTP_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

async function submitCredentials(page: Page, base: string, email: string, password = PASSWORD) {
  await page.goto(`${base}/`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const sessionKeys = (page: Page) =>
  page.evaluate(() => ({ token: localStorage.getItem('mb-auth-token'), aid: localStorage.getItem('mb-aid'), copy: localStorage.getItem('mb-t') }));

test('the demo affiliate signs straight in to /dashboard, and sign-out removes the three keys', async ({ page, product }) => {
  await submitCredentials(page, product.url, 'demo@example.com');
  await expect(page).toHaveURL(`${product.url}${paths.dashboard}`);
  await expect(page.getByText(/Welcome,/)).toBeVisible();
  const keys = await sessionKeys(page);
  expect(keys.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(keys.aid).toMatch(/^\d+$/);
  expect(keys.copy).toBeTruthy();

  // Logout lives in the top bar's account menu.
  await page.getByRole('button', { name: /^Account/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await sessionKeys(page)).toEqual({ token: null, aid: null, copy: null });
  // A chosen logout needs no explaining: no 'Error while verifying token.' here.
  await expect(page.getByRole('alert')).toHaveCount(0);
  // The token was revoked on the server too.
  const r = await fetch(`${product.url}/api/application/verifyToken`, { headers: { 'x-app-token': keys.token! } });
  expect(r.status).toBe(401);
});

test('a token revoked elsewhere ends the session at the next screen, and sign-in says why (spec 000 §8)', async ({ page, product }) => {
  await submitCredentials(page, product.url, 'demo@example.com');
  await expect(page).toHaveURL(`${product.url}${paths.dashboard}`);
  await expect(page.getByText(/Welcome,/)).toBeVisible();
  const { token } = await sessionKeys(page);
  // The dashboard's own calls done first: one still under way when the token goes would end the session
  // (rightly, with the same message) before the click below, and the journey would find no Reports link.
  await page.waitForLoadState('networkidle');
  // Signed out from another device: the server revokes the token.
  const out = await fetch(`${product.url}/api/authenticationApp/logout`, { method: 'POST', headers: { 'x-app-token': token!, 'content-type': 'application/json' }, body: '{}' });
  expect(out.status).toBe(200);
  // The next screen's token check fails: the page reloads to sign-in, with the reason.
  await page.getByRole('link', { name: 'Reports' }).first().click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Error while verifying token.');
  expect(await sessionKeys(page)).toEqual({ token: null, aid: null, copy: null });
  // Once only: coming back to sign-in later does not repeat it.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the sign-in form is drawn without the store and the machines, which load on the first touch', async ({ page, product }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  const journeyCode = (list: string[]) => list.filter((p) => /\/assets\/(redux|xstate)-[\w-]+\.js$/.test(p));
  await page.goto(`${product.url}/`);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(journeyCode(scripts)).toEqual([]);
  // A static public page needs no store either.
  await page.goto(`${product.url}${paths.terms}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(journeyCode(scripts)).toEqual([]);

  await page.goto(`${product.url}/`);
  await page.getByLabel('E-mail').click();
  await expect.poll(() => journeyCode(scripts).length).toBe(2);
  await page.getByLabel('E-mail').fill('demo@example.com');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${product.url}${paths.dashboard}`);
});

test('the two-factor set-up guide opens signed out and signed in, with a title of its own', async ({ page, product }) => {
  await page.goto(`${product.url}${paths.twoFactorGuide}`);
  await expect(page.getByRole('heading', { level: 1, name: 'How to set up two-factor authentication' })).toBeVisible();
  await expect(page).toHaveTitle(/^How to set up two-factor authentication \| /);
  await submitCredentials(page, product.url, 'demo@example.com');
  await expect(page).toHaveURL(`${product.url}${paths.dashboard}`);
  await expect(page).toHaveTitle(/^Dashboard \| /);
  await page.goto(`${product.url}${paths.twoFactorGuide}`);
  await expect(page.getByRole('heading', { level: 1, name: 'How to set up two-factor authentication' })).toBeVisible();
});

test('the theme chosen on the device is applied before the first paint, on the sign-in page too', async ({ page, product }) => {
  await page.addInitScript(() => {
    localStorage.setItem('mb-theme', 'dark');
    // What the page is marked with the moment <body> exists, long before the portal's code runs.
    new MutationObserver((_, observer) => {
      if (!document.body) return;
      (window as unknown as { themeAtBody?: string }).themeAtBody = document.documentElement.dataset.theme;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${product.url}/`);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { themeAtBody?: string }).themeAtBody)).toBe('dark');
  // The portal renders in the same theme: a dark page behind the sign-in card.
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(14, 16, 19)');
});

test("a wrong password shows the server's message", async ({ page, product }) => {
  await submitCredentials(page, product.url, 'demo@example.com', 'not-the-password');
  await expect(page.getByText('The e-mail address or password you entered is incorrect.')).toBeVisible();
  expect((await sessionKeys(page)).aid).toBeNull();
});

test('the two-factor demo affiliate signs in with a TOTP code; a replayed code is refused', async ({ browser, product }) => {
  await freshWindow();
  const code = totp(DEMO_TOTP_SECRET);
  const first = await browser.newPage();
  await submitCredentials(first, product.url, 'twofactor@example.com');
  await first.getByLabel('Authentication code').fill(code);
  await first.getByRole('button', { name: 'Submit' }).click();
  await expect(first).toHaveURL(`${product.url}${paths.dashboard}`);

  const second = await browser.newPage();
  await submitCredentials(second, product.url, 'twofactor@example.com');
  await second.getByLabel('Authentication code').fill(code);
  await second.getByRole('button', { name: 'Submit' }).click();
  await expect(second.getByText('The code you entered is incorrect. Please try again.')).toBeVisible();
  await expect(second).not.toHaveURL(/dashboard/);
});

test('the unverified-country demo affiliate signs in with the code from the outbox', async ({ page, product }) => {
  await submitCredentials(page, product.url, 'unverified@example.com');
  await expect(page.getByRole('heading', { name: 'Please verify your account' })).toBeVisible();
  const since = product.output().length;
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByText('We have sent you a code.')).toBeVisible();
  const code = await product.codeFor('unverified@example.com', since);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(`${product.url}${paths.dashboard}`);
});

test('the forced-offer demo affiliate completes two-factor set-up', async ({ page, product }) => {
  await submitCredentials(page, product.url, 'forced2fa@example.com');
  await expect(page.getByText('Secure your account with Google 2-Factor Authentication.')).toBeVisible();
  await page.getByRole('button', { name: 'Set Up Now' }).click();
  await completeTwoFactorSetup(page, page.getByLabel('6-digit code'));
  await expect(page).toHaveURL(`${product.url}${paths.dashboard}`);
  await expect(page.getByText(/Welcome,/)).toBeVisible();
});
