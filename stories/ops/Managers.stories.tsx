import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { animationsSettled, dialogShown, expectNoHorizontalScroll, forgetDanglingAnnouncements, phone, recordingMocks, screen, shown, wait } from '../../.storybook/helpers';
import type { Manager } from '../../src/api/contract/opsPeople';
import { ManagersPage } from '../../src/ops/managers/ManagersPage';
import { linkMessages, managerMessages } from '../../src/ops/managers/ManagersView';
import { perRender } from '../mocks/http';
import { meAnswer, opsMocks, sampleOperators } from '../mocks/ops';
import { peopleMocks, sampleManagers } from '../mocks/opsPeople';
import { opsFrame } from './opsStory';

/**
 * The affiliate managers (docs/ops-people.md): their contact cards with affiliate counts and linked
 * operator accounts; admins add, edit, deactivate / activate and link operator accounts; a manager
 * operator edits only their own card; a viewer reads.
 */

/** The managers as the server holds them in one render: a change answers with the manager after it, and the list after it. */
const held = perRender(() => ({ managers: structuredClone(sampleManagers) as Manager[] }));
const update = (id: number, change: (m: Manager) => void) => {
  const m = held().managers.find((x) => x.manager_id === id)!;
  change(m);
  return { success: true as const, manager: m };
};

const { calls, spy, withStoryMocks } = recordingMocks({
  defaults: () => [
    opsMocks.me.answer(meAnswer('admin')),
    opsMocks.operators.answer({ success: true, operators: sampleOperators }),
    peopleMocks.managers.answer(() => ({ success: true, managers: held().managers })),
  ],
});

const meta = {
  title: 'Ops/Managers',
  component: ManagersPage,
  parameters: { layout: 'padded' },
  decorators: [opsFrame],
  beforeEach: withStoryMocks(),
} satisfies Meta<typeof ManagersPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const table = async (root: HTMLElement) => within(await within(root).findByRole('table', { name: 'Affiliate managers' }));
const rowOf = async (root: HTMLElement, name: string) => within((await table(root)).getByRole('rowheader', { name }).closest('tr')!);

async function confirmation(name: string) {
  const d = await screen().findByRole('alertdialog', { name });
  await waitFor(() => expect(d).toBeVisible());
  await animationsSettled();
  return within(d);
}

