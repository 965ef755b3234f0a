import type { Page } from '@playwright/test';
import { expect, test, LEAD_PIXEL_ORIGIN, operatorSignIn } from './server';
import { paths } from '../../src/shared/paths';

/**
 * Joining the network against the real product (docs/registration.md): a visitor with a
 * referral link goes through every step of the wizard with real ID images (front and back), gets the
 * confirmation e-mail (read from the outbox on the server's console), opens its link, is approved
 * through the operator API and signs in, past the two-factor offer, to a stored session.
 */

/** A 1×1 PNG and a 1×1 GIF: real bytes, as the server checks them. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const PASSWORD = 'Joining-2026!';
const LONG_TEXT = 'Five years of paid search and a personal finance blog with 20,000 monthly readers.';

async function choose(page: Page, label: RegExp, option?: string) {
  await page.getByRole('button', { name: label }).click();
  const listbox = page.getByRole('listbox');
  await (option ? listbox.getByRole('option', { name: option, exact: true }) : listbox.getByRole('option').first()).click();
  await expect(listbox).toBeHidden();
}

async function verifyLink(output: () => string, email: string, since: number): Promise<string> {
  const until = Date.now() + 15_000;
  const pattern = new RegExp(`\\[outbox\\] email to ${email.replace(/[.+]/g, '\\$&')}[\\s\\S]*?(/verify\\?i=\\d+&e=[A-Za-z0-9_-]+)`);
  for (;;) {
    const m = pattern.exec(output().slice(since));
    if (m) return m[1];
    if (Date.now() > until) throw new Error(`no confirmation link for ${email} in:\n${output().slice(since)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function operatorCall<T>(base: string, path: string, method = 'GET', token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? { 'x-operator-token': token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

test('a referred visitor registers with an ID image, confirms the e-mail, is approved and signs in', async ({ page, product }) => {
  test.setTimeout(120_000);
  const email = `new.publisher.${Date.now()}@example.com`;
  await page.goto(`${product.url}${paths.register}?referrer=100001`);
  await expect(page.getByText('+10% Referral Bonus Activated')).toBeVisible();
  await expect(page.getByRole('link', { name: /Sign in now/ })).toBeVisible();

  // 1. No existing account.
  await page.getByRole('radio', { name: 'No' }).check();
  await page.getByRole('button', { name: 'Next' }).click();

  // 2. Personal info: a password that breaks the rule first.
  await page.getByRole('textbox', { name: 'First Name', exact: true }).fill('Robin');
  await page.getByRole('textbox', { name: 'Last Name', exact: true }).fill('Okafor');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
  await page.getByRole('textbox', { name: 'Re-Enter Password', exact: true }).fill('short');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(/between 8 and 12 characters/).first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Re-Enter Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Next' }).click();

  // 3. Contact.
  await expect(page.getByRole('textbox', { name: 'Mobile Phone Number', exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Mobile Phone Number', exact: true }).fill('212 555 0199');
  await choose(page, /Your Time Zone/);
  await choose(page, /When can you be reached/);
  await page.getByRole('textbox', { name: 'Telegram handle', exact: true }).fill('@robin_okafor');
  await page.getByRole('button', { name: 'Next' }).click();

  // 4. Address: the United States asks for a state.
  await expect(page.getByRole('textbox', { name: 'Street Address', exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Street Address', exact: true }).fill('11 Wall Street');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('New York');
  await choose(page, /North American State\/Province/, 'New York');
  await page.getByRole('textbox', { name: 'Zip / Postal Code', exact: true }).fill('10005');
  await page.getByRole('button', { name: 'Next' }).click();

  // 5. Identification: a real image for the front, another for the back.
  await page.locator('input[type=file]').first().setInputFiles({ name: 'id-front.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: /front: preview/ })).toBeVisible();
  await page.locator('input[type=file]').nth(1).setInputFiles({ name: 'id-back.gif', mimeType: 'image/gif', buffer: GIF });
  await expect(page.getByRole('img', { name: /back \(optional\): preview/ })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  // 6. Experience.
  await choose(page, /How did you hear about us/, 'Google');
  await page.getByText('Some experience, paid by at least one network', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Some experience, paid by at least one network' })).toBeChecked();
  await page.getByLabel(/Describe your experience/).fill(LONG_TEXT);
  await page.getByLabel(/How will you promote our offers/).fill(LONG_TEXT);
  await page.getByRole('button', { name: 'Next' }).click();

  // 7. Terms, then Submit.
  for (const box of await page.getByRole('checkbox').all()) {
    // By keyboard (the third box's label holds the link to the terms).
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
  }
  const since = product.output().length;
  // The lead pixel (LEAD_PIXEL_URLS, tests/e2e/server.ts) is requested once the application is in. The
  // journey answers it; a request the page's Content-Security-Policy blocked would never reach here.
  const pixels: string[] = [];
  await page.route(`${LEAD_PIXEL_ORIGIN}/**`, (route) => {
    pixels.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'image/gif', body: Buffer.from('R0lGODlhAQABAAAAACH5BAEAAAAALAAAAAABAAEAAAIBAAA=', 'base64') });
  });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
  await expect.poll(() => pixels.map((u) => u.replace(/=\d+$/, '=N'))).toEqual([`${LEAD_PIXEL_ORIGIN}/lead.gif?cb=N`]);

  // The confirmation e-mail's link.
  const link = await verifyLink(product.output, email, since);
  await page.goto(`${product.url}${link}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account has been verified!' })).toBeVisible();
  await expect(page.getByLabel('Your affiliate manager')).toBeVisible();

  // The network approves the application; the referrer is on it.
  const token = await operatorSignIn(product.url);
  const { publishers } = await operatorCall<{ publishers: Array<{ affiliate_id: number; email: string; id_images: { front: string | null; back: string | null } }> }>(
    product.url, '/api/operator/publishers', 'GET', token,
  );
  const mine = publishers.find((p) => p.email === email);
  expect(mine).toBeDefined();
  // Both images arrived, byte for byte.
  for (const [side, bytes, type] of [['front', PNG, 'image/png'], ['back', GIF, 'image/gif']] as const) {
    const res = await fetch(`${product.url}${mine!.id_images[side]}`, { headers: { 'x-operator-token': token } });
    expect(res.headers.get('content-type')).toBe(type);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  }
  await operatorCall(product.url, `/api/operator/publishers/${mine!.affiliate_id}/approve`, 'POST', token);

  // The new publisher signs in: past the password, a new account is offered two-factor set-up first.
  await page.goto(`${product.url}/`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Secure your account' })).toBeVisible();
  // The offer a new account gets is the optional one (spec 002 §4): 'Not now', and in, with a stored session.
  await page.getByText(/^Not now/).click();
  await expect(page.getByRole('radio', { name: /^Not now/ })).toBeChecked();
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(`${product.url}${paths.dashboard}`);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('mb-auth-token'))).toMatch(/^[A-Za-z0-9_-]{43}$/);
});
