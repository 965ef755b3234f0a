import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { useLocation } from 'react-router-dom';
import { expectNoHorizontalScroll, pageFrame, phone, recordingMocks, type PortalParameters } from '../../../.storybook/helpers';
import { AccountBalancePage, LOAD_FAILED, NO_STATEMENT, YEAR_LABEL } from '../../../src/features/balance/AccountBalancePage';
import { paths, patterns } from '../../../src/shared/paths';
import { balanceHandlers, firstYear, ledger } from '../../mocks/balance';

/**
 * The Account Balances page (spec 001 sections 2.6, 3, 4, 8, 9): the year chooser and the
 * year's statement with its running balance. The current year is fixed (2026).
 */
const { calls, spy, withStoryMocks } = recordingMocks();
const meta = {
  title: 'Features/Balance/AccountBalancePage',
  component: AccountBalancePage,
  args: { currentYear: 2026 },
  // The spec's spelling, /accountBalance: the route matches it as well as the links' /accountbalance.
  parameters: { layout: 'padded', router: { path: patterns.accountBalance, initialEntries: ['/accountBalance'] } } satisfies PortalParameters & Record<string, unknown>,
  decorators: [pageFrame()],
  beforeEach: withStoryMocks(balanceHandlers.statement(ledger, spy)),
} satisfies Meta<typeof AccountBalancePage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The address's query, so a story can check what the page wrote there. */
function SearchProbe() {
  return <output data-testid="route-search">{useLocation().search}</output>;
}

const statement = (root: HTMLElement, year: number) => within(root).findByRole('table', { name: `Statement for ${year}` });
const yearButton = (root: HTMLElement) => within(root).getByRole('button', { name: new RegExp(YEAR_LABEL) });
/** The cells of the body row whose date reads `date`. */
const rowOf = (table: HTMLElement, date: string) => within(table).getByRole('rowheader', { name: date }).closest('tr')!;
const cellsOf = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((c) => c.textContent);
const settled = (root: HTMLElement) => waitFor(() => expect(root.querySelector('[aria-busy="true"]')).toBeNull());

/** Several years: the current year by default, its starting balance first, then each line with the balance after it. */
export const SeveralYears: Story = {
  play: async ({ canvasElement }) => {
    const t = await statement(canvasElement, 2026);
    await expect(yearButton(canvasElement)).toHaveTextContent('2026');
    await expect(cellsOf(rowOf(t, '1 Jan 2026'))).toEqual(['1 Jan 2026', 'Starting balance', '', '$100.00', 'Carried over from 2025']);
    await expect(cellsOf(rowOf(t, '3 Jan 2026'))).toEqual(['3 Jan 2026', 'Earnings', '$412.50', '$512.50', 'Earnings for the week of 2025-12-28']);
    await expect(cellsOf(rowOf(t, '7 Jan 2026'))).toEqual(['7 Jan 2026', 'Payment', '-$512.50', '$0.00', 'Weekly payment via Tipalti (ACH)']);
    // A negative amount (and the balance it leaves) in red, its minus sign kept.
    const chargeback = rowOf(t, '3 Feb 2026');
    await expect(cellsOf(chargeback)).toEqual(['3 Feb 2026', 'Adjustment', '-$25.00', '-$25.00', 'Chargeback on an approved sale']);
    await expect(within(chargeback).getAllByText('-$25.00')[0]).toHaveAttribute('data-negative');
    for (const amount of within(rowOf(t, '5 Mar 2026')).getAllByText('$15.00')) await expect(amount).not.toHaveAttribute('data-negative');
    await expect(within(t).getAllByRole('row')).toHaveLength(1 + 1 + ledger[2026].length);
    await expect(calls.map((c) => c.params.year)).toEqual(['2026']);
    await expect(document.title).toMatch(/^Account Balances \|/);
  },
};

