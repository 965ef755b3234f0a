import { expect, test } from './server';
import { paths } from '../../src/shared/paths';
import { api, signIn } from './session';

/**
 * The referral program and the partner resources against the real product
 * (docs/resources-and-referrals-portal.md): the demo affiliate (id 100001) copies the referral link
 * from /refer (read back from the clipboard), a visitor who is not signed in opens what was copied and
 * lands in the registration wizard with the referral banner; /resources shows the network's resources
 * by category.
 */
// The page's context may read and write the clipboard, so Copy takes the Clipboard API's path and the
// test reads back what it wrote (the visitor's context, made below, gets no such permission).
test.use({ viewport: { width: 1280, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });

test('the referral link copied from /refer opens the registration wizard with the referral bonus, signed out', async ({ page, browser, product }) => {
  await signIn(page, product.url);
  const aid = await page.evaluate(() => localStorage.getItem('mb-aid'));
  expect(aid).toBe('100001');

  await page.goto(`${product.url}${paths.refer}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Referral Program' })).toBeVisible();
  await expect(page).toHaveTitle(/^Referral Program \|/);
  const field = page.getByRole('textbox', { name: 'Your referral link' });
  await expect(field).toHaveValue(`${product.url}${paths.register}?referrer=${aid}`);
  const link = await field.inputValue();

  const share = page.getByRole('region', { name: 'Share your link' });
  // Something else on the clipboard first, so the read below proves the copy.
  await page.evaluate(() => navigator.clipboard.writeText('not the link'));
  await share.getByRole('button', { name: 'Copy' }).click();
  await expect(share.getByRole('status')).toHaveText('Copied!');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(link);

  // The progress is the server's count of approved referrals, out of 10.
  const { referral_count } = await api<{ referral_count: number }>(page, product.url, '/referrer');
  const bar = share.getByRole('progressbar', { name: /^Progress toward the \$100 bonus$/ });
  await expect(bar).toHaveAttribute('aria-valuemax', '10');
  await expect(bar).toHaveAttribute('aria-valuenow', String(Math.min(referral_count, 10)));
  await expect(bar).toHaveAttribute('aria-valuetext', referral_count > 10 ? `${referral_count} approved referrals` : `${referral_count} of 10 approved referrals`);

  // The banners are real images in their sizes; the embed code links them to the referral link.
  const banners = page.getByRole('region', { name: 'Banners' });
  for (const [w, h] of [[160, 600], [300, 250], [300, 600], [728, 90]]) {
    const name = `${w} × ${h}`;
    const item = banners.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    const img = item.getByRole('img');
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => [el.complete, el.naturalWidth, el.naturalHeight])).toEqual([true, w, h]);
    const code = await item.getByRole('textbox', { name: `Embed code of the ${name} banner` }).inputValue();
    expect(code).toBe(`<a href="${link}"><img src="${product.url}/api/images/referral/${w}x${h}.svg" width="${w}" height="${h}" alt="${await img.getAttribute('alt')}"></a>`);
  }
  const logos = page.getByRole('region', { name: 'Promotional logos' }).getByRole('img');
  await expect(logos).toHaveCount(2);
  for (const logo of await logos.all()) await expect.poll(() => logo.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);

  // A visitor who is not signed in (a fresh browser context) opens the link that was copied.
  const visitor = await browser.newContext();
  try {
    const guest = await visitor.newPage();
    await guest.goto(copied);
    await expect(guest).toHaveURL(link);
    await expect(guest.getByText('+10% Referral Bonus Activated')).toBeVisible();
    await expect(guest.getByRole('radio', { name: 'No' })).toBeVisible();
    await expect(guest.getByRole('link', { name: /Sign in now/ })).toBeVisible();
  } finally {
    await visitor.close();
  }
});

test('/resources shows the network resources under their category headings', async ({ page, product }) => {
  // The list is public (spec 001 §1: sent without the token).
  const res = await fetch(`${product.url}/api/resources`);
  expect(res.ok).toBe(true);
  const { resources } = (await res.json()) as { resources: Array<{ category_name: string; name: string; URL: string; promo_code: string }> };
  expect(resources.length).toBeGreaterThan(0);

  await signIn(page, product.url);
  await page.goto(`${product.url}${paths.resources}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Resources' })).toBeVisible();
  const categories = [...new Set(resources.map((r) => r.category_name))];
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2 })).toHaveText(categories);

  const first = resources[0];
  const section = main.getByRole('region', { name: first.category_name });
  const card = section.getByRole('article').filter({ has: page.getByRole('heading', { level: 3, name: first.name, exact: true }) });
  await expect(card).toBeVisible();
  const img = card.getByRole('img', { name: first.name });
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  if (/^https?:/i.test(first.URL)) {
    const learnMore = card.getByRole('link', { name: `Learn More about ${first.name} (opens in a new tab)` });
    await expect(learnMore).toHaveAttribute('target', '_blank');
    await expect(learnMore).toHaveAttribute('rel', /noopener/);
  }
  const withCode = resources.find((r) => r.promo_code);
  if (withCode) await expect(main.getByRole('textbox', { name: 'Promo code' }).first()).toHaveValue(withCode.promo_code);
});
