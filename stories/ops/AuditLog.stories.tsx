import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { expectNoHorizontalScroll, forgetDanglingAnnouncements, phone, recordingMocks, screen, shown } from '../../.storybook/helpers';
import { AuditPage } from '../../src/ops/audit/AuditPage';
import { opsMocks, sampleAudit, sampleOperators } from '../mocks/ops';
import { opsFrame } from './opsStory';

/** The audit log, for admins: every operator write with who, when, what, the target and before/after; filters and pages. */
const { calls, spy, withStoryMocks } = recordingMocks({
  defaults: () => [
    opsMocks.operators.answer({ success: true, operators: sampleOperators }),
    opsMocks.audit.answer(({ query }) => ({ success: true, entries: sampleAudit, page: Number(query.page ?? 1), limit: 50, total: 120 }), spy),
  ],
});

const meta = {
  title: 'Ops/AuditLog',
  component: AuditPage,
  parameters: { layout: 'padded' },
  decorators: [opsFrame],
  beforeEach: withStoryMocks(),
} satisfies Meta<typeof AuditPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const table = async (root: HTMLElement) => within(await within(root).findByRole('table', { name: 'Audit entries' }));

/** The newest first, with the before and after folded under each. */
export const Loaded: Story = {
  play: async ({ canvasElement, canvas }) => {
    const t = await table(canvasElement);
    await expect(t.getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['operator.role', 'accessRequest.approve', 'operator.invite']);
    await expect(canvas.getByText('120 entries')).toBeVisible();
    const first = within(t.getAllByRole('row')[1]);
    await expect(first.getByText('Nov 22, 2026, 4:04:10 PM UTC')).toBeVisible();
    await userEvent.click(first.getByText('Before and after'));
    await expect(first.getByLabelText('Before')).toHaveTextContent('"role": "viewer"');
    await expect(first.getByLabelText('After')).toHaveTextContent('"role": "manager"');
  },
};

/** Filters go to the server; the first page of the result is asked for. */
export const Filtered: Story = {
  play: async ({ canvasElement, canvas }) => {
    await table(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /Operator/ }));
    await userEvent.click(within(await screen().findByRole('listbox')).getByRole('option', { name: 'grace@network.example' }));
    await userEvent.type(canvas.getByLabelText(/^Action/), 'accessRequest.approve');
    await userEvent.click(canvas.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ operator_id: '2', action: 'accessRequest.approve', page: '1', limit: '50' }));
    forgetDanglingAnnouncements();
  },
};

/** 120 entries are three pages; the second is asked for. */
export const NextPage: Story = {
  play: async ({ canvasElement, canvas }) => {
    await table(canvasElement);
    await userEvent.click(within(canvas.getByRole('navigation', { name: 'Audit log pages' })).getByRole('button', { name: /2/ }));
    await waitFor(() => expect(calls.at(-1)?.query.page).toBe('2'));
  },
};

/** Nothing matches. */
export const Empty: Story = {
  beforeEach: withStoryMocks(opsMocks.audit.answer({ success: true, entries: [], page: 1, limit: 50, total: 0 })),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No entry matches these filters.')).toBeVisible();
    await expect(canvas.getByText('0 entries')).toBeVisible();
  },
};

/** Waiting for the log. */
export const Loading: Story = {
  beforeEach: withStoryMocks(opsMocks.audit.pending()),
  parameters: { visual: { skip: 'a spinner; its label is checked' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('progressbar', { name: 'Loading the audit log' })).toBeVisible();
  },
};

/** The log did not load: the server's sentence. */
export const LoadFailed: Story = {
  beforeEach: withStoryMocks(opsMocks.audit.failure('from: is not a real date', 400)),
  play: async ({ canvas }) => {
    await shown(canvas, 'from: is not a real date');
  },
};

/** At 375 px: entries as cards, filters one column, nothing scrolls sideways. */
export const Phone: Story = {
  parameters: phone,
  play: async ({ canvasElement }) => {
    await table(canvasElement);
    await expectNoHorizontalScroll(canvasElement);
  },
};
