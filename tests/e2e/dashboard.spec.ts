import type { Page, Response } from '@playwright/test';
import { expect, test } from './server';
import { easternDay } from '../../src/shared/dates';
import { formatMoney } from '../../src/shared/format';
import { paths } from '../../src/shared/paths';
import { api, signIn } from './session';

/**
 * The signed-in shell and the dashboard against the real product, with the demo
 * affiliates of docs/dashboard.md. Each test signs in on a fresh page.
 */
// A desktop window (the MaxMoney badge shows from 1024 px); the mobile test opens its own 375 px one.
test.use({ viewport: { width: 1280, height: 900 } });

test('the demo dashboard shows the name, ID, earnings that agree with the API, and three rows of six', async ({ page, product }) => {
  await signIn(page, product.url);
  const aid = await page.evaluate(() => localStorage.getItem('mb-aid'));
  await expect(page.getByText(`Affiliate ID ${aid}`)).toBeVisible();
  const stats = await api<{ earnings_today: number; earnings_yesterday: number; this_month: number; this_year: number }>(page, product.url, '/affiliatestats');
  const summary = page.getByRole('region', { name: 'Earnings summary' });
  await expect(summary.getByRole('definition')).toHaveText([formatMoney(stats.earnings_today), formatMoney(stats.earnings_yesterday), formatMoney(stats.this_month), formatMoney(stats.this_year)]);
  expect(stats.this_year).toBeGreaterThan(0);
  // The figures agree with each other (tests/e2e/server.ts does not expose the database, so no
  // independent sum of the conversions is available here): today is part of this month, this month
  // part of this year, and yesterday part of this month unless today is the 1st (reporting zone).
  expect(stats.earnings_today).toBeGreaterThan(0);
  expect(stats.this_month).toBeGreaterThanOrEqual(stats.earnings_today);
  expect(stats.this_year).toBeGreaterThanOrEqual(stats.this_month);
  const day = Number(easternDay(new Date()).slice(8));
  if (day > 1) expect(stats.this_month).toBeGreaterThanOrEqual(Math.round((stats.earnings_today + stats.earnings_yesterday) * 100) / 100);
  // Each figure opens the earnings report of its days, whose Totals row is the same figure.
  await summary.getByRole('link', { name: 'This Month earnings report' }).click();
  await expect(page).toHaveURL(/\/reports\/earnings\?startDate=\d{4}-\d{2}-01&endDate=\d{4}-\d{2}-\d{2}$/);
  const totals = page.getByRole('table', { name: 'Earnings report' }).locator('tfoot');
  await expect(totals.getByRole('cell', { name: formatMoney(stats.this_month), exact: true })).toBeVisible();
  await page.goBack();
  // The rows under the first screen render as they come near (src/lib/RenderWhenNear.tsx): scrolled to in turn.
  for (const row of ['Popular', 'New', 'Suggested For You']) {
    const cards = page.getByRole('region', { name: row }).getByRole('listitem');
    await expect(async () => {
      await page.mouse.wheel(0, 400);
      await expect(cards).toHaveCount(6, { timeout: 1000 });
    }).toPass();
  }
  await expect(page.getByRole('link', { name: 'See More New' })).toHaveAttribute('href', paths.browse('new'));
  await expect(page.getByRole('region', { name: 'Featured campaigns' })).toBeVisible();
  await expect(page.getByText(/^MaxMoney \d[\d,]*\.\d{2}$/)).toBeVisible();
  await page.getByRole('link', { name: 'See More New' }).click();
  await expect(page).toHaveURL(`${product.url}${paths.browse('new')}`);
  await expect(page.getByRole('tab', { name: 'New Campaigns', selected: true })).toBeVisible();
});

test('quick search opens a chosen campaign, or /search with the typed term', async ({ page, product }) => {
  await signIn(page, product.url);
  const first = await api<{ campaigns: { campaign_id: number; name: string }[] }>(page, product.url, '/campaigns/popular?page=0&limit=1');
  const campaign = first.campaigns[0];
  const box = page.getByRole('combobox', { name: /Search campaigns/ });
  // '#1234' puts that campaign first (docs/dashboard.md, Quick search); the option ends with its #ID.
  await box.fill(`#${campaign.campaign_id}`);
  const option = page.getByRole('option', { name: new RegExp(`#${campaign.campaign_id}(?!\\d)`) });
  await expect(page.getByRole('option').first()).toHaveAccessibleName(new RegExp(`#${campaign.campaign_id}(?!\\d)`));
  await option.click();
  await expect(page).toHaveURL(`${product.url}${paths.campaign(campaign.campaign_id)}`);

  await box.fill('loans');
  await expect(page.getByRole('listbox')).toBeVisible();
  await box.press('Enter');
  // The search screen takes the carried term (navigation state) into its box and its address, and runs it.
  // (Reading the navigation state itself raced the screen, which clears it once taken: 2026-11-26.)
  await expect(page).toHaveURL(/\/search\?(?:.*&)?st=loans(?:&|$)/);
  await expect(page.getByRole('search', { name: 'Campaign search' }).getByRole('combobox')).toHaveValue('loans');
});

