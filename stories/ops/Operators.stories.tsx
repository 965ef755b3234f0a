import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { animationsSettled, dialogShown, expectNoHorizontalScroll, forgetDanglingAnnouncements, phone, recordingMocks, screen, shown } from '../../.storybook/helpers';
import { OperatorsPage } from '../../src/ops/operators/OperatorsPage';
import { inviteMessages } from '../../src/ops/operators/OperatorsView';
import { meAnswer, opsMocks, sampleOperators } from '../mocks/ops';
import { opsFrame } from './opsStory';

/**
 * The operators' accounts, for admins (docs/operators.md): invite by e-mail with a role, change a
 * role, disable (not oneself), reset; the server's sentence when it refuses (the last admin).
 */
const { calls, spy, withStoryMocks } = recordingMocks({
  defaults: () => [opsMocks.me.answer(meAnswer('admin')), opsMocks.operators.answer({ success: true, operators: sampleOperators })],
});

const meta = {
  title: 'Ops/Operators',
  component: OperatorsPage,
  parameters: { layout: 'padded' },
  decorators: [opsFrame],
  beforeEach: withStoryMocks(),
} satisfies Meta<typeof OperatorsPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The confirmation (an alertdialog), once shown. */
async function confirmation(name: string) {
  const d = await screen().findByRole('alertdialog', { name });
  await waitFor(() => expect(d).toBeVisible());
  await animationsSettled();
  return within(d);
}

const table = async (root: HTMLElement) => within(await within(root).findByRole('table', { name: 'Operators' }));
const rowOf = async (root: HTMLElement, email: string) => within((await table(root)).getByRole('rowheader', { name: email }).closest('tr')!);

/** Every operator with role, status and authenticator; no Disable on one's own row nor on a disabled one. */
export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const t = await table(canvasElement);
    await expect(t.getAllByRole('rowheader').map((c) => c.textContent)).toEqual(sampleOperators.map((o) => o.email));
    const self = await rowOf(canvasElement, 'ada@network.example');
    await expect(self.queryByRole('button', { name: /Disable/ })).toBeNull();
    const invited = await rowOf(canvasElement, 'linus@network.example');
    await expect(invited.getByText('Invited')).toBeVisible();
    await expect(invited.getByText('Not yet')).toBeVisible();
    const gone = await rowOf(canvasElement, 'old.viewer@network.example');
    await expect(gone.getByText('Disabled')).toBeVisible();
    await expect(gone.queryByRole('button', { name: /Disable/ })).toBeNull();
  },
};

/** Waiting for the list. */
export const Loading: Story = {
  beforeEach: withStoryMocks(opsMocks.operators.pending()),
  parameters: { visual: { skip: 'a spinner; its label is checked' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('progressbar', { name: 'Loading the operators' })).toBeVisible();
  },
};

