import { paths } from '../../../src/shared/paths';
import type { Meta } from '@storybook/react-vite';
import type { AnyHandler } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { PortalShell } from '../../../src/features/shell/PortalShell';
import { quickSearchHandlers } from '../../mocks/shell';
import { screen, wait } from '../../../.storybook/helpers';
import { calls, portalShellMeta, probe, searchTimes, withHandlers, pageHeadingFocused, type Story } from './portalShellStory';

/** The shell's quick search: suggestions, submit, debounce and failures; the set-up is in portalShellStory.tsx. */
const meta = { title: 'Features/Shell/PortalShell/QuickSearch', ...portalShellMeta, parameters: { layout: 'fullscreen', router: { initialEntries: [paths.dashboard] } } } satisfies Meta<typeof PortalShell>;
export default meta;

/** Escape closes the suggestions, and they leave before the screenshot (their exit must not race it). */
async function closeSuggestions() {
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen().queryByRole('listbox')).toBeNull());
}

/** Spec 000 §5: a 500 ms pause, then one query; blank terms show nothing; a suggestion opens its campaign. */
export const QuickSearchSuggestion: Story = {
  play: async ({ canvas, canvasElement }) => {
    const input = canvas.getByRole('combobox', { name: /Search campaigns/ });
    await userEvent.type(input, '   ');
    await wait(700);
    await expect(screen().queryByRole('listbox')).toBeNull();
    await expect(calls.search).not.toHaveBeenCalled();
    await userEvent.clear(input);
    // All five keys in one go (no timer between them): on a loaded machine, a default-paced type could
    // leave a 500 ms gap between two keys, and that gap is a real pause that searches a partial term.
    await userEvent.type(input, 'solar', { delay: null });
    // Nothing is asked while typing; one query after the pause, for the whole term.
    await expect(calls.search).not.toHaveBeenCalled();
    const option = await screen().findByRole('option', { name: /SolarBright Home Quotes/ }, { timeout: 2000 });
    await expect(calls.search).toHaveBeenCalledTimes(1);
    await expect(calls.search).toHaveBeenCalledWith('solar');
    await userEvent.click(option);
    await waitFor(() => expect(probe(canvasElement)).toHaveTextContent('Route: /campaign/1202'));
    await expect(input).toHaveValue('');
    // The new page takes focus once the suggestions have left: the screenshot waits for it, not races it.
    await pageHeadingFocused(canvasElement);
  },
};

/** Enter without a suggestion: /search with the typed term as navigation state quickSearchQuery. */
export const QuickSearchSubmit: Story = {
  play: async ({ canvas, canvasElement }) => {
    const input = canvas.getByRole('combobox', { name: /Search campaigns/ });
    await userEvent.type(input, 'loans');
    await screen().findByRole('option', { name: /NovaLend Personal Loans/ }, { timeout: 2000 });
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(probe(canvasElement)).toHaveTextContent('Route: /search (quickSearchQuery: loans)'));
    // The new page takes focus once the suggestions have left (on a loaded machine the light screenshot
    // caught the search box still focused): wait for it.
    await pageHeadingFocused(canvasElement);
  },
};

/**
 * Spec 000 §5, §9: the query waits for a 500 ms pause. Measured, not raced: the request arrives at
 * least ~500 ms after the last keystroke (a slow machine only makes the gap longer).
 */
export const QuickSearchDebounce: Story = {
  parameters: {
    visual: {
      skip:
        'A timing test whose end state depends on when the debounced answer lands relative to the clear and Escape ' +
        '(seen: 1 in 5 runs differed). How the suggestions look is covered by the other quick-search stories.',
    },
  },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('combobox', { name: /Search campaigns/ });
    // The debounce counts from the last keystroke (not from when userEvent.type returns, which on a
    // busy machine can be well after it).
    const lastKey = { t: 0 };
    input.addEventListener('input', () => (lastKey.t = performance.now()));
    await userEvent.type(input, 'sol');
    await waitFor(() => expect(calls.search).toHaveBeenCalledTimes(1), { timeout: 3000 });
    await expect(searchTimes[0]! - lastKey.t).toBeGreaterThanOrEqual(450);
    await expect(calls.search).toHaveBeenCalledWith('sol');
    await screen().findByRole('option', { name: /SolarBright Home Quotes/ }, { timeout: 2000 });
    // End on a blank term (suggestions hidden), the one state that no late answer can reopen.
    await userEvent.clear(input);
    await closeSuggestions();
  },
};

/**
 * A quick search for 'solar' that `answer` fails: the message shows in place of the suggestions,
 * `check` looks at the rest, and Escape closes them.
 */
const searchFailed = (answer: AnyHandler, check: (search: HTMLElement) => Promise<void>): Story => ({
  beforeEach: withHandlers(answer),
  play: async ({ canvas }) => {
    const search = canvas.getByRole('combobox', { name: /Search campaigns/ });
    await userEvent.type(search, 'solar');
    const message = await screen().findByText('There was an error while fetching quick search results.', undefined, { timeout: 2000 });
    await expect(message).toBeVisible();
    await check(search);
    await closeSuggestions();
  },
});

/** Spec 000 §8: a 200 answer without success is a failure too (the message, no crash). */
export const QuickSearchNotSuccess = searchFailed(quickSearchHandlers.notSuccess(), (search) => expect(search).toBeVisible());

/** Spec 000 §8: a failed quick search says so in place of the suggestions. */
export const QuickSearchError = searchFailed(quickSearchHandlers.failure(), () => expect(within(screen().getByRole('listbox')).queryByRole('option', { name: /Solar/ })).toBeNull());
