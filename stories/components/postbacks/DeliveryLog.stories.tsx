import type { Meta, StoryObj } from '@storybook/react-vite';
import type { AnyHandler } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { DeliveryLog, NO_DELIVERIES } from '../../../src/components/postbacks/DeliveryLog';
import { deliveredFixture, failedFixture, postbackHandlers, retryingFixture, testDelivered } from '../../mocks/postbacks';
import { shown, widthFrame, withMocks } from '../../../.storybook/helpers';

/** Beyond the spec: the affiliate's own recent postback deliveries and "Send test postback". */
const meta = {
  title: 'Components/Postbacks/DeliveryLog',
  component: DeliveryLog,
  decorators: [widthFrame(1100)],
  beforeEach: withMocks(postbackHandlers.deliveries.list(), postbackHandlers.test.delivered()),
} satisfies Meta<typeof DeliveryLog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The table once its rows have arrived (while loading it shows placeholder rows). */
async function table(root: HTMLElement) {
  const t = await within(root).findByRole('table', { name: 'Recent postbacks' });
  await within(t).findAllByText(/^(Delivered|Retrying|Failed|Pending)$/);
  return t;
}

/** Presses 'Send test postback' once the rows have arrived; returns the button. */
async function sendTest(canvasElement: HTMLElement) {
  await table(canvasElement);
  const button = within(canvasElement).getByRole('button', { name: 'Send test postback' });
  await userEvent.click(button);
  return button;
}

/** The log with its list answered by `answer`: it says `message` (a banner fades in: its text is waited for until visible). */
const saying = (answer: AnyHandler, message: string | RegExp): Story => ({
  beforeEach: withMocks(answer),
  play: ({ canvasElement }) => shown(canvasElement, message),
});

/** The log of `deliveries`: `check` looks at its table once the rows have arrived. */
const listing = (deliveries: Parameters<typeof postbackHandlers.deliveries.list>[0], check: (t: ReturnType<typeof within>) => Promise<void>): Story => ({
  beforeEach: withMocks(postbackHandlers.deliveries.list(deliveries)),
  play: async ({ canvasElement }) => check(within(await table(canvasElement))),
});

export const Loading: Story = { beforeEach: withMocks(postbackHandlers.deliveries.pending()) };

export const Empty = saying(postbackHandlers.deliveries.empty(), new RegExp(NO_DELIVERIES));

const listSpy = fn();
export const Delivered: Story = {
  args: { campaignId: 1205 },
  beforeEach: withMocks(postbackHandlers.deliveries.list(deliveredFixture, { onRequest: (call) => listSpy(call.query) })),
  play: async ({ canvasElement }) => {
    listSpy.mockClear();
    const t = await table(canvasElement);
    const rows = within(t).getAllByRole('row');
    await expect(rows).toHaveLength(1 + deliveredFixture.length);
    // The time in the reader's zone (the runner's is New York): 14:05:09 UTC is 09:05:09 there.
    await expect(within(rows[1]).getByText('2026-11-23 09:05:09')).toBeVisible();
    await expect(within(rows[1]).getByText('HTTP 200')).toBeVisible();
    await expect(within(rows[1]).getByText('143 ms')).toBeVisible();
    await expect(within(rows[1]).getByText('Delivered')).toBeVisible();
    // A campaign's log asks for that campaign's deliveries only.
    await waitFor(() => expect(listSpy).toHaveBeenCalledWith({ campaign_id: '1205' }));
  },
};

export const FailingWithRetries = listing(retryingFixture, async (t) => {
  await expect(t.getAllByText('Retrying')).toHaveLength(2);
  await expect(t.getByText('No answer within 10 seconds')).toBeVisible();
  await expect(t.getByText('2026-11-23 09:35:09')).toBeVisible();
});

export const Failed = listing(failedFixture, async (t) => {
  await expect(t.getAllByText('Failed')).toHaveLength(2);
  await expect(t.getByText('The server answered 404 Not Found')).toBeVisible();
});

const testSpy = fn();
export const TestDelivered: Story = {
  beforeEach: (context) => {
    const { list, test } = postbackHandlers.deliveries.afterTest(testDelivered, deliveredFixture, { test: { onRequest: (call) => testSpy(call.body) } });
    return withMocks(list, test)(context);
  },
  play: async ({ canvas, canvasElement }) => {
    testSpy.mockClear();
    await sendTest(canvasElement);
    await shown(canvas, 'Test postback delivered (HTTP 200 in 121 ms).');
    // The global log tests the global postback: no campaign is sent.
    await expect(testSpy).toHaveBeenCalledWith({});
    // The test joins the list, marked Test.
    await waitFor(() => expect(within(canvas.getByRole('table')).getByText('Test')).toBeVisible());
  },
};

export const TestFailed: Story = {
  args: { campaignId: 1205 },
  beforeEach: withMocks(postbackHandlers.test.failed({ onRequest: (call) => testSpy(call.body) })),
  play: async ({ canvas, canvasElement }) => {
    testSpy.mockClear();
    await sendTest(canvasElement);
    await shown(canvas, 'Test postback failed: The server answered 500 Internal Server Error.');
    await expect(testSpy).toHaveBeenCalledWith({ campaign_id: 1205 });
  },
};

export const TestSending: Story = {
  beforeEach: withMocks(postbackHandlers.test.sending()),
  play: async ({ canvasElement }) => {
    const button = await sendTest(canvasElement);
    // Busy while sending: a second press sends nothing.
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
  },
};

export const TestWithoutPostback: Story = {
  beforeEach: withMocks(postbackHandlers.test.noPostback()),
  play: async ({ canvas, canvasElement }) => {
    await sendTest(canvasElement);
    await shown(canvas, 'You have no postback saved to test. Save one first.');
  },
};

export const LoadError = saying(postbackHandlers.deliveries.networkError(), 'Connection error.');

export const ServerError = saying(postbackHandlers.deliveries.failure(), 'An internal error occurred. Please try again later');

/** 375 px: stacked cards instead of the table; the long URL wraps. */
export const Mobile: Story = {
  decorators: [widthFrame(343)],
  beforeEach: withMocks(postbackHandlers.deliveries.list(retryingFixture)),
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(canvas.getAllByRole('listitem')).toHaveLength(retryingFixture.length));
    await expect(canvas.queryByRole('table')).toBeNull();
    const frameEl = canvasElement.firstElementChild as HTMLElement;
    await expect(frameEl.scrollWidth).toBeLessThanOrEqual(frameEl.clientWidth);
  },
};
