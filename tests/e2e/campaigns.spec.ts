import { expect, test } from './server';
import { paths, BROWSE_TABS } from '../../src/shared/paths';
import { api, signIn } from './session';

/**
 * Finding campaigns against the real product: the browse tabs and their infinite scroll,
 * a search built in the options panel and reloaded from its URL, a category link from a campaign
 * page, and a bookmark seen in the Bookmarked tab and removed. The e2e network has 60 campaigns
 * (tests/e2e/server.ts).
 */
test.use({ viewport: { width: 1280, height: 900 } });

interface ListAnswer { campaigns: { campaign_id: number; name: string }[]; has_more: boolean }

test('every browse tab opens from its tab, and New Campaigns loads its next 30 when the list end scrolls into view', async ({ page, product }) => {
  await signIn(page, product.url);
  await page.goto(`${product.url}${paths.browse()}`);
  // No tab: the first one.
  await expect(page).toHaveURL(`${product.url}${paths.browse('new')}`);
  const tabs = page.getByRole('tablist', { name: 'Campaign lists' }).getByRole('tab');
  await expect(tabs).toHaveCount(BROWSE_TABS.length);
  for (const tab of BROWSE_TABS) {
    await page.getByRole('tablist', { name: 'Campaign lists' }).locator(`[href^="${paths.browse(tab)}"]`).click();
    await expect(page).toHaveURL(`${product.url}${paths.browse(tab)}`);
    await expect(page.getByRole('tab', { selected: true })).toHaveAttribute('href', paths.browse(tab));
    // Each tab ends in its list or the empty text, never in an error.
    await expect(page.getByRole('tabpanel').getByRole('listitem').first().or(page.getByText('No campaigns found for this category.'))).toBeVisible();
    await expect(page.getByText(/error/i)).toHaveCount(0);
  }

  // New Campaigns: the server's first two pages, in order, once each, as the list scrolls.
  const first = await api<ListAnswer>(page, product.url, '/campaigns/new?page=0&limit=30');
  const second = await api<ListAnswer>(page, product.url, '/campaigns/new?page=1&limit=30');
  expect(first.has_more).toBe(true);
  await page.getByRole('tablist', { name: 'Campaign lists' }).locator(`[href^="${paths.browse('new')}"]`).click();
  const cards = page.getByRole('tabpanel').getByRole('listitem');
  await expect(cards).toHaveCount(30);
  await cards.last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 5000);
  const all = [...first.campaigns, ...second.campaigns];
  await expect(cards).toHaveCount(all.length);
  await expect(cards.last()).toContainText(all[all.length - 1].name);

  // The list view keeps its place in the URL across tabs.
  await page.getByRole('radio', { name: 'List view' }).or(page.getByRole('button', { name: 'List view' })).click();
  await expect(page).toHaveURL(/view=listView/);
  const top = page.getByRole('tablist', { name: 'Campaign lists' }).locator(`[href^="${paths.browse('top')}"]`);
  await expect(top).toHaveAttribute('href', `${paths.browse('top')}?view=listView`);
  await top.click();
  await expect(page).toHaveURL(`${product.url}${paths.browse('top')}?view=listView`);
  await expect(page.getByRole('table', { name: 'Top campaigns' })).toBeVisible();
});

interface SearchAnswer { matchingCampaigns: { campaign_id: number; name: string }[]; total_pages: number }

