import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { optionsOf, pressTwiceWhileBusy, shown, widthFrame, withMocks, type PortalParameters } from '../../../.storybook/helpers';
import type { AffiliateResponse } from '../../../src/api/contract/affiliate';
import { POSTBACK_SAVE_ERROR } from '../../../src/components/postbacks/PostbackEditor';
import { GLOBAL_POSTBACK_NOTE, GlobalPostbackPage } from '../../../src/features/postbacks/GlobalPostbackPage';
import { REVERSAL_URL_ERROR } from '../../../src/features/postbacks/ReversalPostbackForm';
import { paths, patterns } from '../../../src/shared/paths';
import { deliveredFixture, postbackDefaults, postbackHandlers, retryingFixture } from '../../mocks/postbacks';
import { affiliateFixture, affiliateHandlers } from '../../mocks/shell';

/** Spec 002 §2 Global Postback screen, §3, §4 Global postback save, §7 POST /affiliate/globalPostback; the delivery log. */
const withGlobal = (global_callback_type: AffiliateResponse['promotional_methods']['global_callback_type'], global_callback_code = ''): AffiliateResponse => ({
  ...affiliateFixture,
  promotional_methods: { ...affiliateFixture.promotional_methods, global_callback_type, global_callback_code },
});
const savedUrl = 'https://tracker.example.net/postback?clickid={click_id}&payout={payout}&txid={transaction_id}';

const meta = {
  title: 'Features/Postbacks/GlobalPostbackPage',
  component: GlobalPostbackPage,
  parameters: { router: { path: patterns.globalPostback, initialEntries: [paths.globalPostback] } } satisfies PortalParameters,
  decorators: [widthFrame(1100)],
  beforeEach: withMocks(affiliateHandlers.loaded(withGlobal('L', savedUrl)), postbackDefaults(), postbackHandlers.global.saved()),
} satisfies Meta<typeof GlobalPostbackPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
const typeButton = (root: HTMLElement) => within(root).findByRole('button', { name: /Postback type/ });
const codeBox = (root: HTMLElement) => within(root).getByRole('textbox', { name: 'Postback code' });

/** The saved URL postback, the info note, and the page title. */
export const SavedUrl: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(await typeButton(canvasElement)).toHaveTextContent('URL');
    await expect(codeBox(canvasElement)).toHaveValue(savedUrl);
    await expect(canvas.getByText(GLOBAL_POSTBACK_NOTE)).toBeVisible();
    await expect(document.title).toMatch(/^Global Postback \| /);
    // Server-Server URL is offered only when it is already the saved type (spec 002 §2).
    await expect(await optionsOf(await typeButton(canvasElement))).toEqual(['None (no global postback)', 'URL', 'HTML']);
  },
};

/** No global postback yet: the empty type, no default. */
export const NoGlobalPostback: Story = {
  beforeEach: withMocks(affiliateHandlers.loaded(withGlobal(''))),
  play: async ({ canvasElement }) => {
    await expect(await typeButton(canvasElement)).toHaveTextContent('None (no global postback)');
    await expect(codeBox(canvasElement)).toHaveValue('');
  },
};

/** The saved type is Server-Server URL: it stays offered. */
export const SavedServerToServer: Story = {
  beforeEach: withMocks(affiliateHandlers.loaded(withGlobal('S', 'https://s2s.example.net/c?tx={transaction_id}'))),
  play: async ({ canvasElement }) => {
    await expect(await typeButton(canvasElement)).toHaveTextContent('Server-Server URL');
    await expect(await optionsOf(await typeButton(canvasElement))).toEqual(['None (no global postback)', 'URL', 'HTML', 'Server-Server URL']);
  },
};

const saveSpy = fn();
/** Saved: the type and code sent, and the server's message. */
export const Saved: Story = {
  beforeEach: withMocks(affiliateHandlers.loaded(withGlobal('')), postbackHandlers.global.saved({ onRequest: (call) => saveSpy(call.body) })),
  play: async ({ canvasElement }) => {
    saveSpy.mockClear();
    const canvas = within(canvasElement);
    await userEvent.click(await typeButton(canvasElement));
    await userEvent.click(await body().findByRole('option', { name: 'HTML' }));
    await userEvent.type(codeBox(canvasElement), '<img src="https://tracker.example.net/px?c={{click_id}" width="1" height="1">');
    await userEvent.click(canvas.getByRole('button', { name: 'Save Global Postback' }));
    await shown(canvas, 'Your global postback has been saved.');
    await expect(saveSpy).toHaveBeenCalledWith({ type: 'I', code: '<img src="https://tracker.example.net/px?c={click_id}" width="1" height="1">' });
  },
};

