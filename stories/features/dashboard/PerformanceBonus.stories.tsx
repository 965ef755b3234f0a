import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { PerformanceBonus } from '../../../src/features/dashboard/PerformanceBonus';
import { bonusFixtures } from '../../mocks/dashboard';
import { framed } from '../../../.storybook/helpers';

/** Spec 000 §4, §9: promo banner, progress bar (green at 100% or more), 'Promo Ended', 'Performance Bonus Unlocked!'. */
const meta = {
  title: 'Features/Dashboard/PerformanceBonus',
  component: PerformanceBonus,
  args: { bonus: bonusFixtures.promo, onOptIn: fn() },
  decorators: [framed({ maxWidth: 720 })],
} satisfies Meta<typeof PerformanceBonus>;

export default meta;
type Story = StoryObj<typeof meta>;

const bar = (root: HTMLElement) => within(root).getByRole('progressbar');

/** Before 3 months, not opted in: the promo banner with the rules and the opt-in. */
export const Promo: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: 'New Affiliate Performance Bonus' })).toBeVisible();
    await expect(canvas.getByText(/Earn above \$5,000 in your first 3 months for a \$1,000 bonus/)).toBeVisible();
    await expect(canvas.getByText(/Earn above \$50,000 in your first 3 months for a \$10,000 bonus/)).toBeVisible();
    await expect(canvas.getByText(/December 1, 2026/)).toBeVisible();
    await expect(canvas.queryByRole('progressbar')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Opt In' }));
    await expect(args.onOptIn).toHaveBeenCalledTimes(1);
  },
};

export const OptingIn: Story = { args: { isOptingIn: true } };

export const OptInFailed: Story = {
  args: { optInError: 'The promotion is no longer open to you.' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByRole('alert')).toBeVisible());
  },
};

/** Opted in (flag 185), within 3 months: blue below 100%. */
export const Progress: Story = {
  args: { bonus: bonusFixtures.progress },
  play: async ({ canvasElement }) => {
    await expect(bar(canvasElement)).toHaveAttribute('aria-valuenow', '46.3');
    await expect(bar(canvasElement)).toHaveAttribute('data-tone', 'primary');
    await expect(within(canvasElement).getByText('Tier 1: $2,315.00 of $5,000')).toBeVisible();
  },
};

/** Just after opting in: the opt-in message over the bar. */
export const JustOptedIn: Story = {
  args: { bonus: bonusFixtures.progress, optInMessage: 'You are in! Your progress is shown below.' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByRole('status')).toBeVisible());
  },
};

/** 100% or more: green; the last tier is completed, so no 'Earn above …'. */
export const TargetReached: Story = {
  args: { bonus: bonusFixtures.reached },
  play: async ({ canvas, canvasElement }) => {
    await expect(bar(canvasElement)).toHaveAttribute('data-tone', 'success');
    await expect(canvas.getByText('104.50%')).toBeVisible();
    await expect(canvas.getByText('You completed tier 2: a $10,000 bonus.')).toBeVisible();
    await expect(canvas.queryByText(/Earn above \$50,000 by/)).toBeNull();
  },
};

/** Tier 1 done: working towards $50,000, and tier 1 is mentioned. */
export const TowardsTier2: Story = {
  args: { bonus: bonusFixtures.tier1Done },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Tier 2: $7,100.00 of $50,000')).toBeVisible();
    await expect(canvas.getByText(/^You completed tier 1 \(a \$1,000 bonus\)\. Earn above \$50,000 by .* to unlock tier 2\.$/)).toBeVisible();
  },
};

/** After 3 months, no tier: 'Promo Ended'. */
export const PromoEnded: Story = {
  args: { bonus: bonusFixtures.ended },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'Promo Ended' })).toBeVisible();
  },
};

/** After 3 months with a tier completed. */
export const Unlocked: Story = {
  args: { bonus: bonusFixtures.unlocked },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'Performance Bonus Unlocked!' })).toBeVisible();
    await expect(within(canvasElement).getByText('You completed tier 1: a $1,000 bonus.')).toBeVisible();
    // The promo is over: the bar shows the completed tier, green.
    await expect(within(canvasElement).getByText('Tier 1: $8,000.00 of $5,000')).toBeVisible();
    await expect(bar(canvasElement)).toHaveAttribute('data-tone', 'success');
  },
};

/** Past 4 months, or not opted in after 3: nothing. */
export const Nothing: Story = {
  args: { bonus: bonusFixtures.none },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('section')).toBeNull();
  },
};
