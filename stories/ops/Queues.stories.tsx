import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { animationsSettled, dialogShown, expectNoHorizontalScroll, forgetDanglingAnnouncements, phone, recordingMocks, screen, shown, wait } from '../../.storybook/helpers';
import { OPERATOR_TOKEN_HEADER } from '../../src/api/contract/operator';
import { storeOperatorSession } from '../../src/ops/api/session';
import { QueuesPage } from '../../src/ops/queues/QueuesPage';
import { queueMessages } from '../../src/ops/queues/QueuesView';
import { perRender } from '../mocks/http';
import { meAnswer, opsMocks } from '../mocks/ops';
import { imageResponse, peopleMocks, samplePublishers, sampleRequests } from '../mocks/opsPeople';
import { opsFrame } from './opsStory';

/**
 * Approvals (docs/ops-people.md): new publishers' applications with their ID images, and access
 * requests with their ad-placement image, both fetched with the operator token; approve, reject (a
 * request with the reason the affiliate reads); the server's sentence when it refuses; the list is
 * asked again after a decision. A viewer sees no decision button.
 */

/** What the queues hold in one render: a decision takes the item out, as the server does. */
const decided = perRender(() => new Set<number>());

const { calls, spy, withStoryMocks } = recordingMocks({
  defaults: () => [
    opsMocks.me.answer(meAnswer('admin')),
    peopleMocks.publishers.answer(() => ({ success: true, publishers: samplePublishers.filter((p) => !decided().has(p.affiliate_id)) })),
    peopleMocks.idImage.reply(({ params }) => imageResponse(params.side === 'front' ? '#3b6fd4' : '#2d8a5f', `ID ${params.side}`)),
    peopleMocks.requests.answer(() => ({ success: true, requests: sampleRequests.filter((r) => !decided().has(r.id)) })),
    peopleMocks.requestImage.reply(() => imageResponse('#a0522d', 'Ad placement')),
  ],
});

const meta = {
  title: 'Ops/Queues',
  component: QueuesPage,
  parameters: { layout: 'padded' },
  decorators: [opsFrame],
  beforeEach: withStoryMocks(),
} satisfies Meta<typeof QueuesPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const application = async (root: HTMLElement, name: string) => within(await within(root).findByRole('article', { name: `Application of ${name}` }));
const request = async (root: HTMLElement, label: string) => within(await within(root).findByRole('article', { name: `Request of ${label}` }));

/** Every image of the screen is shown (the screenshot waits for them). */
async function imagesShown(root: HTMLElement, count: number) {
  await waitFor(() => expect(within(root).getAllByRole('img').filter((i) => i.tagName === 'IMG' && (i as HTMLImageElement).complete)).toHaveLength(count));
}

async function confirmation(name: string) {
  const d = await screen().findByRole('alertdialog', { name });
  await waitFor(() => expect(d).toBeVisible());
  await animationsSettled();
  return within(d);
}

async function openRequests(canvasElement: HTMLElement) {
  await userEvent.click(await within(canvasElement).findByRole('tab', { name: 'Access requests' }));
  await request(canvasElement, 'Ana Lima for Premium Finance Leads');
}

/** The applications, oldest first, with their answers and ID images fetched with the operator token. */
export const Publishers: Story = {
  beforeEach: (context) => {
    storeOperatorSession({ token: 'story-token', expiresAt: '2099-01-01T00:00:00.000Z', operator: { operatorId: 1, email: 'ada@network.example', role: 'admin' } });
    return withStoryMocks(peopleMocks.idImage.reply(({ params }) => imageResponse(params.side === 'front' ? '#3b6fd4' : '#2d8a5f', `ID ${params.side}`), spy))(context);
  },
  play: async ({ canvasElement }) => {
    const noor = await application(canvasElement, 'Noor Haddad');
    await expect(noor.getByText('new.pub@example.com (verified)')).toBeVisible();
    await expect(noor.getByText('Two years of sweepstakes traffic.', { exact: false })).toBeVisible();
    await expect(noor.getByText('Affiliate 1042')).toBeVisible();
    await expect(await noor.findByRole('img', { name: 'Front of the ID of Noor Haddad' })).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    await expect(await noor.findByRole('img', { name: 'Back of the ID of Noor Haddad' })).toBeVisible();
    const kai = await application(canvasElement, 'Kai Berg');
    await expect(kai.getByText('Yes, 877, kai.old@example.com')).toBeVisible();
    await expect(kai.getByText('Not sent.')).toBeVisible();
    await imagesShown(canvasElement, 3);
    await expect(calls.map((c) => `${c.params.id}/${c.params.side}`).sort()).toEqual(['2001/back', '2001/front', '2002/front']);
    await expect(calls.map((c) => c.request.headers.get(OPERATOR_TOKEN_HEADER))).toEqual(['story-token', 'story-token', 'story-token']);
    await expect(noor.getByRole('button', { name: 'Approve Noor Haddad' })).toBeVisible();
  },
};

/** Waiting for the applications. */
export const Loading: Story = {
  beforeEach: withStoryMocks(peopleMocks.publishers.pending()),
  parameters: { visual: { skip: 'a spinner; its label is checked' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('progressbar', { name: 'Loading the applications' })).toBeVisible();
  },
};