/** Choosing another year loads it (the old rows stay, dimmed, meanwhile); its running balance starts from its own starting balance. */
export const SwitchYear: Story = {
  beforeEach: withStoryMocks(balanceHandlers.statement(ledger, { ...spy, slowYears: [2025], ms: 300 })),
  play: async ({ canvasElement }) => {
    await statement(canvasElement, 2026);
    await userEvent.click(yearButton(canvasElement));
    const options = await within(document.body).findAllByRole('option');
    await expect(options.map((o) => o.textContent)).toEqual(['2026', '2025', '2024']);
    await userEvent.click(options[1]);
    // While 2025 loads: 2026's rows, dimmed and busy, never an empty table.
    await waitFor(() => expect(canvasElement.querySelector('[aria-busy="true"][data-stale]')).not.toBeNull());
    await expect(within(canvasElement).getByRole('table', { name: 'Statement for 2026' })).toBeInTheDocument();
    await expect(within(canvasElement).getByRole('progressbar', { name: 'Loading the statement for 2025' })).toBeInTheDocument();
    const t = await statement(canvasElement, 2025);
    await settled(canvasElement);
    await expect(yearButton(canvasElement)).toHaveTextContent('2025');
    await expect(cellsOf(rowOf(t, '1 Jan 2025'))).toEqual(['1 Jan 2025', 'Starting balance', '', '$60.00', 'Carried over from 2024']);
    await expect(cellsOf(rowOf(t, '12 Jul 2025'))).toEqual(['12 Jul 2025', 'Referral', '$72.40', '$167.50', 'Referral income (10%)']);
    const chargeback = rowOf(t, '2 Aug 2025');
    await expect(cellsOf(chargeback)).toEqual(['2 Aug 2025', 'Adjustment', '-$67.50', '$100.00', 'Chargeback on an approved sale']);
    await expect(within(chargeback).getByText('-$67.50')).toHaveAttribute('data-negative');
    await expect(calls.map((c) => c.params.year)).toEqual(['2026', '2025']);
  },
};

/** The chosen year is kept in the address: /accountBalance?year=2024 opens 2024, and choosing another year writes it there. */
export const YearInTheAddress: Story = {
  parameters: { router: { path: patterns.accountBalance, initialEntries: ['/accountBalance?year=2024'] } },
  decorators: [
    (Story) => (
      <>
        <Story />
        <SearchProbe />
      </>
    ),
  ],
  play: async ({ canvasElement }) => {
    await statement(canvasElement, 2024);
    await expect(yearButton(canvasElement)).toHaveTextContent('2024');
    await userEvent.click(yearButton(canvasElement));
    const options = await within(document.body).findAllByRole('option');
    await userEvent.click(options.find((o) => o.textContent === '2025')!);
    await statement(canvasElement, 2025);
    await settled(canvasElement);
    await waitFor(() => expect(within(canvasElement).getByTestId('route-search')).toHaveTextContent('?year=2025'));
  },
};

/** Keyboard only: Tab to the year, open it with the arrow keys, pick the oldest year with Enter. */
export const Keyboard: Story = {
  play: async ({ canvasElement }) => {
    await statement(canvasElement, 2026);
    await userEvent.tab();
    await expect(yearButton(canvasElement)).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await within(document.body).findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    const t = await statement(canvasElement, 2024);
    await settled(canvasElement);
    await expect(cellsOf(rowOf(t, '1 Jan 2024'))).toEqual(['1 Jan 2024', 'Starting balance', '', '$0.00', '']);
    await expect(cellsOf(rowOf(t, '20 Dec 2024'))).toEqual(['20 Dec 2024', 'Adjustment', '-$40.00', '$60.00', 'Duplicate lead removed after review']);
    await waitFor(() => expect(yearButton(canvasElement)).toHaveFocus());
  },
};

