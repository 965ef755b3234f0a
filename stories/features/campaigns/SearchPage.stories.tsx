import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { expectLocation, expectNoHorizontalScroll, forgetDanglingAnnouncements, locationOf, portalPageFrame, screen, withLocationProbe, withMocks, type PortalParameters } from '../../../.storybook/helpers';
import { searchParamsOf } from '../../../src/shared/searchState';
import { SearchPage } from '../../../src/features/campaigns/SearchPage';
import { paths, patterns } from '../../../src/shared/paths';
import { manyCampaigns, searchDefaults, searchHandlers, type SearchResults } from '../../mocks/campaigns';

/** Spec 000 §2 /search: text box with autocomplete, Search Options, sortable results, paging; the URL is the state. */
const calls = { search: fn(), quick: fn() };
const spy = {
  onRequest: ({ query }: { query: Record<string, string> }) => (query.q !== undefined ? calls.quick(query.q) : calls.search(query)),
};

const results45 = manyCampaigns(45);

function mocks(results: SearchResults = results45, ...overrides: Parameters<typeof withMocks>) {
  return withMocks(...overrides, searchDefaults(results, spy));
}

const at = (url: string | { pathname: string; state?: unknown }) =>
  ({ router: { path: patterns.search, initialEntries: [url as string] } }) satisfies PortalParameters;


const meta = {
  title: 'Features/Campaigns/SearchPage',
  component: SearchPage,
  args: { debounceMs: 50 },
  parameters: at(paths.search()),
  decorators: [withLocationProbe, portalPageFrame()],
  beforeEach: async () => {
    forgetDanglingAnnouncements();
    calls.search.mockClear();
    calls.quick.mockClear();
  },
} satisfies Meta<typeof SearchPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const lastQuery = () => calls.search.mock.calls.at(-1)?.[0] as Record<string, string> | undefined;
const rows = (root: HTMLElement) => within(within(root).getByRole('table')).getAllByRole('row').slice(1);
const urlParams = (root: HTMLElement) => new URLSearchParams(locationOf(root).split('?')[1] ?? '');

/** Presses the button `name` and waits for the search it sends, with `query` among its parameters. */
async function pressFor(canvas: ReturnType<typeof within>, name: string, query: Record<string, string>) {
  await userEvent.click(canvas.getByRole('button', { name }));
  await waitFor(() => expect(lastQuery()).toMatchObject(query));
}

/** Types into the search box until the suggestion shows (its list pops over with an entrance animation: visible once faded in). */
async function typeWithSuggestion(root: HTMLElement, text: string, suggestion: RegExp) {
  const box = within(root).getByRole('combobox', { name: 'Search campaigns' });
  await userEvent.type(box, text);
  const option = await screen().findByRole('option', { name: suggestion });
  await waitFor(() => expect(option).toBeVisible());
  return box;
}

/** Every route parameter is sent with its default: descending by date, page 1, every traffic type. */
export const DefaultResults: Story = {
  beforeEach: mocks(),
  parameters: { visual: { skip: 'thirty rows of lazily loaded thumbnails run below the frame; OptionsOpen and ClearOptions show results' } },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(30));
    await expect(lastQuery()).toEqual({ ...searchParamsOf({}), as: '0' });
    await expect(within(canvasElement).getByRole('navigation', { name: 'Search result pages' })).toBeVisible();
    await expect(within(canvasElement).queryByText(/Active options/)).toBeNull();
  },
};

export const Loading: Story = {
  beforeEach: mocks('pending'),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('[data-loading-row]')).toHaveLength(10));
  },
};

export const NoResults: Story = {
  beforeEach: mocks([]),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('There are no campaigns that match your search criteria.')).toBeVisible();
    await expect(within(canvasElement).queryByRole('navigation', { name: 'Search result pages' })).toBeNull();
  },
};

/** Spec 000 §8 "Search results failure ... other failures show empty results": its message alone, not the no-results text beside it. */
export const SearchError: Story = {
  name: 'Search results failure: its message, and no other',
  beforeEach: mocks('failure'),
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await waitFor(() => expect(alert).toBeVisible());
    await expect(alert).toHaveTextContent('There was an error while fetching search results.');
    await expect(within(canvasElement).queryByText('There are no campaigns that match your search criteria.')).toBeNull();
    await expect(within(canvasElement).queryByRole('navigation', { name: 'Search result pages' })).toBeNull();
  },
};

