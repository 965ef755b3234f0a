import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { forgetDanglingAnnouncements, recordingMocks, shown } from '../../.storybook/helpers';
import { AcceptInvitePage, invitePasswordMessages } from '../../src/ops/invite/AcceptInvitePage';
import { opsMocks } from '../mocks/ops';
import { opsFrame } from './opsStory';

/** The invitation link's page, /ops/invite?token=…: the invited operator chooses a password (12 characters or more). */
const accepted = fn();
const { calls, spy, withStoryMocks } = recordingMocks({ before: () => accepted.mockClear() });

const meta = {
  title: 'Ops/AcceptInvite',
  component: AcceptInvitePage,
  args: { onAccepted: accepted },
  parameters: { layout: 'fullscreen', router: { initialEntries: ['/ops/invite?token=invite-token-1'] } },
  decorators: [opsFrame],
  beforeEach: withStoryMocks(opsMocks.acceptInvite.answer({ success: true, email: 'linus@network.example' }, spy)),
} satisfies Meta<typeof AcceptInvitePage>;
export default meta;
type Story = StoryObj<typeof meta>;

const fill = async (root: HTMLElement, password: string, again: string) => {
  const canvas = within(root);
  await userEvent.type(canvas.getByLabelText(/^Password(?! again)/), password);
  await userEvent.type(canvas.getByLabelText(/Password again/), again);
  await userEvent.click(canvas.getByRole('button', { name: 'Set my password' }));
};

/** A good password twice: sent with the link's token, and the console goes on to the sign-in. */
export const Accepted: Story = {
  play: async ({ canvasElement }) => {
    await fill(canvasElement, 'a long enough password', 'a long enough password');
    await waitFor(() => expect(accepted).toHaveBeenCalled());
    await expect(calls.map((c) => c.body)).toEqual([{ token: 'invite-token-1', password: 'a long enough password' }]);
    forgetDanglingAnnouncements();
  },
};

/** Too short: said at the field, nothing sent. */
export const TooShort: Story = {
  play: async ({ canvasElement }) => {
    await fill(canvasElement, 'short', 'short');
    await expect(await within(canvasElement).findByText(invitePasswordMessages.tooShort)).toBeVisible();
    await expect(calls).toHaveLength(0);
  },
};

/** The two do not match: said at the second field, nothing sent. */
export const Mismatch: Story = {
  play: async ({ canvasElement }) => {
    await fill(canvasElement, 'a long enough password', 'a long enough passw0rd');
    await expect(await within(canvasElement).findByText(invitePasswordMessages.mismatch)).toBeVisible();
    await expect(calls).toHaveLength(0);
  },
};

/** A used or expired link: the server's sentence. */
export const LinkExpired: Story = {
  beforeEach: withStoryMocks(opsMocks.acceptInvite.failure('This invitation link has expired or was used already. Ask an admin for a new one.', 404)),
  play: async ({ canvasElement }) => {
    await fill(canvasElement, 'a long enough password', 'a long enough password');
    await shown(within(canvasElement), 'This invitation link has expired or was used already. Ask an admin for a new one.');
    await expect(accepted).not.toHaveBeenCalled();
  },
};

/** A link without its token: said, and no form. */
export const NoToken: Story = {
  parameters: { router: { initialEntries: ['/ops/invite'] } },
  play: async ({ canvasElement }) => {
    await shown(within(canvasElement), invitePasswordMessages.noToken);
    await expect(within(canvasElement).queryByRole('button', { name: 'Set my password' })).toBeNull();
  },
};
