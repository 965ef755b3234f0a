import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { expectNoHorizontalScroll, forgetDanglingAnnouncements, mocksWith, pageFrame, phone, screen, type PortalParameters } from '../../../.storybook/helpers';
import { CONNECTION_ERROR } from '../../../src/api/errors';
import { MaxMoneyPage } from '../../../src/features/maxmoney/MaxMoneyPage';
import { NO_EVENTS } from '../../../src/features/maxmoney/PromoLists';
import { AMOUNT_LABEL, REDEEM_TITLE } from '../../../src/features/maxmoney/RedeemModal';
import { NO_TRANSACTIONS } from '../../../src/features/maxmoney/TransactionHistory';
import { PortalShell } from '../../../src/features/shell/PortalShell';
import { paths, patterns } from '../../../src/shared/paths';
import { maxmoneyHandlers, rewards, rewardsFixture, serverMessages } from '../../mocks/maxmoney';
import { affiliateFixture, affiliateHandlers, shellHandlers } from '../../mocks/shell';

/**
 * The MaxMoney page (spec 001 §2.2, §3, §4, §5, §8, §9) as a whole: balance, history,
 * promos, the redeem modal and the cancel of a pending redemption against a mock that keeps the
 * affiliate's points between calls. The parts on their own, in every variant: MaxMoneyParts.stories.
 */
const withStoryMocks = mocksWith({
  before: () => {
    forgetDanglingAnnouncements();
  },
});
const meta = {
  title: 'Features/MaxMoney/MaxMoneyPage',
  component: MaxMoneyPage,
  parameters: { layout: 'padded', router: { path: patterns.maxmoney, initialEntries: [paths.maxmoney] } } satisfies PortalParameters & Record<string, unknown>,
  decorators: [pageFrame()],
  beforeEach: withStoryMocks(maxmoneyHandlers.live()),
} satisfies Meta<typeof MaxMoneyPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const history = (root: HTMLElement) => within(root).findByRole('table', { name: 'Transaction history' });
/** The page with its data and its promo lists (their code is a chunk of its own). */
const ready = async (root: HTMLElement) => {
  await within(root).findByRole('heading', { level: 2, name: 'Promos' });
  return history(root);
};
const balanceText = (root: HTMLElement) => within(root).getByTestId('maxmoney-balance').textContent;
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const cellsOf = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((c) => c.textContent);

/** Every part with data: a large balance, every entry type, every promo kind in each list. */
export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'MaxMoney' })).toBeVisible();
    await expect(document.title).toMatch(/^MaxMoney \|/);
    const t = await ready(canvasElement);
    await expect(balanceText(canvasElement)).toBe('1,234.56 points');
    await expect(canvas.getByText('Worth $1,234.56')).toBeVisible();
    await expect(bodyRows(t).map((r) => cellsOf(r).slice(0, 4))).toEqual([
      ['24 Nov 2026', 'Redeem', '-40.00', 'Redeem request (pending)'],
      ['16 Nov 2026', 'Earned', '24.30', 'Points for weekly earnings'],
      ['8 Nov 2026', 'Promo', '37.90', 'Finance Fortnight: 5% bonus'],
      ['20 Oct 2026', 'Adjustment', '-5.50', 'Reversed conversion on NovaLend Personal Loans'],
      ['11 Oct 2026', 'Promo', '61.20', 'Try Something New: 10% of new campaign earnings'],
      ['17 Aug 2026', 'Redeemed', '-50.00', 'Paid with the weekly payment'],
      ['28 Jun 2026', 'Promo', '42.50', 'Welcome bonus'],
    ]);
    // Only the pending Redeem entry can be cancelled.
    await expect(within(t).getAllByRole('button')).toHaveLength(1);
    await expect(within(t).getByRole('button', { name: 'Cancel redemption of 40.00 points' })).toBeVisible();
    for (const name of ['Ongoing', 'Future', 'Past']) await expect(canvas.getByRole('heading', { level: 3, name })).toBeVisible();
    await expect(canvas.queryByText(NO_EVENTS)).toBeNull();
  },
};