/** `as=1` opens the panel: traffic types all on, Any Country, every category, no filter, any CPA type. */
export const OptionsOpen: Story = {
  parameters: at(paths.search({ as: 1 })),
  beforeEach: mocks(results45.slice(0, 5)),
  play: async ({ canvas }) => {
    const panel = await canvas.findByRole('region', { name: 'Search Options' });
    const traffic = within(panel).getByRole('group', { name: 'Traffic types' });
    await expect(within(traffic).getAllByRole('checkbox').filter((c) => (c as HTMLInputElement).checked)).toHaveLength(9);
    await expect(canvas.getByRole('button', { name: 'Search Options' })).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(within(panel).getByRole('button', { name: /Main category/ })).not.toBeDisabled());
  },
};

/** The toggle writes `as` into the URL; the results are not asked for again. */
export const ToggleOptions: Story = {
  beforeEach: mocks(results45.slice(0, 5)),
  parameters: { visual: { skip: 'ends on the screen of OptionsOpen' } },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(5));
    await userEvent.click(canvas.getByRole('button', { name: 'Search Options' }));
    await expect(await canvas.findByRole('region', { name: 'Search Options' })).toBeVisible();
    await waitFor(() => expect(urlParams(canvasElement).get('as')).toBe('1'));
    await expect(calls.search).toHaveBeenCalledTimes(1);
  },
};

