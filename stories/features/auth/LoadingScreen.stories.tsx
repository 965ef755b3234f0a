import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { LoadingScreen } from '../../../src/features/auth/LoadingScreen';

/** Spec 002 §2: shown while authentication is being established. */
const meta = {
  title: 'Features/Auth/LoadingScreen',
  component: LoadingScreen,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof LoadingScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar', { name: 'Loading' })).toBeVisible();
  },
};

export const CustomLabel: Story = {
  args: { label: 'Signing you in' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar', { name: 'Signing you in' })).toBeVisible();
  },
};