/** The list did not load: the server's sentence and Try again. */
export const LoadFailed: Story = {
  beforeEach: withStoryMocks(opsMocks.operators.failure('The database is restarting. Please try again in a few seconds.', 503)),
  play: async ({ canvas }) => {
    await shown(canvas, 'The database is restarting. Please try again in a few seconds.');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** Invite: a wrong address is said in the field; a right one sends the invitation and says until when its link works. */
export const Invite: Story = {
  beforeEach: withStoryMocks(
    opsMocks.invite.answer(
      ({ body }) => ({
        success: true,
        operator: { operator_id: 9, email: (body as { email: string }).email, role: (body as { role: 'manager' }).role, status: 'invited', authenticator: false, created_at: '2026-11-23T12:00:00.000Z', disabled_at: null },
        invite_expires_at: '2026-11-26T12:00:00.000Z',
      }),
      spy,
    ),
  ),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Invite an operator' }));
    const dialog = within(await dialogShown('Invite an operator'));
    await userEvent.type(dialog.getByLabelText(/E-mail address/), 'not-an-address');
    await userEvent.click(dialog.getByRole('button', { name: 'Send the invitation' }));
    await expect(await dialog.findByText(inviteMessages.email)).toBeVisible();
    await expect(calls).toHaveLength(0);
    await userEvent.clear(dialog.getByLabelText(/E-mail address/));
    await userEvent.type(dialog.getByLabelText(/E-mail address/), 'new.manager@network.example');
    await userEvent.click(dialog.getByRole('button', { name: /Role/ }));
    await userEvent.click(within(await screen().findByRole('listbox')).getByRole('option', { name: 'Manager' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Send the invitation' }));
    await shown(canvas, /The invitation is on its way to new\.manager@network\.example\. Its link works until Nov 26, 2026, 12:00 PM UTC\./);
    await expect(calls.map((c) => c.body)).toEqual([{ email: 'new.manager@network.example', role: 'manager' }]);
    await waitFor(() => expect(screen().queryByRole('dialog')).toBeNull());
    forgetDanglingAnnouncements();
  },
};

/** The server refuses the invitation (the address is an operator already): its sentence in the dialog, which stays open. */
export const InviteRefused: Story = {
  beforeEach: withStoryMocks(opsMocks.invite.failure('grace@network.example is an operator already.', 409)),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Invite an operator' }));
    const dialog = within(await dialogShown('Invite an operator'));
    await userEvent.type(dialog.getByLabelText(/E-mail address/), 'grace@network.example');
    await userEvent.click(dialog.getByRole('button', { name: 'Send the invitation' }));
    await shown(dialog, 'grace@network.example is an operator already.');
  },
};

/** A new role from the row's list: sent, and said. */
export const ChangeRole: Story = {
  beforeEach: withStoryMocks(opsMocks.role.answer(({ body }) => ({ success: true, operator: { ...sampleOperators[1], role: (body as { role: 'viewer' }).role } }), spy)),
  play: async ({ canvasElement, canvas }) => {
    const row = await rowOf(canvasElement, 'grace@network.example');
    await userEvent.click(row.getByRole('button', { name: /Role of grace@network\.example/ }));
    await userEvent.click(within(await screen().findByRole('listbox')).getByRole('option', { name: 'Viewer' }));
    await shown(canvas, 'grace@network.example is now viewer.');
    await expect(calls.map((c) => [c.params.id, c.body])).toEqual([['2', { role: 'viewer' }]]);
    // The list gives focus back to its button once it has closed: the screenshot waits for it.
    await waitFor(() => expect(row.getByRole('button', { name: /Role of/ })).toHaveFocus());
    forgetDanglingAnnouncements();
  },
};

/** Disable asks first; then the operator is disabled and signed out. */
export const Disable: Story = {
  beforeEach: withStoryMocks(opsMocks.disable.answer({ success: true, operator: { ...sampleOperators[1], status: 'disabled', disabled_at: '2026-11-23T12:00:00.000Z' } }, spy)),
  play: async ({ canvasElement, canvas }) => {
    const row = await rowOf(canvasElement, 'grace@network.example');
    await userEvent.click(row.getByRole('button', { name: 'Disable grace@network.example' }));
    const dialog = await confirmation('Disable grace@network.example?');
    await expect(dialog.getByText(/signed out at once/)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Disable' }));
    await shown(canvas, 'grace@network.example is disabled and signed out.');
    await expect(calls.map((c) => c.params.id)).toEqual(['2']);
  },
};

/** Cancel leaves everything as it was. */
export const DisableCancelled: Story = {
  beforeEach: withStoryMocks(opsMocks.disable.answer({ success: true, operator: sampleOperators[1] }, spy)),
  play: async ({ canvasElement }) => {
    const row = await rowOf(canvasElement, 'grace@network.example');
    await userEvent.click(row.getByRole('button', { name: 'Disable grace@network.example' }));
    const dialog = await confirmation('Disable grace@network.example?');
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen().queryByRole('alertdialog')).toBeNull());
    await expect(calls).toHaveLength(0);
  },
};

/** Reset: the server ends the sessions and e-mails a new link. */
export const Reset: Story = {
  beforeEach: withStoryMocks(opsMocks.reset.answer({ success: true, operator: { ...sampleOperators[2] }, invite_expires_at: '2026-11-26T12:00:00.000Z' })),
  play: async ({ canvasElement, canvas }) => {
    const row = await rowOf(canvasElement, 'linus@network.example');
    await userEvent.click(row.getByRole('button', { name: 'Reset linus@network.example' }));
    const dialog = await confirmation('Reset linus@network.example?');
    await userEvent.click(dialog.getByRole('button', { name: 'Reset and e-mail a new link' }));
    await shown(canvas, 'linus@network.example is reset; a new invitation link is on its way.');
  },
};

/** The last active admin keeps their role: the server's sentence. */
export const LastAdminRefused: Story = {
  beforeEach: withStoryMocks(opsMocks.role.failure('The network needs at least one active admin: make another operator an admin first.', 409)),
  play: async ({ canvasElement, canvas }) => {
    const row = await rowOf(canvasElement, 'ada@network.example');
    await userEvent.click(row.getByRole('button', { name: /Role of ada@network\.example/ }));
    await userEvent.click(within(await screen().findByRole('listbox')).getByRole('option', { name: 'Viewer' }));
    await shown(canvas, 'The network needs at least one active admin: make another operator an admin first.');
    // The list gives focus back to its button once it has closed: the screenshot waits for it.
    await waitFor(() => expect(row.getByRole('button', { name: /Role of/ })).toHaveFocus());
    forgetDanglingAnnouncements();
  },
};

/** At 375 px: each operator is a card, nothing scrolls sideways. */
export const Phone: Story = {
  parameters: phone,
  play: async ({ canvasElement }) => {
    await table(canvasElement);
    await expectNoHorizontalScroll(canvasElement);
  },
};
