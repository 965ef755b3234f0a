import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Stepper } from '../../src/ui/Stepper';
import { framed } from '../../.storybook/helpers';

// The registration wizard's seven steps (spec 002; the exact labels per number are ours).
const steps = ['Account', 'Contact', 'Company', 'Traffic', 'Payment', 'Identity', 'Review'];

const meta = {
  title: 'UI/Stepper',
  component: Stepper,
  args: { steps, currentStep: 3, 'aria-label': 'Registration progress' },
  argTypes: { variant: { control: 'inline-radio', options: ['horizontal', 'compact', 'progress'] } },
  decorators: [framed({ maxWidth: 720 })],
} satisfies Meta<typeof Stepper>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Horizontal: Story = {
  args: { variant: 'horizontal' },
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Registration progress' });
    const items = within(list).getAllByRole('listitem');
    await expect(items).toHaveLength(7);
    await expect(items[2]).toHaveAttribute('aria-current', 'step');
    await expect(items[2]).toHaveTextContent('Company');
    await expect(items[0]).toHaveTextContent('Account (completed)');
    await expect(items[1]).toHaveTextContent('Contact (completed)');
    await expect(items[3]).not.toHaveTextContent('completed');
    await expect(items[0].querySelector('svg')).not.toBeNull();
  },
};

export const FirstStep: Story = {
  args: { variant: 'horizontal', currentStep: 1 },
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole('listitem');
    await expect(items[0]).toHaveAttribute('aria-current', 'step');
    await expect(canvasElement.querySelectorAll('[data-state="complete"]')).toHaveLength(0);
  },
};

export const AllComplete: Story = {
  args: { variant: 'horizontal', currentStep: 8 },
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole('listitem');
    for (const item of items) await expect(item).toHaveTextContent('(completed)');
    await expect(canvasElement.querySelector('[aria-current]')).toBeNull();
  },
};

/** For mobile: a segment bar and 'Step n of m: label'. */
export const Compact: Story = {
  args: { variant: 'compact', currentStep: 4 },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Step 4 of 7:')).toBeVisible();
    const list = canvas.getByRole('list', { name: 'Registration progress' });
    await expect(within(list).getAllByRole('listitem')[3]).toHaveAttribute('aria-current', 'step');
  },
};

/** Progress bar mode: width = (step-1)/6 for the seven-step registration (spec 002). */
export const ProgressMode: Story = {
  args: { variant: 'progress', currentStep: 4 },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar', { name: 'Step 4 of 7: Traffic' });
    await expect(bar).toHaveAttribute('aria-valuenow', '50');
    await expect((canvasElement.querySelector('[data-fill]') as HTMLElement).style.width).toBe('50%');
  },
};
