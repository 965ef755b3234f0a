import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { animationsSettled, expectLocation, expectNoHorizontalScroll, forgetDanglingAnnouncements, portalPageFrame, withLocationProbe, withMocks, type PortalParameters } from '../../../.storybook/helpers';
import { BrowsePage } from '../../../src/features/campaigns/BrowsePage';
import { BROWSE_TABS, paths, patterns, type BrowseTab } from '../../../src/shared/paths';
import { browseHandlers, longNameCampaigns, manyCampaigns, type BrowseAnswer } from '../../mocks/campaigns';
import { campaignsFixture } from '../../mocks/shell';

/** Spec 000 §2 /browse/{tab}: the eight tabs, grid and list views, 30 a page with infinite scroll, empty and error texts. */
const calls = { list: fn() };
const spy = { onRequest: ({ params, query }: { params: Record<string, string>; query: Record<string, string> }) => calls.list(params.for, Number(query.page), Number(query.limit)) };

/** Every tab answers twelve campaigns (a different rotation per tab), on one page. */
const everyTab = (answer?: BrowseAnswer): Record<string, BrowseAnswer> =>
  Object.fromEntries(BROWSE_TABS.map((t, i) => [t, answer ?? [...campaignsFixture.slice(i), ...campaignsFixture.slice(0, i)]]));

function lists(answers: Record<string, BrowseAnswer>, options: Parameters<typeof browseHandlers.lists>[1] = {}) {
  return withMocks(browseHandlers.lists(answers, { ...spy, ...options }));
}

const at = (url: string) => ({ router: { path: patterns.browse, initialEntries: [url] } }) satisfies PortalParameters;


const meta = {
  title: 'Features/Campaigns/BrowsePage',
  component: BrowsePage,
  parameters: at(paths.browse('new')),
  decorators: [withLocationProbe, portalPageFrame()],
  beforeEach: async () => {
    // The 'Load more' button's busy announcement outlives it (see forgetDanglingAnnouncements).
    forgetDanglingAnnouncements();
    calls.list.mockClear();
  },
} satisfies Meta<typeof BrowsePage>;

export default meta;
type Story = StoryObj<typeof meta>;

const cards = (root: HTMLElement) => within(root).queryAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('/campaign/'));
const campaignIds = (root: HTMLElement) => cards(root).map((a) => a.getAttribute('href'));

/** A tab's story: its label selected, its list asked for (page 0, 30), its campaigns shown. */
function tabStory(tab: BrowseTab, label: string): Story {
  return {
    parameters: at(paths.browse(tab)),
    beforeEach: lists(everyTab()),
    play: async ({ canvas, canvasElement }) => {
      const selected = await canvas.findByRole('tab', { selected: true });
      await expect(selected).toHaveTextContent(label);
      await waitFor(() => expect(cards(canvasElement)).toHaveLength(12));
      await expect(calls.list).toHaveBeenCalledWith(tab, 0, 30);
      await expect(document.title).toMatch(new RegExp(`^${label}`));
      await animationsSettled();
    },
  };
}

export const NewCampaigns = tabStory('new', 'New Campaigns');
export const Top = tabStory('top', 'Top');
export const Trending = tabStory('trending', 'Trending');
export const Approved = tabStory('approved', 'Approved');
export const SuggestedForYou = tabStory('suggested', 'Suggested for you');
export const RecentlyViewed = tabStory('recently-viewed', 'Recently Viewed');
export const RecentlyApproved = tabStory('recently-approved', 'Recently Approved');
export const Bookmarked = tabStory('bookmarked', 'Bookmarked');

/** Every tab is a link with the spec's label, in the spec's order. */
export const AllTabLabels: Story = {
  beforeEach: lists(everyTab()),
  parameters: { visual: { skip: 'the same screen as NewCampaigns; this story checks the labels and links' } },
  play: async ({ canvasElement }) => {
    const tabs = await within(canvasElement).findAllByRole('tab');
    await expect(tabs.map((t) => t.textContent)).toEqual([
      'New Campaigns',
      'Top',
      'Trending',
      'Approved',
      'Suggested for you',
      'Recently Viewed',
      'Recently Approved',
      'Bookmarked',
    ]);
    await expect(tabs.map((t) => t.getAttribute('href'))).toEqual(BROWSE_TABS.map((t) => paths.browse(t)));
  },
};

