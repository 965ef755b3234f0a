import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AccountMenu } from '../../../src/features/shell/AccountMenu';
import { screen } from './storyUtils';

/** Spec 000 §2: Settings, Account Balances, Global Postback, Logout. */
const meta = {
  title: 'Features/Shell/AccountMenu',
  component: AccountMenu,
  args: { name: 'Jordan Demo', onLogout: fn() },
  decorators: [(Story) => <div style={{ display: 'flex', justifyContent: 'flex-end', minHeight: 260 }}><Story /></div>],
} satisfies Meta<typeof AccountMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};

export const Open: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Account: Jordan Demo' }));
    const items = within(await screen().findByRole('menu')).getAllByRole('menuitem');
    await expect(items.map((i) => i.textContent)).toEqual(['Settings', 'Account Balances', 'Global Postback', 'Logout']);
    await userEvent.keyboard('{ArrowUp}{Enter}');
    await expect(args.onLogout).toHaveBeenCalledTimes(1);
    // The menu closes and focus goes back to the trigger (the screenshot must not race it).
    await waitFor(() => expect(within(canvasElement).getByRole('button', { name: 'Account: Jordan Demo' })).toHaveFocus());
  },
};

export const Compact: Story = {
  args: { compact: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Account' })).toBeVisible();
  },
};