test('a search built in the options panel is its URL: reloaded, it shows the same campaigns and options', async ({ page, product }) => {
  await signIn(page, product.url);
  await page.goto(`${product.url}${paths.search()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Search Campaigns' })).toBeVisible();
  await page.getByRole('button', { name: 'Search Options' }).click();
  const options = page.getByRole('region', { name: 'Search Options' }).or(page.locator('#search-options'));
  await options.getByText('$ per lead', { exact: true }).click();
  await expect(options.getByRole('radio', { name: '$ per lead' })).toBeChecked();
  await options.getByText('Approved to run', { exact: true }).click();
  await expect(options.getByRole('checkbox', { name: 'Approved to run' })).toBeChecked();
  await options.getByRole('button', { name: 'Apply Search Options' }).click();
  await expect(page).toHaveURL(/[?&]ct=F(&|$)/);
  await expect(page).toHaveURL(/[?&]af=1(&|$)/);

  // The table shows what the API answers for the same query string.
  const query = new URL(page.url()).search;
  const answer = await api<SearchAnswer>(page, product.url, `/search${query}`);
  const rows = page.getByRole('table', { name: 'Search results' }).getByRole('row');
  const firstRow = async () => (answer.matchingCampaigns.length ? rows.nth(1) : page.getByText('There are no campaigns that match your search criteria.'));
  await expect(await firstRow()).toContainText(answer.matchingCampaigns[0]?.name ?? 'There are no campaigns');
  await expect(page.getByRole('button', { name: 'Clear Options' })).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(`${product.url}${paths.search()}${query}`);
  await expect(await firstRow()).toContainText(answer.matchingCampaigns[0]?.name ?? 'There are no campaigns');
  await expect(page.getByText(/^Active options: /)).toBeVisible();

  // Back to the default search, then forward to this one.
  await page.getByRole('button', { name: 'Clear Options' }).click();
  await expect(page).not.toHaveURL(/[?&]ct=F/);
  await page.goBack();
  await expect(page).toHaveURL(`${product.url}${paths.search()}${query}`);
});

test('a campaign page: bookmark it, find it in Bookmarked, remove it; its subcategory link opens the search of that subcategory', async ({ page, product }) => {
  await signIn(page, product.url);
  // A campaign the demo affiliate has not bookmarked yet.
  const marked = new Set((await api<ListAnswer>(page, product.url, '/campaigns/bookmarked?page=0&limit=100')).campaigns.map((c) => c.campaign_id));
  const { campaigns } = await api<ListAnswer>(page, product.url, '/campaigns/new?page=0&limit=30');
  const campaign = campaigns.find((c) => !marked.has(c.campaign_id))!;
  await page.goto(`${product.url}${paths.campaign(campaign.campaign_id)}`);
  await expect(page.getByRole('heading', { level: 1, name: campaign.name })).toBeVisible();
  const info = page.getByRole('main');

  // The button changes at once (spec 000 §4: optimistic); the call's answer is what the lists read.
  const saved = (action: string) => page.waitForResponse((r) => r.url().endsWith(`/campaign/${campaign.campaign_id}/${action}`) && r.ok());
  await Promise.all([saved('addBookmark'), info.getByRole('button', { name: 'Bookmark', exact: true }).click()]);
  await expect(info.getByRole('button', { name: 'Remove Bookmark' })).toBeVisible();
  await page.goto(`${product.url}${paths.browse('bookmarked')}`);
  await expect(page.getByRole('tabpanel').getByRole('link', { name: new RegExp(campaign.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })).toBeVisible();

  // Recently Viewed has it too (opening the page recorded it).
  const viewed = await api<ListAnswer>(page, product.url, '/campaigns/recently-viewed?page=0&limit=5');
  expect(viewed.campaigns[0].campaign_id).toBe(campaign.campaign_id);

  await page.goto(`${product.url}${paths.campaign(campaign.campaign_id)}`);
  await Promise.all([saved('removeBookmark'), info.getByRole('button', { name: 'Remove Bookmark' }).click()]);
  await expect(info.getByRole('button', { name: 'Bookmark', exact: true })).toBeVisible();
  const bookmarked = await api<ListAnswer>(page, product.url, '/campaigns/bookmarked?page=0&limit=30');
  expect(bookmarked.campaigns.map((c) => c.campaign_id)).not.toContain(campaign.campaign_id);

  // The subcategory link: the search of that subcategory, with the spec's whole parameter set.
  const detail = await api<{ campaign: { categories: { main_category_id: number; subcategory: string; subcategory_id: number } } }>(page, product.url, `/campaign/${campaign.campaign_id}`);
  const { main_category_id: m, subcategory, subcategory_id: c } = detail.campaign.categories;
  await info.getByRole('link', { name: subcategory, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?.*[?&]?m=${m}&c=${c}&`));
  await expect(page.getByRole('heading', { level: 1, name: 'Search Campaigns' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Search results' }).getByRole('row').filter({ hasText: campaign.name })).toBeVisible();
});

test('an unknown campaign reads that it does not exist', async ({ page, product }) => {
  await signIn(page, product.url);
  await page.goto(`${product.url}${paths.campaign(999999)}`);
  await expect(page.getByText("This campaign doesn't exist.")).toBeVisible();
});