/** /browse without a tab goes to /browse/new. */
export const NoTabRedirects: Story = {
  parameters: { ...at(paths.browse()), visual: { skip: 'the same screen as NewCampaigns; this story checks the redirect' } },
  beforeEach: lists(everyTab()),
  play: async ({ canvasElement }) => {
    await expectLocation(canvasElement, paths.browse('new'));
    await expect(await within(canvasElement).findByRole('tab', { selected: true })).toHaveTextContent('New Campaigns');
  },
};

/** An unknown tab goes to /browse/new too, keeping the view. */
export const UnknownTabRedirects: Story = {
  parameters: { ...at('/browse/popular?view=listView'), visual: { skip: 'the same screen as ListView; this story checks the redirect' } },
  beforeEach: lists(everyTab()),
  play: async ({ canvasElement }) => {
    await expectLocation(canvasElement, `${paths.browse('new')}?view=listView`);
    await expect(await within(canvasElement).findByRole('table')).toBeVisible();
  },
};

/** List view: ID, thumbnail, name, CPA type, CPA rate, EPC ('New' at 0) and traffic icons with their legend. */
export const ListView: Story = {
  parameters: at(`${paths.browse('new')}?view=listView`),
  beforeEach: lists(everyTab()),
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'New Campaigns campaigns' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(13));
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    await expect(headers).toEqual(['ID', 'Thumbnail', 'Campaign Name', 'CPA Type', 'CPA Rate', 'EPC', 'Traffic']);
    const first = within(table).getAllByRole('row')[1];
    await expect(first).toHaveTextContent('1201');
    await expect(first).toHaveTextContent('$ per lead');
    await expect(first).toHaveTextContent('$8.00');
    // EPC of 0 shows 'New' (spec 000 §9).
    await expect(within(first).getByText('New')).toBeVisible();
    await expect(within(first).getByRole('img', { name: 'Email' })).toBeVisible();
    const legend = canvas.getByRole('list', { name: 'Traffic icon legend' });
    await expect(within(legend).getAllByRole('listitem').map((i) => i.textContent)).toEqual([
      'Incentive',
      'Email',
      'Contextual',
      'Mobile',
      'Native',
      'Search',
      'Display',
      'Social',
      'Brand Bidding',
    ]);
  },
};

/** The icon toggle switches grid and list and keeps the choice in ?view=; tab links keep it too. */
export const ToggleView: Story = {
  beforeEach: lists(everyTab()),
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(cards(canvasElement)).toHaveLength(12));
    const grid = canvas.getByRole('radio', { name: 'Grid view' });
    await expect(grid).toBeChecked();
    await userEvent.click(canvas.getByRole('radio', { name: 'List view' }));
    await expect(await canvas.findByRole('table')).toBeVisible();
    await expectLocation(canvasElement, `${paths.browse('new')}?view=listView`);
    await expect(canvas.getByRole('tab', { name: 'Top' })).toHaveAttribute('href', `${paths.browse('top')}?view=listView`);
    await userEvent.click(canvas.getByRole('tab', { name: 'Top' }));
    await expectLocation(canvasElement, `${paths.browse('top')}?view=listView`);
    await expect(await canvas.findByRole('table', { name: 'Top campaigns' })).toBeVisible();
    await userEvent.click(canvas.getByRole('radio', { name: 'Grid view' }));
    await expectLocation(canvasElement, `${paths.browse('top')}?view=gridView`);
    await waitFor(() => expect(canvas.queryByRole('table')).toBeNull());
    await waitFor(() => expect(cards(canvasElement)).toHaveLength(12));
  },
};

/** Keyboard alone: arrows move along the tabs, Enter opens one; the view toggle answers to arrows and Space. */
export const Keyboard: Story = {
  beforeEach: lists(everyTab()),
  parameters: { visual: { skip: 'the screen is Trending in list view, shown by other stories; this story checks the keys' } },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(cards(canvasElement)).toHaveLength(12));
    /** Presses `keys`; the focus lands on the `role` named `name`. */
    const focusAfter = async (keys: string, role: 'radio' | 'tab', name: string) => {
      await userEvent.keyboard(keys);
      await expect(canvas.getByRole(role, { name })).toHaveFocus();
    };
    await focusAfter('{Tab}', 'radio', 'Grid view');
    await focusAfter('{ArrowRight}', 'radio', 'List view');
    await userEvent.keyboard(' ');
    await expectLocation(canvasElement, `${paths.browse('new')}?view=listView`);
    await focusAfter('{Tab}', 'tab', 'New Campaigns');
    await focusAfter('{ArrowRight}{ArrowRight}', 'tab', 'Trending');
    await userEvent.keyboard('{Enter}');
    await expectLocation(canvasElement, `${paths.browse('trending')}?view=listView`);
    await expect(await canvas.findByRole('table', { name: 'Trending campaigns' })).toBeVisible();
  },
};

