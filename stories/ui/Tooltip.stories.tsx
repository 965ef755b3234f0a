import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { IconButton } from '../../src/ui/IconButton';
import { Tooltip } from '../../src/ui/Tooltip';
import { framed } from '../../.storybook/helpers';

const body = () => within(document.body);

const meta = {
  title: 'UI/Tooltip',
  component: Tooltip,
  args: {
    content: 'Copy the tracking link',
    children: <IconButton icon="copy" aria-label="Copy link" variant="outlined" />,
  },
  parameters: { layout: 'centered' },
  decorators: [framed({ padding: 64 })],
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Keyboard focus shows it at once and it describes the trigger; Escape hides it. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    const trigger = within(canvasElement).getByRole('button', { name: 'Copy link' });
    await expect(trigger).toHaveFocus();
    const tip = await body().findByRole('tooltip');
    await expect(tip).toHaveTextContent('Copy the tracking link');
    await expect(trigger).toHaveAccessibleDescription('Copy the tracking link');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByRole('tooltip')).toBeNull());
    // Shown again for the screenshot.
    await userEvent.tab({ shift: true });
    await userEvent.tab();
    await body().findByRole('tooltip');
  },
};

/** Hover shows it after the configured delay. */
export const HoverWithDelay: Story = {
  args: { delay: 300, placement: 'bottom' },
  play: async ({ canvasElement }) => {
    // Hover only counts once the pointer is the input in use (react-aria's interaction modality).
    await userEvent.click(canvasElement);
    await userEvent.hover(within(canvasElement).getByRole('button', { name: 'Copy link' }));
    await expect(await body().findByRole('tooltip', {}, { timeout: 5000 })).toHaveTextContent('Copy the tracking link');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async () => {
    await userEvent.tab();
    await new Promise((r) => setTimeout(r, 300));
    await expect(body().queryByRole('tooltip')).toBeNull();
  },
};
