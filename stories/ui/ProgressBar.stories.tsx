import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ProgressBar } from '../../src/ui/ProgressBar';
import { framed } from '../../.storybook/helpers';

const meta = {
  title: 'UI/ProgressBar',
  component: ProgressBar,
  args: { label: 'Performance bonus progress', value: 35 },
  decorators: [framed({ maxWidth: 420 })],
  argTypes: { tone: { control: 'inline-radio', options: ['auto', 'primary', 'success', 'warning', 'danger'] } },
} satisfies Meta<typeof ProgressBar>;

export default meta;
type Story = StoryObj<typeof meta>;

const fill = (el: HTMLElement) => el.querySelector('[data-fill]') as HTMLElement;

export const Zero: Story = {
  args: { value: 0 },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar', { name: 'Performance bonus progress' });
    await expect(bar).toHaveAttribute('aria-valuenow', '0');
    await expect(fill(canvasElement).style.width).toBe('0%');
  },
};

export const ThirtyFive: Story = {
  args: { value: 35 },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar');
    await expect(bar).toHaveAttribute('aria-valuetext', '35%');
    await expect(fill(canvasElement)).toHaveAttribute('data-tone', 'primary');
  },
};

/** Just below the target: still blue (spec 000: green at 100% or more, blue below). */
export const NinetyNine: Story = {
  args: { value: 99 },
  play: async ({ canvasElement }) => {
    await expect(fill(canvasElement)).toHaveAttribute('data-tone', 'primary');
  },
};

export const Hundred: Story = {
  args: { value: 100 },
  play: async ({ canvasElement }) => {
    await expect(fill(canvasElement)).toHaveAttribute('data-tone', 'success');
    await expect(fill(canvasElement).style.width).toBe('100%');
  },
};

/** Above the target: shown full and green, the text keeps the real figure. */
export const OverTarget: Story = {
  args: { value: 140 },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar');
    await expect(bar).toHaveAttribute('aria-valuetext', '140%');
    await expect(within(canvasElement).getByText('140%')).toBeVisible();
    await expect(fill(canvasElement).style.width).toBe('100%');
    await expect(fill(canvasElement)).toHaveAttribute('data-tone', 'success');
  },
};

/** The label is visually hidden but still names the progress bar. */
export const LabelHidden: Story = {
  args: { value: 60, isLabelHidden: true },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar', { name: 'Performance bonus progress' });
    await expect(bar).toBeInTheDocument();
  },
};

export const Thresholds: Story = {
  args: {
    label: 'Referrals toward the $100 bonus',
    value: 3,
    maxValue: 10,
    formatOptions: { style: 'decimal' },
    valueLabel: '3 of 10',
    thresholds: [
      { min: 0, tone: 'danger' },
      { min: 3, tone: 'warning' },
      { min: 7, tone: 'primary' },
      { min: 10, tone: 'success' },
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(fill(canvasElement)).toHaveAttribute('data-tone', 'warning');
    await expect(fill(canvasElement).style.width).toBe('30%');
  },
};

export const Small: Story = { args: { size: 'sm', value: 50 } };
