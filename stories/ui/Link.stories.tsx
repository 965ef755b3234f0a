import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Link } from '../../src/ui/Link';

const meta = {
  title: 'UI/Link',
  component: Link,
  args: { href: '/forgot', children: 'Forgot your password?' },
} satisfies Meta<typeof Link>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot');
  },
};
export const Subtle: Story = { args: { variant: 'subtle', href: '/dashboard', children: 'Dashboard' } };
export const External: Story = {
  args: { external: true, href: 'https://example.com/blog', children: 'Blog' },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: /Blog/ });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  },
};
export const Disabled: Story = { args: { isDisabled: true } };
