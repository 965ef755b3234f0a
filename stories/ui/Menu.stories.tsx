import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within, type Mock } from 'storybook/test';
import { Button } from '../../src/ui/Button';
import { Icon } from '../../src/ui/Icon';
import { Menu, MenuItem, MenuSection, MenuSeparator, MenuTrigger } from '../../src/ui/Menu';
import { framed } from '../../.storybook/helpers';

const body = () => within(document.body);
/** The key passed to the last `onAction` call. */
const chosen = (spy: unknown) => (spy as Mock).mock.lastCall?.[0];

const meta = {
  title: 'UI/Menu',
  component: Menu,
  args: { onAction: fn() },
  parameters: { layout: 'padded' },
  decorators: [framed({ minHeight: 360, display: 'flex', justifyContent: 'flex-end', alignItems: 'flex-start' })],
} satisfies Meta<typeof Menu>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The account menu of the top bar (spec 000): Settings, Account Balances, Global Postback, Logout. */
export const AccountMenu: Story = {
  render: (args) => (
    <MenuTrigger>
      <Button variant="secondary">
        <Icon name="user" /> Account <Icon name="chevronDown" />
      </Button>
      <Menu {...args} aria-label="Account">
        <MenuItem id="settings" href="/settings">Settings</MenuItem>
        <MenuItem id="balances" href="/accountBalance">Account Balances</MenuItem>
        <MenuItem id="postback" href="/globalPostback">Global Postback</MenuItem>
        <MenuSeparator />
        <MenuItem id="logout">Logout</MenuItem>
      </Menu>
    </MenuTrigger>
  ),
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: /Account/ });
    await userEvent.click(trigger);
    const menu = await body().findByRole('menu', { name: 'Account' });
    const settings = within(menu).getByRole('menuitem', { name: 'Settings' });
    await expect(settings).toHaveAttribute('href', '/settings');
    await expect(within(menu).getByRole('menuitem', { name: 'Account Balances' })).toHaveAttribute('href', '/accountBalance');

    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
    await expect(chosen(args.onAction)).toBe('logout');
    await waitFor(() => expect(body().queryByRole('menu')).toBeNull());
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');

    // Reopen and leave it open for the screenshot.
    await userEvent.click(trigger);
    await body().findByRole('menu', { name: 'Account' });
  },
};

/** Sections with headings, a separator, a disabled item; Escape closes and returns focus. */
export const SectionsAndDisabled: Story = {
  render: (args) => (
    <MenuTrigger>
      <Button variant="secondary">Report actions</Button>
      <Menu {...args} aria-label="Report actions" disabledKeys={['landing']}>
        <MenuSection title="Drill down">
          <MenuItem id="creatives">Creatives</MenuItem>
          <MenuItem id="subid">SubID 1</MenuItem>
          <MenuItem id="landing">Landing Pages</MenuItem>
        </MenuSection>
        <MenuSeparator />
        <MenuSection title="Export">
          <MenuItem id="csv" icon="download">Download CSV</MenuItem>
        </MenuSection>
      </Menu>
    </MenuTrigger>
  ),
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Report actions' });
    await userEvent.click(trigger);
    const menu = await body().findByRole('menu');
    await expect(within(menu).getAllByRole('group')).toHaveLength(2);
    const disabled = within(menu).getByRole('menuitem', { name: 'Landing Pages' });
    await expect(disabled).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(disabled, { pointerEventsCheck: 0 });
    await expect(args.onAction).not.toHaveBeenCalled();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByRole('menu')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());

    // Keyboard: open with Enter, arrow to an item, choose it.
    await userEvent.keyboard('{Enter}');
    await body().findByRole('menu');
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{Enter}');
    await expect(chosen(args.onAction)).toBe('subid');

    await userEvent.click(trigger);
    await body().findByRole('menu');
  },
};