/** Nothing yet: zero points, no history, no promos planned (past ones only), redeeming blocked with the server's reason. */
export const ZeroAndEmpty: Story = {
  beforeEach: withStoryMocks(
    maxmoneyHandlers.live(
      rewards({
        balance: 0,
        redeemed_this_week: 0,
        transactions: [],
        ongoing_promos: [],
        future_promos: [],
        can_redeem: false,
        redeem_blocked_reason: serverMessages.notInGoodStanding,
      }),
    ),
  ),
  play: async ({ canvas, canvasElement }) => {
    await ready(canvasElement);
    await expect(balanceText(canvasElement)).toBe('0.00 points');
    await expect(canvas.getByText(NO_TRANSACTIONS)).toBeVisible();
    await expect(canvas.getByText(NO_EVENTS)).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'Ongoing' })).toBeNull();
    await expect(canvas.getByRole('heading', { level: 3, name: 'Past' })).toBeVisible();
    const redeem = canvas.getByRole('button', { name: REDEEM_TITLE });
    await expect(redeem).toBeDisabled();
    await expect(redeem).toHaveAccessibleDescription(/not in good standing/);
  },
};

/** A balance in the tens of thousands (above the cap, as after a big promo) keeps its two decimals. */
export const LargeBalance: Story = {
  beforeEach: withStoryMocks(maxmoneyHandlers.live(rewards({ balance: 12345.6 }))),
  parameters: { visual: { skip: 'the same pixels as Default but the figure; its text is checked' } },
  play: async ({ canvasElement }) => {
    await ready(canvasElement);
    await expect(balanceText(canvasElement)).toBe('12,345.60 points');
    await expect(within(canvasElement).getByText('Worth $12,345.60')).toBeVisible();
  },
};

const redeemDialog = () => screen().findByRole('dialog', { name: REDEEM_TITLE });

/**
 * Redeem inside the shell: the modal shows the weekly limit and what is left; Redeem sends; the new
 * pending entry is at the top, the balance and the top bar's badge drop at once, focus is back on
 * 'Redeem for cash'.
 */
export const RedeemInShell: Story = {
  parameters: { visual: { skip: 'the shell around the page: its height follows the frame (see DashboardPage DesktopInShell)' } },
  beforeEach: withStoryMocks(affiliateHandlers.loaded({ ...affiliateFixture, maxmoney_balance: rewardsFixture.balance }), shellHandlers().slice(1), maxmoneyHandlers.live()),
  decorators: [
    (Story) => (
      <PortalShell onLogout={fn()} productName="Publisher Portal" siteId="1" blogUrl="https://blog.example.com/">
        <Story />
      </PortalShell>
    ),
  ],
  play: async ({ canvas, canvasElement }) => {
    await ready(canvasElement);
    await expect(await canvas.findByText('MaxMoney 1,234.56')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: REDEEM_TITLE }));
    const dialog = await redeemDialog();
    const field = within(dialog).getByRole('textbox', { name: AMOUNT_LABEL });
    await expect(field).toHaveAccessibleDescription('Weekly limit: 500.00 points. Left this week: 460.00 points.');
    await waitFor(() => expect(field).toHaveFocus());
    await userEvent.type(field, '100.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(screen().queryByRole('dialog')).toBeNull());
    await expect(balanceText(canvasElement)).toBe('1,134.06 points');
    await expect(canvas.getByText('MaxMoney 1,134.06')).toBeVisible();
    const t = await history(canvasElement);
    await expect(cellsOf(bodyRows(t)[0]).slice(1, 3)).toEqual(['Redeem', '-100.50']);
    await expect(await canvas.findByText(serverMessages.redeemed(100.5))).toBeInTheDocument();
    await waitFor(() => expect(canvas.getByRole('button', { name: REDEEM_TITLE })).toHaveFocus());
    await expect(within(t).getByRole('button', { name: 'Cancel redemption of 100.50 points' })).toBeVisible();
    forgetDanglingAnnouncements();
  },
};