test('the news dropdown lists the news with YYYY/MM/DD dates', async ({ page, product }) => {
  await signIn(page, product.url);
  // A first visit on this device: every item is unread.
  await page.getByRole('button', { name: /^News, \d+ unread$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'News' });
  await expect(dialog.getByRole('listitem').first()).toBeVisible();
  await expect(dialog.locator('time').first()).toHaveText(/^\d{4}\/\d{2}\/\d{2}$/);
  // Opened, they are read: the bell no longer counts them, after a reload too.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'News', exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'News', exact: true })).toBeVisible();
});

test('a notification pops up, is dismissed, and stays gone after a reload', async ({ page, product }) => {
  await signIn(page, product.url);
  const region = page.getByRole('region', { name: 'Notifications' });
  const first = region.getByRole('listitem').first();
  await expect(first).toBeVisible({ timeout: 10_000 });
  const text = (await first.textContent())!.trim();
  await first.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(region.getByText(text, { exact: true })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
  // The others pop up again after 3 s; the dismissed one does not.
  await expect(region.getByRole('listitem').first()).toBeVisible({ timeout: 10_000 });
  await expect(region.getByText(text, { exact: true })).toHaveCount(0);
  await region.getByRole('button', { name: 'Clear All' }).click();
  await expect(region.getByRole('listitem')).toHaveCount(0);
});

test('the manager button opens the contact modal', async ({ page, product }) => {
  await signIn(page, product.url);
  const affiliate = await api<{ affiliate_manager: { name: string; email: string } }>(page, product.url, '/affiliate');
  await page.getByRole('button', { name: /Your affiliate manager/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Your affiliate manager' });
  await expect(dialog.getByText(affiliate.affiliate_manager.name)).toBeVisible();
  await expect(dialog.getByRole('link', { name: affiliate.affiliate_manager.email })).toBeVisible();
});

test('a menu link navigates inside the shell and records the usage event', async ({ page, product }) => {
  await signIn(page, product.url);
  const event = page.waitForRequest((r) => r.url().includes('/api/usage/event') && r.url().includes('reference_name=Reports'));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
  const request = await event;
  expect((await request.response())?.status()).toBe(200);
  await expect(page).toHaveURL(`${product.url}${paths.reports()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
});

type ModalFlag = 'introSurvey' | 'paymentMethod' | 'invalidEmail' | 'missingMobile' | 'missingDocuments' | 'telegram';
const isModalsCall = (r: Response) => new URL(r.url()).pathname === '/api/dashboard/modals' && r.request().method() === 'GET';

/**
 * Closes the modal with the given action (whose call makes the portal fetch the flags again), then
 * reloads: the server's answer has the modal's flag off and the modal stays closed.
 */
async function dismissAndReload(page: Page, title: string, flag: ModalFlag, act: () => Promise<void>, refetched?: Promise<Response>) {
  await expect(page.getByRole('dialog', { name: title })).toBeVisible();
  const refetch = refetched ?? page.waitForResponse(isModalsCall);
  await act();
  await expect(page.getByRole('dialog', { name: title })).toHaveCount(0);
  // The dismissal invalidated the cached flags: they were fetched again, without this modal.
  expect(((await (await refetch).json()) as { modals: Record<ModalFlag, boolean> }).modals[flag]).toBe(false);
  const [answer] = await Promise.all([page.waitForResponse(isModalsCall), page.reload()]);
  const body = (await answer.json()) as { success: boolean; modals: Record<ModalFlag, boolean> };
  expect(body.success).toBe(true);
  expect(body.modals[flag]).toBe(false);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
  await expect(page.getByRole('dialog', { name: title })).toHaveCount(0);
}

test('intro survey: pick countries and verticals, submit, thank-you, close', async ({ page, product }) => {
  await signIn(page, product.url, 'survey@example.com');
  const dialog = page.getByRole('dialog', { name: 'Tell us about your traffic' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /Target countries/ }).click();
  await page.getByRole('option', { name: 'Canada' }).click();
  await page.getByRole('option', { name: 'United States of America', exact: true }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: /Target verticals/ }).click();
  await page.getByRole('option').first().click();
  await page.keyboard.press('Escape');
  const refetched = page.waitForResponse(isModalsCall);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const thanks = page.getByRole('dialog', { name: 'Thank you!' });
  await expect(thanks).toBeVisible();
  await dismissAndReload(page, 'Thank you!', 'introSurvey', () => thanks.getByRole('button', { name: 'Close' }).last().click(), refetched);
  await expect(page.getByRole('dialog', { name: 'Tell us about your traffic' })).toHaveCount(0);
});

test('payment-method reminder: Remind me later snoozes it', async ({ page, product }) => {
  await signIn(page, product.url, 'nopayment@example.com');
  await dismissAndReload(page, 'Set up your payment method', 'paymentMethod', () => page.getByRole('button', { name: 'Remind me later' }).click());
});

test('invalid e-mail (flag 121) links to the settings', async ({ page, product }) => {
  await signIn(page, product.url, 'badmail@example.com');
  const dialog = page.getByRole('dialog', { name: 'Please update your e-mail address' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('link', { name: 'Update E-mail' }).click();
  await expect(page).toHaveURL(`${product.url}${paths.settings}`);
  await expect(dialog).toHaveCount(0);
});

test('missing mobile: Remind me later snoozes it', async ({ page, product }) => {
  await signIn(page, product.url, 'nomobile@example.com');
  await dismissAndReload(page, 'Add your mobile number', 'missingMobile', () => page.getByRole('button', { name: 'Remind me later' }).click());
});

test('missing documents (flag 148): the confirmed answer is recorded', async ({ page, product }) => {
  await signIn(page, product.url, 'docs@example.com');
  await dismissAndReload(page, 'Documents missing', 'missingDocuments', async () => {
    await page.getByRole('button', { name: "I have submitted my documents. Don't show this again." }).click();
    await page.getByRole('button', { name: "Yes, don't show this again" }).click();
  });
});

test('chat-app announcement (no flag 183): dismissal is recorded', async ({ page, product }) => {
  await signIn(page, product.url, 'telegram@example.com');
  await dismissAndReload(page, 'We are on Telegram', 'telegram', () => page.getByRole('button', { name: 'Got it' }).click());
  const affiliate = await api<{ affiliate_flags: number[] }>(page, product.url, '/affiliate');
  expect(affiliate.affiliate_flags).toContain(183);
});

test('performance bonus: progress for bonus@, promo and opt-in for newbie@', async ({ browser, product }) => {
  const bonus = await browser.newPage();
  await signIn(bonus, product.url, 'bonus@example.com');
  await expect(bonus.getByRole('heading', { name: 'Performance Bonus', exact: true })).toBeVisible();
  await expect(bonus.getByRole('progressbar')).toHaveAttribute('data-tone', 'primary');

  const newbie = await browser.newPage();
  await signIn(newbie, product.url, 'newbie@example.com');
  await expect(newbie.getByRole('heading', { name: 'New Affiliate Performance Bonus' })).toBeVisible();
  await newbie.getByRole('button', { name: 'Opt In' }).click();
  await expect(newbie.getByRole('heading', { name: 'Performance Bonus', exact: true })).toBeVisible();
  await expect(newbie.getByRole('progressbar')).toBeVisible();
});

test("performance bonus: unlocked@ sees 'Performance Bonus Unlocked!' with a green bar", async ({ page, product }) => {
  await signIn(page, product.url, 'unlocked@example.com');
  const bonus = await api<{ display: string; completed_tier: number; promotion_earnings: number }>(page, product.url, '/bonus/performance');
  expect(bonus.display).toBe('unlocked');
  expect(bonus.completed_tier).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole('heading', { name: 'Performance Bonus Unlocked!' })).toBeVisible();
  await expect(page.getByText(`You completed tier ${bonus.completed_tier}:`)).toBeVisible();
  const bar = page.getByRole('progressbar');
  await expect(bar).toHaveAttribute('data-tone', 'success');
  await expect(page.getByText(`Tier ${bonus.completed_tier}: ${formatMoney(bonus.promotion_earnings)} of `)).toBeVisible();
});

test('at 375 px: bottom bar, no sidebar, no slider, no balance', async ({ browser, product }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await signIn(page, product.url);
  const bar = page.getByRole('navigation', { name: 'Mobile' });
  await expect(bar).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('region', { name: 'Featured campaigns' })).toBeHidden();
  await expect(page.getByText(/^MaxMoney \d/)).toBeHidden();
  await bar.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(`${product.url}${paths.faq}`);
  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // The manager card is in the hidden sidebar: the bottom bar's menu opens the contact modal.
  await bar.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: /your affiliate manager/ }).click();
  await expect(page.getByRole('dialog', { name: 'Your affiliate manager' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Your affiliate manager' })).toHaveCount(0);
  await bar.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await context.close();
});