/** Waiting for the first page: 12 placeholder cards (spec 000 §9). */
export const Loading: Story = {
  beforeEach: lists(everyTab('pending')),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('[data-skeleton-card]')).toHaveLength(12));
    await expect(within(canvasElement).getByText('Loading New Campaigns campaigns')).toHaveAttribute('role', 'status');
  },
};

export const LoadingList: Story = {
  parameters: at(`${paths.browse('new')}?view=listView`),
  beforeEach: lists(everyTab('pending')),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('[data-loading-row]')).toHaveLength(12));
  },
};

export const Empty: Story = {
  parameters: at(paths.browse('bookmarked')),
  beforeEach: lists(everyTab([])),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No campaigns found for this category.')).toBeVisible();
    await expect(within(canvasElement).queryByRole('button', { name: 'Load more' })).toBeNull();
  },
};

export const EmptyList: Story = {
  parameters: at(`${paths.browse('bookmarked')}?view=listView`),
  beforeEach: lists(everyTab([])),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No campaigns found for this category.')).toBeVisible();
  },
};

async function expectAlert(root: HTMLElement, text: string) {
  const alert = await within(root).findByRole('alert');
  await waitFor(() => expect(alert).toBeVisible());
  await expect(alert).toHaveTextContent(text);
}

/** A 2xx answer without success (spec 000 §8). */
export const ErrorNotSuccess: Story = {
  beforeEach: lists(everyTab('notSuccess')),
  play: async ({ canvasElement }) => expectAlert(canvasElement, 'There was an error fetching the data. Please try again.'),
};

/** The server's errors.message (spec 000 §8). */
export const ErrorServerMessage: Story = {
  beforeEach: lists(everyTab({ failure: 'The campaign lists are being updated. Please try again in a minute.', status: 503 })),
  play: async ({ canvasElement }) => expectAlert(canvasElement, 'The campaign lists are being updated. Please try again in a minute.'),
};

/** A failed answer without the envelope (an HTML error page): 'Error while fetching campaigns.' */
export const ErrorOnPage: Story = {
  beforeEach: lists(everyTab('badGateway')),
  play: async ({ canvasElement }) => expectAlert(canvasElement, 'Error while fetching campaigns.'),
};

export const ErrorConnection: Story = {
  beforeEach: lists(everyTab('network')),
  play: async ({ canvasElement }) => expectAlert(canvasElement, 'Connection error.'),
};

export const ErrorInListView: Story = {
  parameters: at(`${paths.browse('new')}?view=listView`),
  beforeEach: lists(everyTab('network')),
  play: async ({ canvasElement }) => {
    await expectAlert(canvasElement, 'Connection error.');
    await expect(within(canvasElement).queryByRole('table')).toBeNull();
  },
};

export const LongNames: Story = {
  beforeEach: lists(everyTab(longNameCampaigns)),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(cards(canvasElement)).toHaveLength(4));
  },
};

export const LongNamesList: Story = {
  parameters: at(`${paths.browse('new')}?view=listView`),
  beforeEach: lists(everyTab(longNameCampaigns)),
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5));
  },
};

/** highlight Y: the second card is highlighted and fades in. */
export const Highlight: Story = {
  beforeEach: lists(everyTab(campaignsFixture.slice(0, 6))),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(cards(canvasElement)).toHaveLength(6));
    const highlighted = cards(canvasElement).filter((a) => a.hasAttribute('data-highlight'));
    await expect(highlighted.map((a) => a.getAttribute('href'))).toEqual([paths.campaign(1202)]);
  },
};

const seventyFive = manyCampaigns(75);

async function scrollToEnd(root: HTMLElement) {
  const end = root.querySelector('[data-testid="list-end"]');
  end?.scrollIntoView({ block: 'center' });
}

