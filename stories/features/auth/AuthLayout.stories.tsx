import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AuthLayout } from '../../../src/components/auth/AuthLayout';

/** The frame of every signed-out screen: logo, a card with the heading, the footer with the site id (spec 002 §2). */
const meta = {
  title: 'Features/Auth/AuthLayout',
  component: AuthLayout,
  args: {
    title: 'Sign in',
    productName: 'Publisher Portal',
    siteId: '1',
    children: <p style={{ margin: 0 }}>The screen&apos;s content goes here.</p>,
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof AuthLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const main = canvas.getByRole('main');
    await expect(within(main).getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(within(main).getByText("The screen's content goes here.")).toBeVisible();
    // The footer carries the product name and the site id from configuration.
    await expect(canvas.getByRole('contentinfo')).toHaveTextContent('Publisher Portal · Site ID 1');
  },
};

export const LongTitle: Story = {
  args: { title: 'Please verify your account', siteId: '27' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Please verify your account' })).toBeVisible();
    await expect(canvas.getByRole('contentinfo')).toHaveTextContent('Site ID 27');
  },
};
