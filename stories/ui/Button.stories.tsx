import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../../src/ui/Button';
import { Icon } from '../../src/ui/Icon';

const meta = {
  title: 'UI/Button',
  component: Button,
  args: { children: 'Sign in', onPress: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary', 'danger', 'warning', 'link', 'quiet'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  args: { variant: 'primary' },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Sign in' });
    await userEvent.click(button);
    await expect(args.onPress).toHaveBeenCalledTimes(1);
  },
};

export const Secondary: Story = { args: { variant: 'secondary', children: 'Cancel' } };
export const Danger: Story = { args: { variant: 'danger', children: 'Deactivate Google Authenticator' } };
export const Warning: Story = { args: { variant: 'warning', children: 'Request approval to run' } };
export const LinkStyle: Story = { args: { variant: 'link', children: 'Clear Options' } };

/** Quiet: the top bar's account trigger (no fill until hovered, text colour, regular weight). */
export const Quiet: Story = {
  args: {
    variant: 'quiet',
    children: (
      <>
        <Icon name="user" size={16} /> Jordan Demo
      </>
    ),
  },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Jordan Demo' }));
    await expect(args.onPress).toHaveBeenCalledTimes(1);
  },
};

/** An icon-only quiet button is square (the news bell); it needs its own name. */
export const QuietIconOnly: Story = {
  args: { variant: 'quiet', 'aria-label': 'News', children: <Icon name="bell" size={18} /> },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('button', { name: 'News' }).getBoundingClientRect();
    await expect(box.width).toBe(box.height);
  },
};

/** Stacked: icon above a short label, as in the mobile bottom bar. */
export const QuietStacked: Story = {
  args: {
    variant: 'quiet',
    stacked: true,
    children: (
      <>
        <Icon name="menu" size={20} /> Menu
      </>
    ),
  },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Menu' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onPress).toHaveBeenCalledTimes(1);
    await expect(button.getBoundingClientRect().height).toBe(52);
  },
};

/** The current one of a set of quiet buttons (`aria-current`) is filled, as the page numbers show. */
export const QuietCurrent: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 4 }}>
      {[1, 2, 3].map((n) => (
        <Button key={n} {...args} variant="quiet" aria-label={`Page ${n}`} aria-current={n === 2 ? 'page' : undefined}>
          {n}
        </Button>
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('button', { name: 'Page 1' })).not.toHaveAttribute('aria-current');
  },
};

/** Hover and keyboard focus of a quiet button. */
export const QuietHoverAndFocus: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12 }}>
      <Button {...args} variant="quiet">Hovered</Button>
      <Button {...args} variant="quiet">Focused</Button>
    </div>
  ),
  play: async ({ canvas }) => {
    await userEvent.tab();
    await userEvent.tab();
    const focused = canvas.getByRole('button', { name: 'Focused' });
    await expect(focused).toHaveAttribute('data-focus-visible', 'true');
    const hovered = canvas.getByRole('button', { name: 'Hovered' });
    await userEvent.hover(hovered);
    await expect(hovered).toHaveAttribute('data-hovered', 'true');
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      <Button {...args} size="sm">Small</Button>
      <Button {...args} size="md">Medium</Button>
      <Button {...args} size="lg">Large</Button>
    </div>
  ),
};

export const WithIcon: Story = {
  args: {
    children: (
      <>
        <Icon name="download" /> Download CSV
      </>
    ),
  },
};

export const FullWidth: Story = { args: { fullWidth: true } };

/** Pending: spinner in place of the label, presses ignored, busy state announced. */
export const Pending: Story = {
  args: { isPending: true },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: /Sign in/ });
    await expect(button).toHaveAttribute('data-pending', 'true');
    await userEvent.click(button);
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Sign in' });
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};

export const KeyboardFocus: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.tab();
    const button = within(canvasElement).getByRole('button', { name: 'Sign in' });
    await expect(button).toHaveFocus();
    await expect(button).toHaveAttribute('data-focus-visible', 'true');
    await userEvent.keyboard('{Enter}');
    await expect(args.onPress).toHaveBeenCalledTimes(1);
  },
};