/** Traffic (Email off, ONLY), filters and CPA type applied: the request and the URL carry them; the line names them. */
export const ApplyTrafficFiltersAndCpaType: Story = {
  parameters: at(paths.search({ as: 1 })),
  beforeEach: mocks(results45.slice(0, 5)),
  play: async ({ canvas, canvasElement }) => {
    const panel = await canvas.findByRole('region', { name: 'Search Options' });
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Email' }));
    await userEvent.click(within(panel).getByRole('button', { name: /Traffic match/ }));
    await userEvent.click(await screen().findByRole('option', { name: 'ONLY Selected traffic types' }));
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Approved to run' }));
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Bookmarked' }));
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Never Promoted Before' }));
    await userEvent.click(within(panel).getByRole('radio', { name: 'Revshare' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply Search Options' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ ep: '0', cp: '1', tstrict: '1', af: '1', ff: '1', rf: '1', ct: 'P', pn: '1' }));
    const url = urlParams(canvasElement);
    await expect(Object.fromEntries(['ep', 'tstrict', 'af', 'ff', 'rf', 'ct', 'pn'].map((k) => [k, url.get(k)]))).toEqual({ ep: '0', tstrict: '1', af: '1', ff: '1', rf: '1', ct: 'P', pn: '1' });
    await expect(canvas.getByText(/Active options/)).toHaveTextContent(
      'Active options: ONLY traffic: Contextual, Display, Search, Incentive, Social Media, Native, Mobile, Brand Bid · Approved to run · Bookmarked · Never Promoted Before · CPA Type: Revshare',
    );
  },
};

/** One country with ONLY, from the full ISO list. */
export const ApplyCountry: Story = {
  parameters: at(paths.search({ as: 1 })),
  beforeEach: mocks(results45.slice(0, 5)),
  play: async ({ canvas, canvasElement }) => {
    const panel = await canvas.findByRole('region', { name: 'Search Options' });
    const country = within(panel).getByRole('combobox', { name: 'Country' });
    await userEvent.clear(country);
    await userEvent.type(country, 'Canad');
    await userEvent.click(await screen().findByRole('option', { name: /Canada/ }));
    await userEvent.click(within(panel).getByRole('button', { name: /Country match/ }));
    await userEvent.click(await screen().findByRole('option', { name: 'ONLY selected country' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply Search Options' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ gr: 'CA', grstrict: '1' }));
    await expect(urlParams(canvasElement).get('gr')).toBe('CA');
    await expect(canvas.getByText(/Active options/)).toHaveTextContent('ONLY country: Canada');
    // The new search's results, not the loading rows, are what the screenshot shows.
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(5));
  },
};

/** Main category then subcategory, each with its count; the line names them. */
export const ApplyCategory: Story = {
  parameters: at(paths.search({ as: 1 })),
  beforeEach: mocks(results45.slice(0, 5)),
  play: async ({ canvas, canvasElement }) => {
    const panel = await canvas.findByRole('region', { name: 'Search Options' });
    const main = within(panel).getByRole('button', { name: /Main category/ });
    await waitFor(() => expect(main).not.toBeDisabled());
    await userEvent.click(main);
    await userEvent.click(await screen().findByRole('option', { name: 'Finance (42)' }));
    const sub = await within(panel).findByRole('button', { name: /Subcategory/ });
    await waitFor(() => expect(sub).not.toBeDisabled());
    await userEvent.click(sub);
    await userEvent.click(await screen().findByRole('option', { name: 'Loans (20)' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply Search Options' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ m: '3', c: '31' }));
    await expect(urlParams(canvasElement).get('m')).toBe('3');
    await waitFor(() => expect(canvas.getByText(/Active options/)).toHaveTextContent('Category: Finance · Subcategory: Loans'));
  },
};

/** Headers sort on the server: first press ascending, second descending; the URL and the request follow. */
export const Sorting: Story = {
  beforeEach: mocks(),
  parameters: { visual: { skip: 'thirty rows of lazily loaded thumbnails run below the frame' } },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(30));
    await pressFor(canvas, 'ID', { ob: 'id', ad: 'a', pn: '1' });
    await waitFor(() => expect(rows(canvasElement)[0]).toHaveTextContent('2001'));
    await expect(canvas.getByRole('columnheader', { name: /ID/ })).toHaveAttribute('aria-sort', 'ascending');
    await pressFor(canvas, 'ID', { ob: 'id', ad: 'd' });
    await expect(urlParams(canvasElement).get('ad')).toBe('d');
    await pressFor(canvas, 'EPC', { ob: 'epc', ad: 'd' });
  },
};

/** Page buttons when there is more than one page. */
export const Paging: Story = {
  beforeEach: mocks(),
  parameters: { visual: { skip: 'fifteen rows of lazily loaded thumbnails; the page buttons show in DefaultResults' } },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(30));
    await pressFor(canvas, 'Page 2', { pn: '2' });
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(15));
    await expect(urlParams(canvasElement).get('pn')).toBe('2');
    await expect(canvas.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  },
};

/** A shared link shows the same search; Clear Options puts every option back, keeping the text. */
export const ClearOptions: Story = {
  parameters: at(paths.search({ ...searchParamsOf({ st: 'Nova', ff: true, ct: 'F', gr: 'all' }) })),
  beforeEach: mocks(results45.slice(0, 5)),
  play: async ({ canvas }) => {
    await waitFor(() => expect(lastQuery()).toMatchObject({ st: 'Nova', ff: '1', ct: 'F', gr: 'all' }));
    await expect(canvas.getByRole('combobox', { name: 'Search campaigns' })).toHaveValue('Nova');
    await expect(canvas.getByText(/Active options/)).toHaveTextContent('Allow All Countries · Bookmarked · CPA Type: $ per lead');
    await pressFor(canvas, 'Clear Options', { st: 'Nova', ff: '0', ct: 'any', gr: 'any' });
    await expect(canvas.queryByText(/Active options/)).toBeNull();
  },
};

/** The top bar's term (navigation state quickSearchQuery) fills the box and runs. */
export const QuickSearchCarried: Story = {
  parameters: at({ pathname: paths.search(), state: { quickSearchQuery: 'Solar' } }),
  beforeEach: mocks(results45),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('combobox', { name: 'Search campaigns' })).toHaveValue('Solar');
    await waitFor(() => expect(lastQuery()).toMatchObject({ st: 'Solar' }));
    await waitFor(() => expect(urlParams(canvasElement).get('st')).toBe('Solar'));
    await waitFor(() => expect(rows(canvasElement).length).toBeGreaterThan(0));
  },
};

/** Typing asks the quick search after the pause; Enter (with no suggestion chosen) searches the text. */
export const AutocompleteAndSubmit: Story = {
  beforeEach: mocks(results45),
  parameters: { visual: { skip: 'the list is a popover over the results; the results screen is DefaultResults' } },
  play: async ({ canvasElement }) => {
    await typeWithSuggestion(canvasElement, 'Nova', /NovaLend Personal Loans 1/);
    await waitFor(() => expect(calls.quick).toHaveBeenCalledWith('Nova'));
    await userEvent.keyboard('{Escape}');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(lastQuery()).toMatchObject({ st: 'Nova', pn: '1' }));
    await expectLocation(canvasElement, paths.search(searchParamsOf({ st: 'Nova' })));
  },
};

/** Enter with the suggestion list open (nothing highlighted) searches the text at once, as the top bar's quick search does. */
export const EnterWithSuggestionsOpen: Story = {
  beforeEach: mocks(results45),
  parameters: { visual: { skip: 'ends on the results of a text search, as AutocompleteAndSubmit' } },
  play: async ({ canvasElement }) => {
    const box = await typeWithSuggestion(canvasElement, 'Nova', /NovaLend Personal Loans 1/);
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(lastQuery()).toMatchObject({ st: 'Nova', pn: '1' }));
    await expectLocation(canvasElement, paths.search(searchParamsOf({ st: 'Nova' })));
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'false'));
  },
};

