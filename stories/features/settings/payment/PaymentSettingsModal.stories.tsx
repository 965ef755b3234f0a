import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { phone, withMocks } from '../../../../.storybook/helpers';
import { paychangeEndpoints } from '../../../../src/api/contract/paychange';
import { PaymentSettingsModal, PROVIDER_FRAME_HEIGHT, type PaymentInformation } from '../../../../src/features/settings/payment/PaymentSettingsModal';
import { paymentModalMessages } from '../../../../src/machines/paymentModal.machine';
import { PAY_BLACKOUT_LABEL, PAY_BLACKOUT_MESSAGE } from '../../../../src/shared/payBlackout';
import { PAY_COMPLETION_MESSAGE } from '../../../../src/shared/payCompletion';
import { answer, failure, networkError, pending, type MockCall } from '../../../mocks/http';

/**
 * The Payment Settings modal (spec 001 sections 2.5, 4 "Payment modal", 6): every label
 * combination of the two provider buttons, the blackout (and the modal noticing it start or end
 * while open), the spinner on the pressed provider, the provider's page in its 700 px iframe, the
 * completion, failures and the phone width.
 */
const { payoneerChange, tipaltiChange } = paychangeEndpoints;

/** A stand-in for the provider's page (the stories never load the sandbox page). */
const PROVIDER_PAGE = `data:text/html,${encodeURIComponent(
  '<!doctype html><html lang="en"><title>Provider page</title><body style="font:16px sans-serif;padding:24px"><h1>Provider page</h1><p>The provider form shows here.</p></body></html>',
)}`;

const info = (over: Partial<PaymentInformation> = {}): PaymentInformation => ({ payee: 'Ada Lovelace', method: 'None', platform: '', tmp_payoneer: 0, ...over });

/** Monday 2026-07-06 11:00 New York: no blackout. Tuesday 10:00: blackout. */
const MONDAY = Date.parse('2026-07-06T15:00:00Z');
const TUESDAY_MORNING = Date.parse('2026-07-07T14:00:00Z');
const fixed = (ms: number) => () => new Date(ms);
/** A clock that reaches `edge` about `leadMs` after the story starts (the modal's timer fires then). */
// 1.5 s: long enough for the first labels to be read on a busy two-core machine (a rehearsal saw 400 ms lost).
const reaching = (edge: string, leadMs = 1500) => {
  let start: number | null = null;
  return () => {
    start ??= Date.now();
    return new Date(Date.parse(edge) - leadMs + (Date.now() - start));
  };
};

const calls: MockCall[] = [];
const spy = { onRequest: (call: MockCall) => calls.push(call) };
const handlers = {
  payoneer: () => answer(payoneerChange, { success: true, iframe: PROVIDER_PAGE, method: 'None', platform: '' }, spy),
  tipalti: () => answer(tipaltiChange, { success: true, iframe: PROVIDER_PAGE, method: 'None', platform: '' }, spy),
};

const meta = {
  title: 'Features/Settings/Payment/PaymentSettingsModal',
  component: PaymentSettingsModal,
  args: { paymentInformation: info(), isOpen: true, onClose: fn(), now: fixed(MONDAY) },
  parameters: { layout: 'fullscreen' },
  beforeEach: (context) => {
    calls.length = 0;
    return withMocks(handlers.payoneer(), handlers.tipalti())(context as never);
  },
} satisfies Meta<typeof PaymentSettingsModal>;

export default meta;
type Story = StoryObj<typeof meta>;

type Provider = 'Payoneer' | 'Tipalti';

const dialog = async () => within(await within(document.body).findByRole('dialog', { name: 'Payment Settings' }));
const card = async (name: Provider) => within(await (await dialog()).findByRole('region', { name }));
const button = async (name: Provider) => (await card(name)).getByRole('button');

/** Shown, once its entrance transition has finished. */
const visible = async (text: string | RegExp) => {
  const el = await (await dialog()).findByText(text);
  await waitFor(() => expect(el).toBeVisible());
};

/** Checks both provider buttons' labels (and that the modal has finished coming in). */
const labels = async (payoneer: string, tipalti: string) => {
  await waitFor(async () => expect(await button('Payoneer')).toBeVisible());
  await expect(await button('Payoneer')).toHaveTextContent(payoneer);
  await expect(await button('Tipalti')).toHaveTextContent(tipalti);
};

/** Both buttons offer their provider, and `name`'s is pressed. */
const press = async (name: Provider) => {
  await labels('Use Payoneer', 'Use Tipalti');
  await userEvent.click(await button(name));
};

// --- Step 1: the label rules of spec 001 section 4 ---------------------------------------------

/**
 * A story of the buttons' labels for a record (`over` changes the default one). `badge` is a provider
 * card's badge shown with them: it fades in with the modal, so it is waited for like the buttons (a busy
 * CI run read it mid-entrance).
 */