const removeSpy = fn();
/** Set to None and saved: nothing but the empty type is sent, and the removed code leaves the field. */
export const Removed: Story = {
  beforeEach: withMocks(postbackHandlers.global.saved({ onRequest: (call) => removeSpy(call.body) })),
  play: async ({ canvasElement }) => {
    removeSpy.mockClear();
    const canvas = within(canvasElement);
    await userEvent.click(await typeButton(canvasElement));
    await userEvent.click(await body().findByRole('option', { name: 'None (no global postback)' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save Global Postback' }));
    await shown(canvas, 'Your global postback has been removed.');
    await expect(removeSpy).toHaveBeenCalledWith({ type: '', code: '' });
    await expect(codeBox(canvasElement)).toHaveValue('');
    await expect(await typeButton(canvasElement)).toHaveTextContent('None (no global postback)');
  },
};

/** Saving: the spinner, and the button ignores presses. */
export const Saving: Story = {
  beforeEach: withMocks(postbackHandlers.global.pending({ onRequest: () => saveSpy() })),
  play: async ({ canvasElement }) => {
    saveSpy.mockClear();
    const canvas = within(canvasElement);
    await typeButton(canvasElement);
    await pressTwiceWhileBusy(canvas.getByRole('button', { name: 'Save Global Postback' }));
    await expect(saveSpy).toHaveBeenCalledTimes(1);
  },
};

/** The server refuses the address: spec 000 §8's message and the server's reason (spec 002 §8). */
export const SaveFailure: Story = {
  beforeEach: withMocks(postbackHandlers.global.failure()),
  play: async ({ canvas, canvasElement }) => {
    await typeButton(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Save Global Postback' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(POSTBACK_SAVE_ERROR);
    await expect(alert).toHaveTextContent('This address is on a private or local network');
  },
};

export const SaveConnectionError: Story = {
  beforeEach: withMocks(postbackHandlers.global.networkError()),
  play: async ({ canvas, canvasElement }) => {
    await typeButton(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Save Global Postback' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Connection error.');
  },
};

/** The saved postbacks loading; the delivery log beside them has loaded, so the page's height is settled. */
export const Loading: Story = {
  beforeEach: withMocks(affiliateHandlers.pending()),
  play: async ({ canvas }) => {
    await shown(canvas, /^No postbacks have been sent yet\./);
    await expect(canvas.getByText('Loading your reversal postback')).toBeInTheDocument();
  },
};

export const LoadFailure: Story = {
  beforeEach: withMocks(affiliateHandlers.networkError()),
  play: async ({ canvasElement }) => {
    await shown(within(canvasElement), 'Connection error.');
  },
};

/** The macro help modal, from the screen's link. */
export const MacroHelp: Story = {
  play: async ({ canvasElement }) => {
    await typeButton(canvasElement);
    // The global postback's link (the reversal postback has its own).
    const trigger = within(canvasElement).getAllByRole('button', { name: 'See available macros' })[0];
    await userEvent.click(trigger);
    const dialog = await body().findByRole('dialog', { name: 'Available macros' });
    await expect(await within(dialog).findByText('{transaction_id}')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    // Focus goes back to the link once the dialog's exit has finished; the screenshot must not catch it on the way.
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

const testSpy = fn();
/** Every campaign's deliveries, and a test of the global postback (no campaign sent). */
export const DeliveriesAndTest: Story = {
  beforeEach: withMocks(postbackHandlers.deliveries.list([...retryingFixture, ...deliveredFixture]), postbackHandlers.test.delivered({ onRequest: (call) => testSpy(call.body) })),
  play: async ({ canvasElement }) => {
    testSpy.mockClear();
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Recent postbacks of all campaigns' })).toBeVisible();
    await canvas.findAllByText('Retrying');
    await userEvent.click(canvas.getByRole('button', { name: 'Send test postback' }));
    await shown(canvas, 'Test postback delivered (HTTP 200 in 121 ms).');
    await expect(testSpy).toHaveBeenCalledWith({});
  },
};

/** 375 px: one column, the log as stacked cards, nothing scrolls sideways. */
export const Mobile: Story = {
  decorators: [widthFrame(343)],
  beforeEach: withMocks(postbackHandlers.deliveries.list(retryingFixture)),
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(canvas.getAllByRole('listitem')).toHaveLength(retryingFixture.length));
    const frameEl = canvasElement.firstElementChild as HTMLElement;
    await expect(frameEl.scrollWidth).toBeLessThanOrEqual(frameEl.clientWidth);
  },
};

/** The reversal postback: fired when an advertiser reverses a conversion (POST /affiliate/reversalPostback). */
const withReversal = (reversal_callback_url: string): AffiliateResponse => ({
  ...withGlobal('L', savedUrl),
  promotional_methods: { ...withGlobal('L', savedUrl).promotional_methods, reversal_callback_url },
});
const savedReversalUrl = 'https://tracker.example.net/reversal?txid={transaction_id}&status={status}&reason={reason}';
/** The reversal postback's card, found by its heading, once its form is there (the affiliate's record has loaded). */
async function reversalCard(root: HTMLElement) {
  const heading = await within(root).findByRole('heading', { level: 2, name: 'Reversal postback' });
  const card = within(heading.closest('section')!);
  await card.findByRole('textbox', { name: 'Reversal postback URL' });
  return card;
}
const reversalBox = (card: ReturnType<typeof within>) => card.getByRole('textbox', { name: 'Reversal postback URL' });
const reversalSpy = fn();

/** None saved yet: an empty field, and the help naming {status} and {reason} beside the usual macros. */
export const ReversalEmpty: Story = {
  play: async ({ canvasElement }) => {
    const card = await reversalCard(canvasElement);
    await expect(reversalBox(card)).toHaveValue('');
    await expect(card.getByText('{status}')).toBeVisible();
    await expect(card.getByText('{reason}')).toBeVisible();
    await expect(card.getByRole('button', { name: 'See available macros' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Save Reversal Postback' })).toBeVisible();
  },
};

/** The saved URL fills the field; a new one saved: the URL sent (trimmed) and the server's message. */
export const ReversalSaved: Story = {
  beforeEach: withMocks(affiliateHandlers.loaded(withReversal(savedReversalUrl)), postbackHandlers.reversal.saved({ onRequest: (call) => reversalSpy(call.body) })),
  play: async ({ canvasElement }) => {
    reversalSpy.mockClear();
    const card = await reversalCard(canvasElement);
    await waitFor(() => expect(reversalBox(card)).toHaveValue(savedReversalUrl));
    await userEvent.clear(reversalBox(card));
    await userEvent.type(reversalBox(card), '  https://s2s.example.net/rev?c={{click_id}&why={{reason}  ');
    await userEvent.click(card.getByRole('button', { name: 'Save Reversal Postback' }));
    await shown(card, 'Your reversal postback has been saved.');
    await expect(reversalSpy).toHaveBeenCalledWith({ url: 'https://s2s.example.net/rev?c={click_id}&why={reason}' });
    await expect(reversalBox(card)).toHaveValue('https://s2s.example.net/rev?c={click_id}&why={reason}');
  },
};

/** Emptied and saved with the keyboard alone (Enter in the field): '' is sent and the postback removed. */
export const ReversalRemovedByKeyboard: Story = {
  beforeEach: withMocks(affiliateHandlers.loaded(withReversal(savedReversalUrl)), postbackHandlers.reversal.saved({ onRequest: (call) => reversalSpy(call.body) })),
  play: async ({ canvasElement }) => {
    reversalSpy.mockClear();
    const card = await reversalCard(canvasElement);
    reversalBox(card).focus();
    await userEvent.keyboard('{Control>}a{/Control}{Backspace}{Enter}');
    await shown(card, 'Your reversal postback has been removed.');
    await expect(reversalSpy).toHaveBeenCalledWith({ url: '' });
    await userEvent.tab();
    await expect(card.getByRole('button', { name: 'See available macros' })).toHaveFocus();
    await userEvent.tab();
    await expect(card.getByRole('button', { name: 'Save Reversal Postback' })).toHaveFocus();
  },
};

/** The server refuses the address: the save's error and the server's reason, as the global postback shows them. */
export const ReversalServerError: Story = {
  beforeEach: withMocks(postbackHandlers.reversal.failure()),
  play: async ({ canvasElement }) => {
    const card = await reversalCard(canvasElement);
    await userEvent.type(reversalBox(card), 'https://10.0.0.7/reversal?tx={{transaction_id}');
    await userEvent.click(card.getByRole('button', { name: 'Save Reversal Postback' }));
    const alert = await card.findByRole('alert');
    await expect(alert).toHaveTextContent(POSTBACK_SAVE_ERROR);
    await expect(alert).toHaveTextContent('This address is on a private or local network');
  },
};

/** Not an http(s) URL: refused before any call, in the server's words, on the field; typing again clears it. */
export const ReversalInvalidUrl: Story = {
  beforeEach: withMocks(postbackHandlers.reversal.saved({ onRequest: (call) => reversalSpy(call.body) })),
  play: async ({ canvasElement }) => {
    reversalSpy.mockClear();
    const card = await reversalCard(canvasElement);
    await userEvent.type(reversalBox(card), 'ftp://tracker.example.net/reversal');
    await userEvent.click(card.getByRole('button', { name: 'Save Reversal Postback' }));
    await shown(card, REVERSAL_URL_ERROR);
    await expect(reversalBox(card)).toHaveAttribute('aria-invalid', 'true');
    await expect(reversalBox(card)).toHaveFocus();
    await expect(reversalSpy).not.toHaveBeenCalled();
    await expect(card.queryByRole('alert')).toBeNull();
  },
};

/** The reversal postback at 375 px: the help and the example wrap, nothing scrolls sideways. */
export const ReversalMobile: Story = {
  decorators: [widthFrame(343)],
  beforeEach: withMocks(affiliateHandlers.loaded(withReversal(savedReversalUrl))),
  play: async ({ canvasElement }) => {
    const card = await reversalCard(canvasElement);
    await waitFor(() => expect(reversalBox(card)).toHaveValue(savedReversalUrl));
    const frameEl = canvasElement.firstElementChild as HTMLElement;
    await expect(frameEl.scrollWidth).toBeLessThanOrEqual(frameEl.clientWidth);
  },
};
