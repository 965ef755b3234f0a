import { expect, test } from './server';
import { paths } from '../../src/shared/paths';
import { recoveryMessages } from '../../src/shared/recovery';
import { signInAfterPasswordChange } from './session';

/**
 * Password recovery against the real product (docs/recovery.md): the demo affiliate with
 * optional two-factor (no other journey changes it; a mobile number on file) forgets the password,
 * solves the real captcha (the browser does the proof of work), follows the e-mailed link from the
 * outbox (the server's console), resets with the SMS code from the outbox and signs in with the
 * new password; the old one and the used link are refused.
 */
const EMAIL = 'optional2fa@example.com';
const MOBILE = '+1 (512) 555-0173';
const OLD_PASSWORD = 'Demo-2026!';
const NEW_PASSWORD = 'Recovered-2026!';

async function linkFor(output: () => string, since: number): Promise<string> {
  const until = Date.now() + 15_000;
  for (;;) {
    const m = /\[outbox\] email to optional2fa@example\.com[\s\S]*?\/resetPassword\?token=([A-Za-z0-9_-]+)/.exec(output().slice(since));
    if (m) return m[1];
    if (Date.now() > until) throw new Error(`no reset link in:\n${output().slice(since)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('an affiliate forgets the password, solves the captcha, resets with the SMS code and signs in with the new one', async ({ page, product }) => {
  test.setTimeout(120_000);
  await page.goto(`${product.url}/`);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(`${product.url}${paths.forgot}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();

  // Nothing is sent before the captcha is solved.
  const before = product.output().length;
  await page.getByLabel('E-mail').fill(EMAIL);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(recoveryMessages.captchaMissing)).toBeVisible();

  // The real widget: the browser fetches the challenge from our server and does the work.
  await page.locator('altcha-widget').getByText(/not a robot/i).click();
  await expect(page.locator('altcha-widget input[name="altcha"]')).toHaveValue(/.+/, { timeout: 60_000 });
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(recoveryMessages.forgotSent(EMAIL))).toBeVisible();

  const token = await linkFor(product.output, before);
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

  // The link of the e-mail (its host is the product's configured address; here the test's own).
  await page.goto(`${product.url}${paths.resetPassword(token)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  const smsFrom = product.output().length;
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /^Sent \(\d+\)$/ })).toBeDisabled();
  const code = await product.codeFor(MOBILE, smsFrom);

  // A wrong code first: the spec's text, nothing changed.
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
  await page.getByLabel(/^Retype new password/).fill(NEW_PASSWORD);
  await page.getByLabel(/^SMS code/).fill(wrong);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(recoveryMessages.wrongCode)).toBeVisible();

  await page.getByLabel(/^SMS code/).fill(code);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(recoveryMessages.changed)).toBeVisible();

  // The link works once.
  await page.goto(`${product.url}${paths.resetPassword(token)}`);
  await expect(page.getByText(recoveryMessages.linkExpired)).toBeVisible();

  // The old password is refused; the new one signs in.
  await page.goto(`${product.url}/`);
  await signInAfterPasswordChange(page, EMAIL, OLD_PASSWORD, NEW_PASSWORD);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('mb-auth-token'))).toMatch(/^[A-Za-z0-9_-]{43}$/);
});
