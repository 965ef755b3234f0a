import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { phone, withMocks, type PortalParameters } from '../../../.storybook/helpers';
import { CONNECTION_ERROR } from '../../../src/api/errors';
import { VerifyPage, verifyText } from '../../../src/features/verify/VerifyPage';
import { paths, patterns } from '../../../src/shared/paths';
import { verifyHandlers } from '../../mocks/verify';

/** /verify: the three outcomes of the confirmation link (spec 002 §2, §4), loading and no answer. */
const call = fn();
const meta = {
  title: 'Features/Verify/VerifyPage',
  component: VerifyPage,
  args: { productName: 'MaxBounty', siteId: '1' },
  parameters: { layout: 'fullscreen', ...({ router: { path: patterns.verify, initialEntries: [paths.verify(104217, 'c0ffee')] } } satisfies PortalParameters) },
  beforeEach: () => call.mockClear(),
} satisfies Meta<typeof VerifyPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Status 2: verified; the two remaining steps, the manager card with the affiliate ID, hours and the Eastern time. */
export const Verified: Story = {
  beforeEach: withMocks(verifyHandlers.verified({ onRequest: call })),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: verifyText.verified })).toBeVisible();
    await expect(call).toHaveBeenCalledWith(expect.objectContaining({ query: { i: '104217', e: 'c0ffee' } }));
    const manager = within(canvas.getByLabelText('Your affiliate manager'));
    await expect(manager.getByText('Dana Whitfield')).toBeVisible();
    await expect(manager.getByText('@dana_whitfield')).toBeVisible();
    await expect(manager.getByText('104217')).toBeVisible();
    await expect(canvas.getByText(/Business hours: 9:00 AM-4:00 PM Eastern, Monday to Friday\. It is now 10:42 AM on Tuesday/)).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
  },
};

/** Status 1: the e-mail is confirmed and the account active, with a sign-in link. */
export const Active: Story = {
  beforeEach: withMocks(verifyHandlers.active()),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(verifyText.active)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', paths.root);
  },
};

/** Any other status: the link is invalid. */
export const Invalid: Story = {
  beforeEach: withMocks(verifyHandlers.invalid()),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 1, name: verifyText.invalid })).toBeVisible();
  },
};

/** Waiting for the answer. */
export const Loading: Story = {
  beforeEach: withMocks(verifyHandlers.pending()),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 1, name: verifyText.checking })).toBeVisible();
  },
};

/** No answer: 'Connection error.' and Try again. */
export const NoAnswer: Story = {
  beforeEach: withMocks(verifyHandlers.networkError()),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(CONNECTION_ERROR)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** At 375 px: the manager card and the steps fit. */
export const Phone: Story = {
  parameters: phone,
  beforeEach: withMocks(verifyHandlers.verified()),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1, name: verifyText.verified });
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