/** Keyboard only: open the modal, type, Enter sends; the new entry's cancel, Enter twice, takes it back; focus lands on the history. */
export const KeyboardRedeemAndCancel: Story = {
  parameters: { visual: { skip: 'a journey: the states it passes through are the other stories' } },
  play: async ({ canvas, canvasElement }) => {
    await ready(canvasElement);
    const redeem = canvas.getByRole('button', { name: REDEEM_TITLE });
    redeem.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await redeemDialog();
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: AMOUNT_LABEL })).toHaveFocus());
    await userEvent.keyboard('25{Enter}');
    await waitFor(() => expect(screen().queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(redeem).toHaveFocus());
    await expect(balanceText(canvasElement)).toBe('1,209.56 points');
    const cancel = await canvas.findByRole('button', { name: 'Cancel redemption of 25.00 points' });
    cancel.focus();
    await userEvent.keyboard('{Enter}');
    await expect(cancel).toHaveTextContent('Are you sure?');
    await expect(cancel).toHaveFocus();
    // Escape takes the question back.
    await userEvent.keyboard('{Escape}');
    await expect(cancel).toHaveAccessibleName('Cancel redemption of 25.00 points');
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.queryByRole('button', { name: /25\.00 points/ })).toBeNull());
    await waitFor(() => expect(canvas.getByRole('heading', { name: 'Transaction history' })).toHaveFocus());
    await expect(balanceText(canvasElement)).toBe('1,234.56 points');
    await expect(await canvas.findByText(serverMessages.cancelled(25))).toBeInTheDocument();
    forgetDanglingAnnouncements();
  },
};

/** Cancel: the first press asks 'Are you sure?', the second cancels; the row goes and the points come back. */
export const CancelConfirm: Story = {
  play: async ({ canvas, canvasElement }) => {
    const t = await ready(canvasElement);
    const cancel = within(t).getByRole('button', { name: 'Cancel redemption of 40.00 points' });
    await userEvent.click(cancel);
    await expect(cancel).toHaveTextContent('Are you sure?');
    await expect(cancel).toHaveAccessibleName('Are you sure? Cancel redemption of 40.00 points');
    await expect(bodyRows(t)).toHaveLength(7);
    await userEvent.click(cancel);
    await waitFor(() => expect(bodyRows(t)).toHaveLength(6));
    await expect(within(t).queryByText('Redeem request (pending)')).toBeNull();
    await expect(balanceText(canvasElement)).toBe('1,274.56 points');
    await expect(await canvas.findByText(serverMessages.cancelled(40))).toBeInTheDocument();
    forgetDanglingAnnouncements();
  },
};

/**
 * A cancel that fails (against `handlers`), confirmed on the pending entry: the history's banner says
 * `message`, the entry and the balance stay. No screenshot: `skip` says where the banner's look is.
 */
const cancelFailed = (message: string, skip: string, ...handlers: Parameters<typeof withStoryMocks>): Story => ({
  beforeEach: withStoryMocks(...handlers),
  parameters: { visual: { skip } },
  play: async ({ canvasElement }) => {
    const t = await ready(canvasElement);
    const cancel = within(t).getByRole('button', { name: 'Cancel redemption of 40.00 points' });
    await userEvent.click(cancel);
    await userEvent.click(cancel);
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(message);
    await expect(bodyRows(t)).toHaveLength(7);
    await expect(cancel).toHaveAccessibleName('Cancel redemption of 40.00 points');
    await expect(balanceText(canvasElement)).toBe('1,234.56 points');
  },
});

/** A cancel the server refuses: its message, the entry stays. */
export const CancelRefused = cancelFailed(
  serverMessages.notPending,
  'the message is the error banner of the history, as in CancelConfirm but red; its text is checked',
  maxmoneyHandlers.live(rewardsFixture, { refuse: { cancel: serverMessages.notPending } }),
);

/** A cancel that gets no answer: 'Connection error.' above the history, the entry and the balance stay. */
export const CancelConnectionError = cancelFailed(
  CONNECTION_ERROR,
  'the banner of CancelRefused with another text; its text is checked',
  maxmoneyHandlers.cancel.networkError(),
  maxmoneyHandlers.live(),
);

/** Opens the redeem modal on the loaded page, types `amount` and presses Redeem; returns the modal. */
async function redeem(canvasElement: HTMLElement, amount: string) {
  await ready(canvasElement);
  await userEvent.click(within(canvasElement).getByRole('button', { name: REDEEM_TITLE }));
  const dialog = await redeemDialog();
  await userEvent.type(within(dialog).getByRole('textbox', { name: AMOUNT_LABEL }), amount);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Redeem' }));
  return dialog;
}

/** A redeem the server refuses: its message in the modal, the typed amount kept, nothing changed. */
export const RedeemRefused: Story = {
  beforeEach: withStoryMocks(maxmoneyHandlers.live(rewardsFixture, { refuse: { redeem: serverMessages.overLimit } })),
  play: async ({ canvasElement }) => {
    const dialog = await redeem(canvasElement, '600');
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(serverMessages.overLimit);
    await expect(within(dialog).getByRole('textbox', { name: AMOUNT_LABEL })).toHaveValue('600');
    await expect(balanceText(canvasElement)).toBe('1,234.56 points');
    forgetDanglingAnnouncements();
  },
};