/** Every manager with card, status, affiliates and operator accounts; an admin has every control. */
export const Loaded: Story = {
  play: async ({ canvasElement, canvas }) => {
    const t = await table(canvasElement);
    await expect(t.getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['Jane Doe', 'Sam Lee', 'Old Timer']);
    const jane = await rowOf(canvasElement, 'Jane Doe');
    await expect(jane.getByText('grace@network.example')).toBeVisible();
    await expect(jane.getByText('42')).toBeVisible();
    await expect(await jane.findByRole('button', { name: 'Deactivate Jane Doe' })).toBeVisible();
    const old = await rowOf(canvasElement, 'Old Timer');
    await expect(old.getByText('Deactivated')).toBeVisible();
    await expect(old.getByRole('button', { name: 'Activate Old Timer' })).toBeVisible();
    await expect(old.queryByRole('button', { name: /Link an operator/ })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Add a manager' })).toBeVisible();
  },
};

/** Waiting for the list. */
export const Loading: Story = {
  beforeEach: withStoryMocks(peopleMocks.managers.pending()),
  parameters: { visual: { skip: 'a spinner; its label is checked' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('progressbar', { name: 'Loading the managers' })).toBeVisible();
  },
};

/** No manager yet. */
export const Empty: Story = {
  beforeEach: withStoryMocks(peopleMocks.managers.answer({ success: true, managers: [] })),
  play: async ({ canvas }) => {
    await shown(canvas, 'No affiliate manager yet.');
  },
};

/** The list did not load: the server's sentence and Try again. */
export const LoadFailed: Story = {
  beforeEach: withStoryMocks(peopleMocks.managers.failure('The database is restarting. Please try again in a few seconds.', 503)),
  play: async ({ canvas }) => {
    await shown(canvas, 'The database is restarting. Please try again in a few seconds.');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** Add: the name, a valid address and a Telegram username are checked first; then sent, and the list shows them. */
export const Create: Story = {
  beforeEach: withStoryMocks(
    peopleMocks.createManager.answer(({ body }) => {
      const b = body as { name: string; email: string; phone: string; im_handle: string };
      const manager: Manager = { manager_id: 9, ...b, im_handle: b.im_handle ? `@${b.im_handle.replace(/^@/, '')}` : '', is_active: true, created_at: '2026-11-23T12:00:00.000Z', affiliates: 0, operators: [] };
      held().managers.push(manager);
      return { success: true, manager };
    }, spy),
  ),
  play: async ({ canvasElement, canvas }) => {
    await table(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add a manager' }));
    const dialog = within(await dialogShown('Add a manager'));
    await userEvent.type(dialog.getByLabelText(/^E-mail address/), 'not-an-address');
    await userEvent.type(dialog.getByLabelText(/^Telegram username/), 'ab');
    await userEvent.click(dialog.getByRole('button', { name: 'Add the manager' }));
    await shown(dialog, managerMessages.name);
    await shown(dialog, managerMessages.email);
    await shown(dialog, managerMessages.telegram);
    await expect(calls).toHaveLength(0);
    await userEvent.type(dialog.getByLabelText(/^Name/), 'Rita Costa');
    await userEvent.clear(dialog.getByLabelText(/^E-mail address/));
    await userEvent.type(dialog.getByLabelText(/^E-mail address/), 'rita@network.example');
    await userEvent.clear(dialog.getByLabelText(/^Telegram username/));
    await userEvent.type(dialog.getByLabelText(/^Telegram username/), 'rita_costa');
    await userEvent.click(dialog.getByRole('button', { name: 'Add the manager' }));
    await shown(canvas, 'Rita Costa is added as an affiliate manager.');
    await expect(calls.map((c) => c.body)).toEqual([{ name: 'Rita Costa', email: 'rita@network.example', phone: '', im_handle: 'rita_costa' }]);
    await waitFor(() => expect(screen().queryByRole('dialog')).toBeNull());
    await rowOf(canvasElement, 'Rita Costa');
    forgetDanglingAnnouncements();
  },
};

/** The server refuses the card (its phone rule): its sentence in the dialog, which stays open. */
export const CreateRefused: Story = {
  beforeEach: withStoryMocks(peopleMocks.createManager.failure('Enter a valid phone number with its country code, e.g. +1 415 555 0134.', 400)),
  play: async ({ canvasElement, canvas }) => {
    await table(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add a manager' }));
    const dialog = within(await dialogShown('Add a manager'));
    await userEvent.type(dialog.getByLabelText(/^Name/), 'Rita Costa');
    await userEvent.type(dialog.getByLabelText(/^E-mail address/), 'rita@network.example');
    await userEvent.type(dialog.getByLabelText(/^Phone/), '12');
    await userEvent.click(dialog.getByRole('button', { name: 'Add the manager' }));
    await shown(dialog, 'Enter a valid phone number with its country code, e.g. +1 415 555 0134.');
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Add the manager' })).not.toHaveAttribute('aria-disabled'));
    forgetDanglingAnnouncements();
  },
};

/** Edit sends only the fields that changed. */
export const Edit: Story = {
  beforeEach: withStoryMocks(peopleMocks.editManager.answer(({ params, body }) => update(Number(params.id), (m) => Object.assign(m, body)), spy)),
  play: async ({ canvasElement, canvas }) => {
    const sam = await rowOf(canvasElement, 'Sam Lee');
    await userEvent.click(await sam.findByRole('button', { name: 'Edit Sam Lee' }));
    const dialog = within(await dialogShown('Edit Sam Lee'));
    await expect(dialog.getByLabelText(/^E-mail address/)).toHaveValue('sam@network.example');
    await userEvent.type(dialog.getByLabelText(/^Phone/), '+1 415 555 0199');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await shown(canvas, "Sam Lee's card is saved.");
    await expect(calls.map((c) => [c.params.id, c.body])).toEqual([['2', { phone: '+1 415 555 0199' }]]);
    await waitFor(() => expect(screen().queryByRole('dialog')).toBeNull());
    await expect((await rowOf(canvasElement, 'Sam Lee')).getByText('+1 415 555 0199')).toBeVisible();
    forgetDanglingAnnouncements();
  },
};

/** The server refuses the edit: its sentence in the dialog. */
export const EditRefused: Story = {
  beforeEach: withStoryMocks(peopleMocks.editManager.failure('Another manager has the e-mail address jane@network.example.', 400)),
  play: async ({ canvasElement }) => {
    const sam = await rowOf(canvasElement, 'Sam Lee');
    await userEvent.click(await sam.findByRole('button', { name: 'Edit Sam Lee' }));
    const dialog = within(await dialogShown('Edit Sam Lee'));
    await userEvent.clear(dialog.getByLabelText(/^E-mail address/));
    await userEvent.type(dialog.getByLabelText(/^E-mail address/), 'jane@network.example');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await shown(dialog, 'Another manager has the e-mail address jane@network.example.');
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Save' })).not.toHaveAttribute('aria-disabled'));
    forgetDanglingAnnouncements();
  },
};

/** Deactivate asks first; the manager is then shown deactivated. */
export const Deactivate: Story = {
  beforeEach: withStoryMocks(peopleMocks.deactivateManager.answer(({ params }) => update(Number(params.id), (m) => (m.is_active = false)), spy)),
  play: async ({ canvasElement, canvas }) => {
    const sam = await rowOf(canvasElement, 'Sam Lee');
    await userEvent.click(await sam.findByRole('button', { name: 'Deactivate Sam Lee' }));
    const dialog = await confirmation('Deactivate Sam Lee?');
    await expect(dialog.getByText(/Their affiliates stay theirs/)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Deactivate' }));
    await shown(canvas, 'Sam Lee is deactivated: no new publishers are given to them.');
    await expect(calls.map((c) => c.params.id)).toEqual(['2']);
    await waitFor(async () => expect((await rowOf(canvasElement, 'Sam Lee')).getByText('Deactivated')).toBeVisible());
  },
};

/** Activate a deactivated manager again. */
export const Activate: Story = {
  beforeEach: withStoryMocks(peopleMocks.activateManager.answer(({ params }) => update(Number(params.id), (m) => (m.is_active = true)), spy)),
  play: async ({ canvasElement, canvas }) => {
    const old = await rowOf(canvasElement, 'Old Timer');
    await userEvent.click(await old.findByRole('button', { name: 'Activate Old Timer' }));
    await userEvent.click((await confirmation('Activate Old Timer?')).getByRole('button', { name: 'Activate' }));
    await shown(canvas, 'Old Timer is active again.');
    await expect(calls.map((c) => c.params.id)).toEqual(['3']);
    await waitFor(async () => expect((await rowOf(canvasElement, 'Old Timer')).getByRole('button', { name: 'Deactivate Old Timer' })).toBeVisible());
  },
};

/** The server refuses: its sentence. */
export const DeactivateRefused: Story = {
  beforeEach: withStoryMocks(peopleMocks.deactivateManager.failure('There is no affiliate manager 2.', 404)),
  play: async ({ canvasElement, canvas }) => {
    const sam = await rowOf(canvasElement, 'Sam Lee');
    await userEvent.click(await sam.findByRole('button', { name: 'Deactivate Sam Lee' }));
    await userEvent.click((await confirmation('Deactivate Sam Lee?')).getByRole('button', { name: 'Deactivate' }));
    await shown(canvas, 'There is no affiliate manager 2.');
  },
};

/** Link an operator account: one must be chosen; then it is sent and the row lists it. */
export const LinkOperator: Story = {
  beforeEach: withStoryMocks(
    peopleMocks.link.answer(({ params, body }) => {
      const o = sampleOperators.find((x) => String(x.operator_id) === params.id)!;
      const managerId = (body as { manager_id: number }).manager_id;
      update(managerId, (m) => m.operators.push({ operator_id: o.operator_id, email: o.email }));
      return { success: true, operator: { operator_id: o.operator_id, email: o.email, role: o.role, manager: { manager_id: managerId, name: 'Sam Lee' } } };
    }, spy),
  ),
  play: async ({ canvasElement, canvas }) => {
    const sam = await rowOf(canvasElement, 'Sam Lee');
    await userEvent.click(await sam.findByRole('button', { name: 'Link an operator to Sam Lee' }));
    const dialog = within(await dialogShown('Link an operator to Sam Lee'));
    await userEvent.click(dialog.getByRole('button', { name: 'Link' }));
    await shown(dialog, linkMessages.choose);
    await userEvent.click(dialog.getByRole('button', { name: /Operator account/ }));
    const options = within(await screen().findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    // A disabled account is not offered.
    await expect(options).toEqual(['ada@network.example (admin)', 'grace@network.example (manager)', 'linus@network.example (finance)']);
    await userEvent.click(within(screen().getByRole('listbox')).getByRole('option', { name: 'grace@network.example (manager)' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Link' }));
    await shown(canvas, 'grace@network.example now acts as Sam Lee.');
    await expect(calls.map((c) => [c.params.id, c.body])).toEqual([['2', { manager_id: 2 }]]);
    await waitFor(() => expect(screen().queryByRole('dialog')).toBeNull());
    await waitFor(async () => expect((await rowOf(canvasElement, 'Sam Lee')).getByText('grace@network.example')).toBeVisible());
    forgetDanglingAnnouncements();
  },
};

/** The server refuses the link: its sentence in the dialog. */
export const LinkOperatorRefused: Story = {
  beforeEach: withStoryMocks(peopleMocks.link.failure('Sam Lee is deactivated: only an active affiliate manager can be linked.', 409)),
  play: async ({ canvasElement }) => {
    const sam = await rowOf(canvasElement, 'Sam Lee');
    await userEvent.click(await sam.findByRole('button', { name: 'Link an operator to Sam Lee' }));
    const dialog = within(await dialogShown('Link an operator to Sam Lee'));
    await userEvent.click(dialog.getByRole('button', { name: /Operator account/ }));
    await userEvent.click(within(await screen().findByRole('listbox')).getByRole('option', { name: 'linus@network.example (finance)' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Link' }));
    await shown(dialog, 'Sam Lee is deactivated: only an active affiliate manager can be linked.');
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Link' })).not.toHaveAttribute('aria-disabled'));
    forgetDanglingAnnouncements();
  },
};

/** Unlink asks first and sends null. */
export const Unlink: Story = {
  beforeEach: withStoryMocks(
    peopleMocks.link.answer(() => {
      update(1, (m) => (m.operators = []));
      return { success: true, operator: { operator_id: 2, email: 'grace@network.example', role: 'manager', manager: null } };
    }, spy),
  ),
  play: async ({ canvasElement, canvas }) => {
    const jane = await rowOf(canvasElement, 'Jane Doe');
    await userEvent.click(await jane.findByRole('button', { name: 'Unlink grace@network.example from Jane Doe' }));
    await userEvent.click((await confirmation('Unlink grace@network.example from Jane Doe?')).getByRole('button', { name: 'Unlink' }));
    await shown(canvas, 'grace@network.example no longer acts as Jane Doe.');
    await expect(calls.map((c) => [c.params.id, c.body])).toEqual([['2', { manager_id: null }]]);
    await waitFor(async () => expect((await rowOf(canvasElement, 'Jane Doe')).queryByText('grace@network.example')).toBeNull());
  },
};

/** A manager operator (grace, linked to Jane Doe): edits only their own card; no add, deactivate or link. */
export const ManagerOperator: Story = {
  beforeEach: withStoryMocks(opsMocks.me.answer({ ...meAnswer('manager'), operator: { operator_id: 2, email: 'grace@network.example', role: 'manager' } })),
  play: async ({ canvasElement, canvas }) => {
    const jane = await rowOf(canvasElement, 'Jane Doe');
    await waitFor(() => expect(jane.getByRole('button', { name: 'Edit Jane Doe' })).toBeVisible());
    await expect((await rowOf(canvasElement, 'Sam Lee')).queryByRole('button')).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Add a manager|Deactivate|Activate|Link|Unlink/ })).toBeNull();
  },
};

/** A viewer reads the list without a control. */
export const Viewer: Story = {
  beforeEach: withStoryMocks(opsMocks.me.answer(meAnswer('viewer'), spy)),
  play: async ({ canvasElement, canvas }) => {
    await table(canvasElement);
    // The role has come (the controls would show by now).
    await waitFor(() => expect(calls).toHaveLength(1));
    await wait(200);
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** At 375 px: each manager is a card, nothing scrolls sideways. */
export const Phone: Story = {
  parameters: phone,
  play: async ({ canvasElement }) => {
    await table(canvasElement);
    await expectNoHorizontalScroll(canvasElement);
  },
};
