import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AccountMenu } from '../../../src/features/shell/AccountMenu';
import { storageKeys } from '../../../src/lib/storageKeys';
import { paths } from '../../../src/shared/paths';
import { screen, framed } from '../../../.storybook/helpers';

/** Spec 000 §2: Settings, Account Balances, Global Postback, Logout. */
const meta = {
  title: 'Features/Shell/AccountMenu',
  component: AccountMenu,
  args: { name: 'Jordan Demo', onLogout: fn() },
  decorators: [framed({ display: 'flex', justifyContent: 'flex-end', minHeight: 420 })],
} satisfies Meta<typeof AccountMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};

export const Open: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Account: Jordan Demo' }));
    const items = within(await screen().findByRole('menu')).getAllByRole('menuitem');
    await expect(items.map((i) => i.textContent)).toEqual(['Settings', 'Account Balances', 'Global Postback', 'Logout']);
    await expect(items[0]).toHaveAttribute('href', paths.settings);
    await expect(items[1]).toHaveAttribute('href', paths.accountBalance);
    await expect(items[2]).toHaveAttribute('href', paths.globalPostback);
    await userEvent.keyboard('{ArrowUp}{Enter}');
    await expect(args.onLogout).toHaveBeenCalledTimes(1);
    // The menu closes and focus goes back to the trigger (the screenshot must not race it).
    await waitFor(() => expect(within(canvasElement).getByRole('button', { name: 'Account: Jordan Demo' })).toHaveFocus());
  },
};

/** The theme (System, Light, Dark) is chosen here and remembered on the device. */
export const ThemeChoice: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Account: Jordan Demo' });
    await userEvent.click(trigger);
    let menu = await screen().findByRole('menu');
    const theme = within(menu).getByRole('group', { name: 'Theme' });
    const choices = within(theme).getAllByRole('menuitemradio');
    await expect(choices.map((c) => c.textContent)).toEqual(['System', 'Light', 'Dark']);
    await expect(within(theme).getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(within(theme).getByRole('menuitemradio', { name: 'Dark' }));
    await expect(localStorage.getItem(storageKeys.theme)).toBe('dark');
    await waitFor(() => expect(screen().queryByRole('menu')).toBeNull());
    // Opened again, the menu shows the choice; System forgets it.
    await userEvent.click(trigger);
    menu = await screen().findByRole('menu');
    await expect(within(menu).getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'System' }));
    await expect(localStorage.getItem(storageKeys.theme)).toBeNull();
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const Compact: Story = {
  args: { compact: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Account' })).toBeVisible();
  },
};
