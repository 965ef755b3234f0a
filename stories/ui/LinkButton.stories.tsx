import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLocation } from 'react-router-dom';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Icon } from '../../src/ui/Icon';
import { LinkButton } from '../../src/ui/LinkButton';

/** Shows the router's path, so a story can see that the link navigated without a page load. */
function Where() {
  return <output data-testid="where" style={{ display: 'block', marginTop: 12, fontSize: 12 }}>Route: {useLocation().pathname}</output>;
}

/** A link that looks like a Button: same variants and sizes, navigates through the app's router. */
const meta = {
  title: 'UI/LinkButton',
  component: LinkButton,
  args: { href: '/settings', children: 'Go to Settings' },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary', 'danger', 'warning', 'link', 'quiet'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
  render: (args) => (
    <>
      <LinkButton {...args} />
      <Where />
    </>
  ),
} satisfies Meta<typeof LinkButton>;

export default meta;
type Story = StoryObj<typeof meta>;

const route = (root: HTMLElement) => within(root).getByTestId('where');

/** Primary: a real link (role, href) that the router follows. */
export const Primary: Story = {
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Go to Settings' });
    await expect(link).toHaveAttribute('href', '/settings');
    await expect(route(canvasElement)).toHaveTextContent('Route: /');
    await userEvent.click(link);
    await waitFor(() => expect(route(canvasElement)).toHaveTextContent('Route: /settings'));
  },
};

export const Secondary: Story = { args: { variant: 'secondary', href: '/reports', children: 'View reports' } };
export const Quiet: Story = { args: { variant: 'quiet', href: '/resources', children: 'Resources' } };
export const LinkStyle: Story = { args: { variant: 'link', href: '/faq', children: 'Read the FAQ' } };

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      <LinkButton {...args} size="sm">Small</LinkButton>
      <LinkButton {...args} size="md">Medium</LinkButton>
      <LinkButton {...args} size="lg">Large</LinkButton>
    </div>
  ),
};

export const WithIcon: Story = {
  args: {
    href: '/reports',
    children: (
      <>
        <Icon name="download" /> Download CSV
      </>
    ),
  },
};

export const FullWidth: Story = { args: { fullWidth: true } };

/** Disabled: no navigation, `aria-disabled` for assistive tech. */
export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Go to Settings' });
    await expect(link).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(link, { pointerEventsCheck: 0 });
    await expect(route(canvasElement)).toHaveTextContent('Route: /');
  },
};

/** Tab reaches it with a focus ring; Enter follows it. */
export const KeyboardFocus: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    const link = within(canvasElement).getByRole('link', { name: 'Go to Settings' });
    await expect(link).toHaveFocus();
    await expect(link).toHaveAttribute('data-focus-visible', 'true');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(route(canvasElement)).toHaveTextContent('Route: /settings'));
  },
};
