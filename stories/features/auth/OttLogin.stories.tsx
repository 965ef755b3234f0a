import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { OttLogin } from '../../../src/features/auth/OttLogin';

const token = 'ab'.repeat(32);

const meta = {
  title: 'Features/Auth/OttLogin',
  component: OttLogin,
  args: { onDone: fn(), clearCookie: fn() },
  beforeEach() {
    localStorage.clear();
    return () => localStorage.clear();
  },
} satisfies Meta<typeof OttLogin>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The handoff cookies are read, stored as a full session and removed; then the root is opened. */
export const WithCookies: Story = {
  args: { cookies: () => `mb-auth-token=${token}; mb-aid=1001; other=1` },
  play: async ({ canvasElement, args }) => {
    await expect(within(canvasElement).getByRole('progressbar', { name: 'Logging in' })).toBeVisible();
    // Spec 002 §2: 'Logging in' in words, not only as the spinner's name.
    await expect(within(canvasElement).getByText('Logging in')).toBeVisible();
    await waitFor(() => expect(args.onDone).toHaveBeenCalledTimes(1));
    await expect(localStorage.getItem('mb-auth-token')).toBe(token);
    await expect(localStorage.getItem('mb-aid')).toBe('1001');
    await expect(localStorage.getItem('mb-t')).toMatch(/^[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/);
    await expect(args.clearCookie).toHaveBeenCalledWith('mb-auth-token');
  },
};

/** Without the cookies nothing is stored and the root (the login screen) opens. */
export const WithoutCookies: Story = {
  args: { cookies: () => '' },
  play: async ({ args }) => {
    await waitFor(() => expect(args.onDone).toHaveBeenCalledTimes(1));
    await expect(localStorage.getItem('mb-auth-token')).toBeNull();
  },
};