/** The end of the list scrolls into view: pages 1 and 2 arrive (30 + 30 + 15), with the loading row between, no duplicates. */
export const InfiniteScroll: Story = {
  beforeEach: lists({ new: seventyFive }, { pendingPage: undefined }),
  parameters: { visual: { skip: 'a list of 75 lazily loaded thumbnails is taller than the frame; its pictures load at their own pace during a full-page capture' } },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(cards(canvasElement)).toHaveLength(30));
    await expect(calls.list).toHaveBeenCalledTimes(1);
    await scrollToEnd(canvasElement);
    await waitFor(() => expect(cards(canvasElement)).toHaveLength(60));
    await expect(calls.list).toHaveBeenCalledWith('new', 1, 30);
    await scrollToEnd(canvasElement);
    await waitFor(() => expect(cards(canvasElement)).toHaveLength(75));
    await expect(calls.list).toHaveBeenCalledWith('new', 2, 30);
    const ids = campaignIds(canvasElement);
    await expect(new Set(ids).size).toBe(75);
    // The last page said has_more: false; nothing more to load.
    await expect(canvas.queryByRole('button', { name: 'Load more' })).toBeNull();
    await scrollToEnd(canvasElement);
    await expect(calls.list).toHaveBeenCalledTimes(3);
    window.scrollTo(0, 0);
    forgetDanglingAnnouncements();
  },
};

/** While the next page is on its way, a loading row shows under the list. */
export const LoadingNextPage: Story = {
  beforeEach: lists({ new: seventyFive }, { pendingPage: 1 }),
  parameters: { visual: { skip: 'thirty lazily loaded thumbnails run below the frame (see InfiniteScroll)' } },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(cards(canvasElement)).toHaveLength(30));
    await scrollToEnd(canvasElement);
    await expect(await canvas.findByText('Loading more campaigns…')).toBeVisible();
    await expect(canvas.getByText('Loading more campaigns…')).toHaveAttribute('role', 'status');
    window.scrollTo(0, 0);
    forgetDanglingAnnouncements();
  },
};

/** Keyboard users press 'Load more' (list view): page 1 arrives, no duplicates, focus stays on the button. */
export const LoadMoreButton: Story = {
  parameters: { ...at(`${paths.browse('top')}?view=listView`), visual: { skip: 'sixty rows of lazily loaded thumbnails run below the frame (see InfiniteScroll)' } },
  beforeEach: lists({ top: seventyFive }),
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(31));
    const more = canvas.getByRole('button', { name: 'Load more' });
    more.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(61));
    await expect(calls.list).toHaveBeenCalledWith('top', 1, 30);
    await expect(canvas.getByRole('button', { name: 'Load more' })).toHaveFocus();
    const ids = within(table).getAllByRole('row').slice(1).map((r) => r.querySelector('td')?.textContent);
    await expect(new Set(ids).size).toBe(60);
  },
};

/** The next page fails: the loaded list stays, the message shows under it, and 'Try again' loads it. */
export const NextPageFails: Story = {
  beforeEach: lists({ new: seventyFive }, { failPage: 1, failTimes: 1 }),
  parameters: { visual: { skip: 'thirty lazily loaded thumbnails run below the frame (see InfiniteScroll)' } },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(cards(canvasElement)).toHaveLength(30));
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Error while fetching campaigns.');
    await expect(cards(canvasElement)).toHaveLength(30);
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cards(canvasElement)).toHaveLength(60));
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull());
    window.scrollTo(0, 0);
    forgetDanglingAnnouncements();
  },
};

/** 375 px: two columns; the tab strip scrolls inside itself; no page-level horizontal scroll. */
export const Mobile: Story = {
  decorators: [portalPageFrame(343)],
  beforeEach: lists(everyTab(campaignsFixture.slice(0, 6))),
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(cards(canvasElement)).toHaveLength(6));
    const strip = canvas.getByRole('tablist');
    await expect(strip.scrollWidth).toBeGreaterThan(strip.clientWidth);
    await expectNoHorizontalScroll(canvas.getAllByTestId('frame').at(-1)!);
    // The last tab is reachable: focus scrolls it into the strip's view.
    canvas.getByRole('tab', { name: 'New Campaigns' }).focus();
    await userEvent.keyboard('{End}');
    await expect(canvas.getByRole('tab', { name: 'Bookmarked' })).toHaveFocus();
    strip.scrollLeft = 0;
  },
};

/** 375 px in list view: the table scrolls inside its own box. */
export const MobileList: Story = {
  decorators: [portalPageFrame(343)],
  parameters: at(`${paths.browse('new')}?view=listView`),
  beforeEach: lists(everyTab(campaignsFixture.slice(0, 6))),
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(7));
    await expectNoHorizontalScroll(canvas.getAllByTestId('frame').at(-1)!);
    await expect(canvas.getByRole('region', { name: 'New Campaigns campaigns' })).toBeVisible();
  },
};