/** A redeem that gets no answer: 'Connection error.' in the modal. */
export const RedeemConnectionError: Story = {
  beforeEach: withStoryMocks(maxmoneyHandlers.redeem.networkError(), maxmoneyHandlers.live()),
  parameters: { visual: { skip: 'the same modal as RedeemRefused with another text; its text is checked' } },
  play: async ({ canvasElement }) => {
    const dialog = await redeem(canvasElement, '1,000');
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(CONNECTION_ERROR);
  },
};

const sent = fn();
/** Text that is no number is not sent: the field says what it needs. */
export const RedeemNotANumber: Story = {
  parameters: { visual: { skip: 'the field error is the TextField story; its text is checked' } },
  beforeEach: (context) => {
    sent.mockClear();
    return withStoryMocks(maxmoneyHandlers.live(rewardsFixture, { onRequest: (call) => sent(call.request.method, call.url.pathname) }))(context);
  },
  play: async ({ canvasElement }) => {
    const dialog = await redeem(canvasElement, 'ten');
    // The message is also read out by a hidden live region: wait for the field's own, visible one
    // (a full CI run once found the hidden copy first).
    const message = 'Please enter the number of points to redeem.';
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: AMOUNT_LABEL })).toHaveAccessibleDescription(new RegExp(message.replace('.', '\\.'))));
    await waitFor(() => expect(within(dialog).getAllByText(message).some((el) => el.checkVisibility())).toBe(true));
    await expect(sent).not.toHaveBeenCalledWith('POST', expect.anything());
  },
};

/** The FAQ and the terms: the program's facts and the server's weekly limit; each modal returns focus to its button. */
export const FaqAndTerms: Story = {
  parameters: { visual: { skip: 'the modals alone are in MaxMoneyParts (ProgramFaq, ProgramTerms)' } },
  play: async ({ canvas, canvasElement }) => {
    await ready(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'FAQ' }));
    const faq = await screen().findByRole('dialog', { name: 'MaxMoney FAQ' });
    await expect(faq).toHaveTextContent('1 point = $1');
    await expect(faq).toHaveTextContent('up to 500.00 points a week');
    await userEvent.click(within(faq).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen().queryByRole('dialog')).toBeNull());
    await userEvent.click(canvas.getByRole('button', { name: 'Terms' }));
    const terms = await screen().findByRole('dialog', { name: 'MaxMoney Terms' });
    await expect(terms).toHaveTextContent('The maximum accumulation is 10,000 points');
    await expect(terms).toHaveTextContent('before Monday 11:59 pm Eastern');
    await expect(terms).toHaveTextContent('the following Wednesday');
    await expect(terms).toHaveTextContent('in good standing');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen().queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Terms' })).toHaveFocus());
  },
};

export const Loading: Story = {
  beforeEach: withStoryMocks(maxmoneyHandlers.load.pending()),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('progressbar', { name: 'Loading your points' })).toBeVisible();
  },
};

/** The load refused: the server's message, and a way to ask again. */
export const LoadError: Story = {
  beforeEach: withStoryMocks(maxmoneyHandlers.load.failure(serverMessages.loadFailed, 500)),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(serverMessages.loadFailed);
    await expect(within(canvasElement).getByRole('button', { name: 'Try again' })).toBeVisible();
    forgetDanglingAnnouncements();
  },
};

/** The load got no answer: 'Connection error.' (spec 001 §8). */
export const LoadConnectionError: Story = {
  beforeEach: withStoryMocks(maxmoneyHandlers.load.networkError()),
  parameters: { visual: { skip: 'LoadError with another text; its text is checked' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(CONNECTION_ERROR);
  },
};

/** At 375 px: the history is a list of cards, the promos one column, nothing scrolls sideways. */
export const Phone: Story = {
  parameters: phone,
  play: async ({ canvasElement }) => {
    const t = await ready(canvasElement);
    await expect(getComputedStyle(bodyRows(t)[0]).display).toBe('block');
    await expectNoHorizontalScroll(canvasElement.querySelector<HTMLElement>('[data-testid="frame"]')!);
  },
};