const labelled = (over: Partial<PaymentInformation>, [payoneer, tipalti]: [string, string], badge?: [Provider, string]): Story => ({
  args: { paymentInformation: info(over) },
  play: async () => {
    await labels(payoneer, tipalti);
    if (badge) await waitFor(async () => expect((await card(badge[0])).getByText(badge[1])).toBeVisible());
  },
});

/** No platform, nothing pending. */
export const NoPlatform: Story = {
  play: async () => {
    await labels('Use Payoneer', 'Use Tipalti');
    await expect((await dialog()).queryByText(PAY_BLACKOUT_MESSAGE)).toBeNull();
  },
};

/** A Payoneer change waits and no platform is set: 'Pending' (the card's row reads 'Payoneer (Pending)'). */
export const PayoneerPending = labelled({ tmp_payoneer: 1 }, ['Pending', 'Use Tipalti'], ['Payoneer', 'Change pending']);

/** Paid by Tipalti while a Payoneer change waits. */
export const PayoneerPendingOnTipalti = labelled({ platform: 'Tipalti', method: 'ACH', tmp_payoneer: 1 }, ['Pending', 'Edit Details']);

/** Paid by Payoneer. */
export const OnPayoneer = labelled({ platform: 'Payoneer', method: 'Bank Transfer' }, ['Edit Details', 'Use Tipalti'], ['Payoneer', 'Current platform']);

/** Paid by Payoneer with the pending mark still set: Payoneer being the platform wins ('Edit Details'). */
export const OnPayoneerPendingMark = labelled({ platform: 'Payoneer', method: 'Bank Transfer', tmp_payoneer: 1 }, ['Edit Details', 'Use Tipalti']);

/** Paid by Tipalti. */
export const OnTipalti = labelled({ platform: 'Tipalti', method: 'PayPal' }, ['Use Payoneer', 'Edit Details'], ['Tipalti', 'Current platform']);

// --- The blackout (spec 001 section 6) -----------------------------------------------------------

/** Tuesday 10:00 New York: every button 'Changes Unavailable (See Below)', disabled, and the warning. */
export const Blackout: Story = {
  args: { paymentInformation: info({ platform: 'Tipalti', method: 'ACH', tmp_payoneer: 1 }), now: fixed(TUESDAY_MORNING) },
  play: async () => {
    await labels(PAY_BLACKOUT_LABEL, PAY_BLACKOUT_LABEL);
    await expect(await button('Payoneer')).toBeDisabled();
    await expect(await button('Tipalti')).toBeDisabled();
    await visible(PAY_BLACKOUT_MESSAGE);
    await expect(calls).toHaveLength(0);
  },
};

/** Opened at Tuesday 08:59:58.5: at 09:00 the open modal turns every button off. */
export const BlackoutStartsWhileOpen: Story = {
  args: { now: reaching('2026-07-07T13:00:00Z') },
  parameters: { visual: { skip: 'the same screens as NoPlatform and Blackout, a moment apart' } },
  play: async () => {
    await labels('Use Payoneer', 'Use Tipalti');
    await waitFor(async () => expect(await button('Tipalti')).toHaveTextContent(PAY_BLACKOUT_LABEL), { timeout: 5000 });
    await visible(PAY_BLACKOUT_MESSAGE);
  },
};

/** Opened at Wednesday 11:59:58.5: at 12:00 the buttons come back. */
export const BlackoutEndsWhileOpen: Story = {
  args: { now: reaching('2026-07-08T16:00:00Z'), paymentInformation: info({ platform: 'Payoneer', method: 'Prepaid Card' }) },
  parameters: { visual: { skip: 'the same screens as Blackout and OnPayoneer, a moment apart' } },
  play: async () => {
    await labels(PAY_BLACKOUT_LABEL, PAY_BLACKOUT_LABEL);
    await waitFor(async () => expect(await button('Payoneer')).toHaveTextContent('Edit Details'), { timeout: 5000 });
    await expect(await button('Payoneer')).toBeEnabled();
    await expect((await dialog()).queryByText(PAY_BLACKOUT_MESSAGE)).toBeNull();
  },
};

/** The server's clock says the blackout began (409 with the warning): the modal shows the blackout. */
export const BlackoutRefusedByServer: Story = {
  beforeEach: withMocks(failure(tipaltiChange, PAY_BLACKOUT_MESSAGE, 409)),
  play: async () => {
    await press('Tipalti');
    await waitFor(async () => expect(await button('Tipalti')).toHaveTextContent(PAY_BLACKOUT_LABEL));
    await visible(PAY_BLACKOUT_MESSAGE);
  },
};

// --- Requesting, step 2, completion, failures -------------------------------------------------

