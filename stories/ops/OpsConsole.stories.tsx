import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { expectNoHorizontalScroll, forgetDanglingAnnouncements, mocksWith, phone, shown } from '../../.storybook/helpers';
import type { OperatorRole } from '../../src/api/contract/roles';
import { SESSION_ENDED, OpsRoutes } from '../../src/ops/OpsApp';
import { areasFor, opsAreas } from '../../src/ops/areas';
import { OverviewPage } from '../../src/ops/home/OverviewPage';
import { storeOperatorSession } from '../../src/ops/api/session';
import { meAnswer, opsMocks, sampleAudit, sampleOperators, STORY_OPERATOR } from '../mocks/ops';
import { opsFrame } from './opsStory';

/**
 * The back office as an operator opens it (src/ops/OpsApp.tsx): the shell with the areas of their
 * role, the overview, and what happens when the session ends or they sign out. The stored session
 * is the one a sign-in leaves (src/ops/api/session.ts).
 */
const signedInAs = (role: OperatorRole) => () =>
  storeOperatorSession({ token: 'ops-story-token', expiresAt: '2099-01-01T00:00:00.000Z', operator: { operatorId: STORY_OPERATOR.operator_id, email: STORY_OPERATOR.email, role } });

const withStoryMocks = (role: OperatorRole) =>
  mocksWith({
    before: signedInAs(role),
    defaults: () => [
      opsMocks.me.answer(meAnswer(role)),
      opsMocks.signOut.answer({ success: true }),
      opsMocks.operators.answer({ success: true, operators: sampleOperators }),
      opsMocks.audit.answer({ success: true, entries: sampleAudit, page: 1, limit: 50, total: sampleAudit.length }),
    ],
  });

const meta = {
  title: 'Ops/Console',
  component: OpsRoutes,
  parameters: { layout: 'fullscreen', router: { initialEntries: ['/ops'] } },
  decorators: [opsFrame],
  beforeEach: withStoryMocks('admin')(),
} satisfies Meta<typeof OpsRoutes>;
export default meta;
type Story = StoryObj<typeof meta>;

const nav = (root: HTMLElement) => within(within(root).getByRole('navigation', { name: 'Back office' }));

/** An admin: every area in the navigation and on the overview; the nav opens one. */
export const Admin: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(canvas.getByText(/Signed in as ada@network\.example \(Admin\)/)).toBeVisible();
    await expect(nav(canvasElement).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    // Every area found in src/ops, in their order; the admins' own among them.
    const labels = areasFor('admin').map((a) => a.label);
    await expect(labels).toEqual(opsAreas.map((a) => a.label));
    await expect(labels).toEqual(expect.arrayContaining(['Operators', 'Audit log']));
    await expect(nav(canvasElement).getAllByRole('link').map((a) => a.textContent)).toEqual(['Overview', ...labels]);
    await expect(within(canvas.getByRole('list', { name: 'Areas' })).getAllByRole('link').map((a) => a.textContent)).toEqual(labels);
    await userEvent.click(nav(canvasElement).getByRole('link', { name: 'Operators' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Operators' })).toBeVisible();
    await expect(nav(canvasElement).getByRole('link', { name: 'Operators' })).toHaveAttribute('aria-current', 'page');
    await expect(await canvas.findByRole('table', { name: 'Operators' })).toBeVisible();
  },
};

/** A viewer: the admins' areas are not offered, and their addresses lead back to the overview. */
export const Viewer: Story = {
  beforeEach: withStoryMocks('viewer')(),
  parameters: { router: { initialEntries: ['/ops/operators'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(canvas.getByText(/You can read everything your areas show, and change nothing\./)).toBeVisible();
    const labels = areasFor('viewer').map((a) => a.label);
    await expect(labels).not.toContain('Operators');
    await expect(labels).not.toContain('Audit log');
    await expect(nav(canvasElement).getAllByRole('link').map((a) => a.textContent)).toEqual(['Overview', ...labels]);
  },
};

/** The server no longer knows the stored token: back to the sign-in, saying why. */
export const SessionEnded: Story = {
  beforeEach: withStoryMocks('admin')(opsMocks.me.failure('Your operator session has expired. Please sign in again.', 401)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Back office sign-in' })).toBeVisible();
    await shown(canvas, SESSION_ENDED);
    await expect(localStorage.getItem('ops-session')).toBeNull();
  },
};

/** Sign out: the session ends on the server and here; the sign-in says so. */
export const SignOut: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Sign out' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Back office sign-in' })).toBeVisible();
    await shown(canvas, 'You are signed out.');
    await waitFor(() => expect(localStorage.getItem('ops-session')).toBeNull());
    forgetDanglingAnnouncements();
  },
};

/** At 375 px: the header wraps, the navigation scrolls within itself, the keyboard reaches every link. */
export const Phone: Story = {
  parameters: phone,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expectNoHorizontalScroll(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: /back office$/ })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Sign out' })).toHaveFocus();
    await userEvent.tab();
    await expect(nav(canvasElement).getByRole('link', { name: 'Overview' })).toHaveFocus();
  },
};

/** A role no area is open to (none today; the overview says so rather than showing an empty list). */
export const NoAreas: StoryObj<typeof OverviewPage> = {
  render: () => <OverviewPage email="new.role@network.example" role="viewer" areas={[]} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/No area of the back office is open to your role yet/)).toBeVisible();
    await expect(canvas.queryByRole('list', { name: 'Areas' })).toBeNull();
  },
};