/** ArrowDown then Enter still opens the highlighted suggestion's campaign. */
export const EnterOnHighlightedSuggestion: Story = {
  beforeEach: mocks(results45),
  parameters: { visual: { skip: 'leaves the search page for the campaign, a route the story does not draw' } },
  play: async ({ canvas, canvasElement }) => {
    await typeWithSuggestion(canvasElement, 'Nova', /NovaLend Personal Loans 1\b/);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    // The story's router draws /search only: the page goes when the campaign's route is opened.
    await waitFor(() => expect(canvas.queryByRole('heading', { name: 'Search Campaigns' })).toBeNull());
    await expect(calls.search.mock.calls.filter(([q]) => (q as Record<string, string>).st === 'Nova')).toHaveLength(0);
  },
};

const longText = `${'Nova '.repeat(20)}X`; // 101 characters

/** A search text longer than the server takes: the field says why, and nothing is searched or written to the address. */
export const SearchTextTooLong: Story = {
  beforeEach: mocks(results45.slice(0, 5)),
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(5));
    const box = canvas.getByRole('combobox', { name: 'Search campaigns' });
    await userEvent.click(box);
    await userEvent.paste(longText);
    await expect(box).toHaveValue(longText);
    await expect(await canvas.findByText('Please search with at most 100 characters.')).toBeVisible();
    await expect(box).toHaveAccessibleDescription('Please search with at most 100 characters.');
    await userEvent.keyboard('{Enter}');
    await new Promise((r) => setTimeout(r, 200));
    await expect(calls.search).toHaveBeenCalledTimes(1);
    await expect(calls.quick).not.toHaveBeenCalled();
    await expect(urlParams(canvasElement).get('st')).toBeNull();
    await userEvent.keyboard('{Escape}');
  },
};

/** A link (or a term carried from the top bar) with a text over 100 characters: the text and why, no results as if they matched. */
export const LinkWithSearchTextTooLong: Story = {
  parameters: at(paths.search({ ...searchParamsOf({}), st: longText })),
  beforeEach: mocks(results45.slice(0, 5)),
  play: async ({ canvas }) => {
    const box = canvas.getByRole('combobox', { name: 'Search campaigns' });
    await expect(box).toHaveValue(longText);
    await expect(await canvas.findByText('Please search with at most 100 characters.')).toBeVisible();
    await expect(box).toHaveAccessibleDescription('Please search with at most 100 characters.');
    await new Promise((r) => setTimeout(r, 200));
    await expect(calls.search).not.toHaveBeenCalled();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

export const CategoriesFailure: Story = {
  parameters: at(paths.search({ as: 1 })),
  beforeEach: mocks(results45.slice(0, 5), searchHandlers.categoriesFailure()),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByText('An error occurred while fetching categories.')).toBeVisible());
  },
};

export const SubcategoriesFailure: Story = {
  parameters: at(paths.search({ as: 1, m: 3 })),
  beforeEach: mocks(results45.slice(0, 5), searchHandlers.subcategoriesFailure()),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByText('An error occurred while fetching the subcategories.')).toBeVisible());
  },
};

/** 375 px: the options panel stacks; nothing makes the page scroll sideways. */
export const Mobile: Story = {
  decorators: [portalPageFrame(343)],
  parameters: at(paths.search({ as: 1 })),
  beforeEach: mocks(results45.slice(0, 3)),
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('region', { name: 'Search Options' })).toBeVisible();
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(3));
    await expectNoHorizontalScroll(canvas.getAllByTestId('frame').at(-1)!);
  },
};