/** One year of lines, starting from nothing; the year list offers that year only. */
export const OneYear: Story = {
  beforeEach: withStoryMocks(balanceHandlers.statement(firstYear, spy)),
  play: async ({ canvasElement }) => {
    const t = await statement(canvasElement, 2026);
    await expect(cellsOf(rowOf(t, '1 Jan 2026'))).toEqual(['1 Jan 2026', 'Starting balance', '', '$0.00', '']);
    await expect(cellsOf(rowOf(t, '19 Aug 2026'))).toEqual(['19 Aug 2026', 'Payment', '-$227.50', '$0.00', 'Weekly payment via Tipalti (ACH)']);
    await expect(cellsOf(rowOf(t, '4 Sep 2026'))).toEqual(['4 Sep 2026', 'Adjustment', '-$6.00', '$12.60', 'Duplicate lead removed after review']);
    await userEvent.click(yearButton(canvasElement));
    const options = await within(document.body).findAllByRole('option');
    await expect(options.map((o) => o.textContent)).toEqual(['2026']);
    await userEvent.click(options[0]);
    await waitFor(() => expect(within(document.body).queryByRole('listbox')).toBeNull());
    await expect(calls).toHaveLength(1);
  },
};

/** No line this year yet: the newest year with lines is shown (the current year is asked first, it says which years there are). */
export const CurrentYearWithoutLines: Story = {
  beforeEach: withStoryMocks(balanceHandlers.statement({ 2024: ledger[2024], 2025: ledger[2025] }, spy)),
  play: async ({ canvasElement }) => {
    const t = await statement(canvasElement, 2025);
    await expect(yearButton(canvasElement)).toHaveTextContent('2025');
    await expect(cellsOf(rowOf(t, '2 Aug 2025'))[3]).toBe('$100.00');
    await expect(calls.map((c) => c.params.year)).toEqual(['2026', '2025']);
  },
};

/** No line at all yet (spec 001 §9 leaves this "not shown"): a friendly word, no chooser, no empty table. */
export const Empty: Story = {
  beforeEach: withStoryMocks(balanceHandlers.empty()),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(NO_STATEMENT)).toBeVisible();
    await expect(within(canvasElement).queryByRole('table')).toBeNull();
    await expect(within(canvasElement).queryByRole('button', { name: new RegExp(YEAR_LABEL) })).toBeNull();
  },
};

export const Loading: Story = {
  beforeEach: withStoryMocks(balanceHandlers.pending()),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('progressbar', { name: 'Loading your statement' })).toBeInTheDocument();
  },
};

/** A failure (spec 001 §8 only logs it): a readable message and Try again, which loads the statement. */
export const FailedThenTryAgain: Story = {
  beforeEach: withStoryMocks(balanceHandlers.failsOnce(spy)),
  play: async ({ canvas, canvasElement }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(`${LOAD_FAILED} An internal error occurred. Please try again later`);
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await statement(canvasElement, 2026);
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(calls).toHaveLength(2);
  },
};

/** Still failing: the message stays, as on the first failure. */
export const Failed: Story = {
  beforeEach: withStoryMocks(balanceHandlers.failure()),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(LOAD_FAILED);
    await expect(within(canvasElement).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

export const ConnectionError: Story = {
  beforeEach: withStoryMocks(balanceHandlers.networkError()),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(`${LOAD_FAILED} Connection error.`);
  },
};

/** A 401 says nothing (spec 001 §8): the session flow signs the affiliate out. */
export const SessionEnded: Story = {
  beforeEach: withStoryMocks(balanceHandlers.unauthorized()),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'Account Balances' })).toBeVisible();
    await waitFor(() => expect(within(canvasElement).queryByRole('progressbar')).toBeNull());
    await expect(within(canvasElement).queryByRole('alert')).toBeNull();
  },
};

/** At 375 px every line is a card of named values; nothing scrolls sideways. */
export const Phone: Story = {
  parameters: { ...phone, router: { path: patterns.accountBalance, initialEntries: [paths.accountBalance] } },
  play: async ({ canvasElement }) => {
    const t = await statement(canvasElement, 2026);
    await expect(getComputedStyle(within(t).getAllByRole('row')[1]).display).toBe('block');
    await expect(within(t).getAllByText('-$512.50')[0].closest('td')).toHaveAttribute('data-label', 'Amount');
    await expectNoHorizontalScroll(canvasElement.querySelector<HTMLElement>('[data-testid="frame"]')!);
  },
};