/** The spinner on the pressed provider while its call is pending; the other provider waits. */
export const RequestingPayoneer: Story = {
  beforeEach: withMocks(pending(payoneerChange, spy)),
  play: async () => {
    await press('Payoneer');
    await waitFor(async () => expect(await button('Payoneer')).toHaveAttribute('data-pending', 'true'));
    await expect(await button('Tipalti')).toBeDisabled();
    // The spec's body, built from the record; the server trusts only its own copy.
    await waitFor(() => expect(calls).toHaveLength(1));
    await expect(calls[0].body).toMatchObject({ lock_type: 'ADDRESS', redirect_url: `${window.location.origin}/paycompletion` });
  },
};

export const RequestingTipalti: Story = {
  beforeEach: withMocks(pending(tipaltiChange)),
  play: async () => {
    await press('Tipalti');
    await waitFor(async () => expect(await button('Tipalti')).toHaveAttribute('data-pending', 'true'));
    await expect(await button('Payoneer')).toBeDisabled();
  },
};

const openProvider = async (name: Provider) => {
  await press(name);
  const frame = (await (await dialog()).findByTitle(`${name} payment details`)) as HTMLIFrameElement;
  return frame;
};

/** Step 2: the provider's page in a 700 px iframe, and Close. */
export const ProviderPage: Story = {
  play: async () => {
    const frame = await openProvider('Tipalti');
    await expect(frame.tagName).toBe('IFRAME');
    await expect(frame.getBoundingClientRect().height).toBe(PROVIDER_FRAME_HEIGHT);
    await expect((await dialog()).getAllByRole('button', { name: 'Close' })).toHaveLength(2);
  },
};

/** From the provider's page back to the cards, to choose the other provider. */
export const BackFromProviderPage: Story = {
  parameters: { visual: { skip: 'ends on the same screen as NoPlatform' } },
  play: async () => {
    await openProvider('Tipalti');
    await userEvent.click((await dialog()).getByRole('button', { name: 'Back to providers' }));
    await labels('Use Payoneer', 'Use Tipalti');
  },
};

/** /paycompletion reports the change (its window message): the modal thanks the affiliate. */
export const Completed: Story = {
  play: async () => {
    await openProvider('Payoneer');
    window.postMessage({ type: PAY_COMPLETION_MESSAGE }, window.location.origin);
    await visible(paymentModalMessages.done);
  },
};

/** A message from another origin, or of another type, is ignored. */
export const ForeignMessageIgnored: Story = {
  parameters: { visual: { skip: 'the same screen as ProviderPage' } },
  play: async () => {
    await openProvider('Tipalti');
    window.postMessage({ type: 'something-else' }, window.location.origin);
    window.dispatchEvent(new MessageEvent('message', { data: { type: PAY_COMPLETION_MESSAGE }, origin: 'https://evil.example' }));
    await new Promise((r) => setTimeout(r, 100));
    await expect((await dialog()).queryByText(paymentModalMessages.done)).toBeNull();
  },
};

/** The provider could not be reached: the server's message, and Back to the cards. */
export const ProviderUnavailable: Story = {
  beforeEach: withMocks(failure(tipaltiChange, 'Tipalti is not available right now. Please try again in a few minutes.', 503)),
  play: async () => {
    await press('Tipalti');
    await visible('Tipalti is not available right now. Please try again in a few minutes.');
    await userEvent.click((await dialog()).getByRole('button', { name: 'Back to providers' }));
    await labels('Use Payoneer', 'Use Tipalti');
  },
};

/** The settings verification has lapsed: the server's message. */
export const NotVerified: Story = {
  beforeEach: withMocks(failure(payoneerChange, 'Please verify your account to change your settings (a verification lasts 15 minutes).', 403)),
  parameters: { visual: { skip: 'the same screen as ProviderUnavailable with another message' } },
  play: async () => {
    await press('Payoneer');
    await visible(/Please verify your account/);
  },
};

/** No answer at all: 'Connection error.' */
export const ConnectionFailed: Story = {
  beforeEach: withMocks(networkError(payoneerChange)),
  play: async () => {
    await press('Payoneer');
    await visible('Connection error.');
  },
};

// --- Phone width ---------------------------------------------------------------------------------


/** 375 px: the cards stack; the blackout warning below them. */
export const Phone: Story = {
  args: { paymentInformation: info({ platform: 'Tipalti', method: 'ACH' }), now: fixed(TUESDAY_MORNING) },
  parameters: phone,
  play: async () => labels(PAY_BLACKOUT_LABEL, PAY_BLACKOUT_LABEL),
};

/** 375 px, step 2: the provider's page fills the width. */
export const PhoneProviderPage: Story = {
  parameters: phone,
  play: async () => {
    const frame = await openProvider('Payoneer');
    await expect(frame.getBoundingClientRect().height).toBe(PROVIDER_FRAME_HEIGHT);
  },
};
