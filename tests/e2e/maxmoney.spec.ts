import type { Page } from '@playwright/test';
import { expect, test } from './server';
import { signIn } from './session';
import { formatPoints } from '../../src/shared/format';
import { paths } from '../../src/shared/paths';

// A desktop window: the top bar's MaxMoney badge shows from 1024 px.
test.use({ viewport: { width: 1280, height: 900 } });

const cents = (text: string) => Math.round(Number(text.replace(/,/g, '')) * 100);
const points = (c: number) => formatPoints(c / 100);

/** The balance card's figure, 'N points', in cents. */
async function balanceCents(page: Page): Promise<number> {
  const text = await page.getByText(/^[\d,]+\.\d{2} points$/).textContent();
  return cents(text!.replace(' points', ''));
}

/** The balance card and the top bar's badge both show `c` cents. */
async function expectBalance(page: Page, c: number) {
  await expect(page.getByText(`${points(c)} points`, { exact: true })).toBeVisible();
  await expect(page.getByText(`MaxMoney ${points(c)}`, { exact: true })).toBeVisible();
}

async function redeem(page: Page, amount: string) {
  await page.getByRole('button', { name: 'Redeem for cash' }).click();
  const dialog = page.getByRole('dialog', { name: 'Redeem for cash' });
  await expect(dialog.getByRole('textbox', { name: 'Points to redeem' })).toBeFocused();
  await dialog.getByRole('textbox', { name: 'Points to redeem' }).fill(amount);
  await dialog.getByRole('button', { name: 'Redeem', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('MaxMoney: register for an ongoing promo, redeem, cancel, redeem again; the balance and the badge follow', async ({ page, product }) => {
  test.setTimeout(90_000);
  await signIn(page, product.url);
  await page.goto(`${product.url}${paths.maxmoney}`);
  await expect(page.getByRole('heading', { level: 1, name: 'MaxMoney' })).toBeVisible();
  const history = page.getByRole('table', { name: 'Transaction history' });
  await expect(history).toBeVisible();
  const start = await balanceCents(page);
  await expectBalance(page, start);

  // Register for an ongoing promo the demo affiliate is not registered for: Register, Agree to Terms, the check.
  const ongoing = page.getByRole('region', { name: 'Ongoing' });
  const register = ongoing.getByRole('button', { name: /^Register: / }).first();
  const promoName = (await register.getAttribute('aria-label'))!.replace(/^Register: /, '');
  const promo = ongoing.getByRole('article', { name: promoName });
  await register.click();
  await promo.getByRole('button', { name: `Agree to Terms: ${promoName}` }).click();
  await expect(promo.getByText('Registered')).toBeVisible();
  await expect(promo.getByRole('button', { name: /Register|Agree to Terms/ })).toHaveCount(0);

  // Redeem: the pending entry at the top, the balance and the badge drop at once.
  await redeem(page, '10');
  await expect(page.getByText('10.00 points redeemed.', { exact: false })).toBeVisible();
  await expectBalance(page, start - 1000);
  const firstRow = history.getByRole('row').nth(1);
  await expect(firstRow).toContainText('Redeem');
  await expect(firstRow).toContainText('-10.00');
  await expect(page.getByRole('button', { name: 'Redeem for cash' })).toBeFocused();

  // Cancel it: the icon asks 'Are you sure?' first, the second press cancels.
  const cancel = history.getByRole('button', { name: 'Cancel redemption of 10.00 points' });
  await cancel.click();
  await expect(history.getByRole('button', { name: /^Are you sure\? Cancel redemption of 10\.00 points$/ })).toBeVisible();
  await history.getByRole('button', { name: /^Are you sure\? Cancel redemption of 10\.00 points$/ }).click();
  await expect(page.getByText('Redemption cancelled: 10.00 points are back in your balance.')).toBeVisible();
  await expect(history.getByRole('button', { name: /10\.00 points/ })).toHaveCount(0);
  await expectBalance(page, start);
  await expect(page.getByRole('heading', { level: 2, name: 'Transaction history' })).toBeFocused();

  // Redeem again, with cents.
  await redeem(page, '12.34');
  await expectBalance(page, start - 1234);
  await expect(history.getByRole('row').nth(1)).toContainText('-12.34');

  // All of it was kept: after a reload, the promo shows the check and the balance stays.
  await page.reload();
  await expect(history).toBeVisible();
  await expectBalance(page, start - 1234);
  await expect(page.getByRole('article', { name: promoName }).getByText('Registered')).toBeVisible();
  await expect(history.getByRole('button', { name: 'Cancel redemption of 12.34 points' })).toBeVisible();
});