/** Nothing waits in either queue. */
export const Empty: Story = {
  beforeEach: withStoryMocks(peopleMocks.publishers.answer({ success: true, publishers: [] }), peopleMocks.requests.answer({ success: true, requests: [] })),
  play: async ({ canvas, canvasElement }) => {
    await shown(canvas, queueMessages.noPublishers);
    await userEvent.click(canvas.getByRole('tab', { name: 'Access requests' }));
    await shown(canvas, queueMessages.noRequests);
    await expect(within(canvasElement).queryByRole('article')).toBeNull();
  },
};

/** The list did not load: the server's sentence and Try again. */
export const LoadFailed: Story = {
  beforeEach: withStoryMocks(peopleMocks.publishers.failure('The database is restarting. Please try again in a few seconds.', 503)),
  play: async ({ canvas }) => {
    await shown(canvas, 'The database is restarting. Please try again in a few seconds.');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** An image the server does not give: said in its place. */
export const ImageFailed: Story = {
  beforeEach: withStoryMocks(peopleMocks.idImage.failure('There is no such image.', 404)),
  play: async ({ canvas, canvasElement }) => {
    const noor = await application(canvasElement, 'Noor Haddad');
    await waitFor(() => expect(noor.getAllByText(queueMessages.imageFailed)).toHaveLength(2));
    await expect(canvas.queryByRole('img', { name: /ID of/ })).toBeNull();
  },
};

/** Approve asks first, then the publisher is approved and the list is asked again (they are gone from it). */
export const ApprovePublisher: Story = {
  beforeEach: withStoryMocks(
    peopleMocks.approvePublisher.answer(({ params }) => {
      decided().add(Number(params.id));
      return { success: true, publisher: { ...samplePublishers[0], status: 'active' } };
    }, spy),
  ),
  play: async ({ canvas, canvasElement }) => {
    const noor = await application(canvasElement, 'Noor Haddad');
    await userEvent.click(noor.getByRole('button', { name: 'Approve Noor Haddad' }));
    const dialog = await confirmation('Approve Noor Haddad?');
    await userEvent.click(dialog.getByRole('button', { name: 'Approve' }));
    await shown(canvas, queueMessages.approvedPublisher(samplePublishers[0]));
    await expect(calls.map((c) => c.params.id)).toEqual(['2001']);
    await waitFor(() => expect(within(canvasElement).queryByRole('article', { name: 'Application of Noor Haddad' })).toBeNull());
    await application(canvasElement, 'Kai Berg');
    await imagesShown(canvasElement, 1);
  },
};

/** Reject asks first; the application is rejected and leaves the list. */
export const RejectPublisher: Story = {
  beforeEach: withStoryMocks(
    peopleMocks.rejectPublisher.answer(({ params }) => {
      decided().add(Number(params.id));
      return { success: true, publisher: { ...samplePublishers[1], status: 'rejected' } };
    }, spy),
  ),
  play: async ({ canvas, canvasElement }) => {
    const kai = await application(canvasElement, 'Kai Berg');
    await userEvent.click(kai.getByRole('button', { name: 'Reject Kai Berg' }));
    const dialog = await confirmation('Reject Kai Berg?');
    await expect(dialog.getByText(/not approved/)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Reject' }));
    await shown(canvas, queueMessages.rejectedPublisher(samplePublishers[1]));
    await expect(calls.map((c) => c.params.id)).toEqual(['2002']);
    await waitFor(() => expect(within(canvasElement).queryByRole('article', { name: 'Application of Kai Berg' })).toBeNull());
    await imagesShown(canvasElement, 2);
  },
};

/** The server refuses (another operator decided first): its sentence; the application stays. */
export const ApprovePublisherRefused: Story = {
  beforeEach: withStoryMocks(peopleMocks.approvePublisher.failure('This publisher was already decided: they are no longer pending.', 409)),
  play: async ({ canvas, canvasElement }) => {
    const noor = await application(canvasElement, 'Noor Haddad');
    await userEvent.click(noor.getByRole('button', { name: 'Approve Noor Haddad' }));
    await userEvent.click((await confirmation('Approve Noor Haddad?')).getByRole('button', { name: 'Approve' }));
    await shown(canvas, 'This publisher was already decided: they are no longer pending.');
    await application(canvasElement, 'Noor Haddad');
    await imagesShown(canvasElement, 3);
  },
};

/** The access requests: campaign, affiliate, answers and the ad-placement image. */
export const AccessRequests: Story = {
  play: async ({ canvasElement }) => {
    await openRequests(canvasElement);
    const ana = await request(canvasElement, 'Ana Lima for Premium Finance Leads');
    await expect(ana.getByText('Ana Lima (1042), ana@example.com')).toBeVisible();
    await expect(ana.getByText('US and CA')).toBeVisible();
    await expect(ana.getByText('Which countries do you send?')).toBeVisible();
    await expect(ana.getByText('Newsletter')).toBeVisible();
    await expect(await ana.findByRole('img', { name: 'Ad placement of Ana Lima for Premium Finance Leads' })).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    const cleo = await request(canvasElement, 'Cleo Park for Crypto Wallet Install');
    await expect(cleo.getByText('Not sent.')).toBeVisible();
    await imagesShown(canvasElement, 1);
  },
};

/** Approve a request: asked first, said, and the list is asked again. */
export const ApproveRequest: Story = {
  beforeEach: withStoryMocks(
    peopleMocks.approveRequest.answer(({ params }) => {
      decided().add(Number(params.id));
      return { success: true, request: { ...sampleRequests[1], status: 'Approved', decided_at: '2026-11-23T10:00:00.000Z' } };
    }, spy),
  ),
  play: async ({ canvas, canvasElement }) => {
    await openRequests(canvasElement);
    const cleo = await request(canvasElement, 'Cleo Park for Crypto Wallet Install');
    await userEvent.click(cleo.getByRole('button', { name: 'Approve Cleo Park for Crypto Wallet Install' }));
    await userEvent.click((await confirmation('Approve Cleo Park for Crypto Wallet Install?')).getByRole('button', { name: 'Approve' }));
    await shown(canvas, queueMessages.approvedRequest(sampleRequests[1]));
    await expect(calls.map((c) => c.params.id)).toEqual(['42']);
    await waitFor(() => expect(within(canvasElement).queryByRole('article', { name: /Cleo Park/ })).toBeNull());
    await imagesShown(canvasElement, 1);
  },
};

/** Reject a request: the reason is required, then sent; the dialog closes and the list is asked again. */
export const RejectRequest: Story = {
  beforeEach: withStoryMocks(
    peopleMocks.rejectRequest.answer(({ params }) => {
      decided().add(Number(params.id));
      return { success: true, request: { ...sampleRequests[0], status: 'Rejected', reject_reason: 'No e-mail traffic on this offer.' } };
    }, spy),
  ),
  play: async ({ canvas, canvasElement }) => {
    await openRequests(canvasElement);
    const ana = await request(canvasElement, 'Ana Lima for Premium Finance Leads');
    await userEvent.click(ana.getByRole('button', { name: 'Reject Ana Lima for Premium Finance Leads' }));
    const dialog = within(await dialogShown('Reject Ana Lima for Premium Finance Leads'));
    await userEvent.click(dialog.getByRole('button', { name: 'Reject the request' }));
    await shown(dialog, 'Give the affiliate a reason for the rejection.');
    await expect(calls).toHaveLength(0);
    await userEvent.type(dialog.getByLabelText(/^Reason/), 'No e-mail traffic on this offer.');
    await userEvent.click(dialog.getByRole('button', { name: 'Reject the request' }));
    await shown(canvas, queueMessages.rejectedRequest(sampleRequests[0]));
    await expect(calls.map((c) => [c.params.id, c.body])).toEqual([['41', { reason: 'No e-mail traffic on this offer.' }]]);
    await waitFor(() => expect(screen().queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(canvasElement).queryByRole('article', { name: /Ana Lima/ })).toBeNull());
    forgetDanglingAnnouncements();
  },
};

/** The server refuses the rejection: its sentence in the dialog, which stays open. */
export const RejectRequestRefused: Story = {
  beforeEach: withStoryMocks(peopleMocks.rejectRequest.failure('This request was already decided.', 409)),
  play: async ({ canvasElement }) => {
    await openRequests(canvasElement);
    const ana = await request(canvasElement, 'Ana Lima for Premium Finance Leads');
    await userEvent.click(ana.getByRole('button', { name: 'Reject Ana Lima for Premium Finance Leads' }));
    const dialog = within(await dialogShown('Reject Ana Lima for Premium Finance Leads'));
    await userEvent.type(dialog.getByLabelText(/^Reason/), 'Not a fit.');
    await userEvent.click(dialog.getByRole('button', { name: 'Reject the request' }));
    await shown(dialog, 'This request was already decided.');
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Reject the request' })).not.toHaveAttribute('aria-disabled'));
    forgetDanglingAnnouncements();
  },
};

/** A viewer reads both queues but has no decision to make. */
export const Viewer: Story = {
  beforeEach: withStoryMocks(opsMocks.me.answer(meAnswer('viewer'), spy)),
  play: async ({ canvasElement }) => {
    const noor = await application(canvasElement, 'Noor Haddad');
    // The role has come (the controls would show by now).
    await waitFor(() => expect(calls).toHaveLength(1));
    await wait(200);
    await imagesShown(canvasElement, 3);
    await expect(noor.queryByRole('button')).toBeNull();
    await openRequests(canvasElement);
    await expect(within(canvasElement).queryByRole('button', { name: /Approve|Reject/ })).toBeNull();
    await imagesShown(canvasElement, 1);
  },
};

/** At 375 px: the cards stack, nothing scrolls sideways. */
export const Phone: Story = {
  parameters: phone,
  play: async ({ canvasElement }) => {
    await application(canvasElement, 'Noor Haddad');
    await imagesShown(canvasElement, 3);
    await expectNoHorizontalScroll(canvasElement);
  },
};
