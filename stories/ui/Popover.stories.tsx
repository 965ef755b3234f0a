import type { Meta, StoryObj } from '@storybook/react-vite';
import { Dialog, DialogTrigger } from 'react-aria-components';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../../src/ui/Button';
import { Popover } from '../../src/ui/Popover';
import { framed } from '../../.storybook/helpers';

const body = () => within(document.body);

/**
 * The one popover frame (Menu, Select, ComboBox, the date pickers and the news dropdown are built
 * on it). Here with a dialog inside, as the news dropdown has.
 */
const meta = {
  title: 'UI/Popover',
  component: Popover,
  args: { placement: 'bottom start', offset: 6 },
  parameters: { layout: 'padded' },
  decorators: [framed({ minHeight: 300 })],
  render: (args) => (
    <DialogTrigger>
      <Button variant="secondary">Filters</Button>
      <Popover {...args} style={{ width: 280 }}>
        <Dialog aria-label="Filters" style={{ padding: 12, outline: 'none' }}>
          <p style={{ margin: 0 }}>Show campaigns approved in the last 30 days, in the United States.</p>
        </Dialog>
      </Popover>
    </DialogTrigger>
  ),
} satisfies Meta<typeof Popover>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opens from its trigger; Escape closes it and gives focus back. Left open for the screenshot. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Filters' });
    await userEvent.click(trigger);
    const dialog = await body().findByRole('dialog', { name: 'Filters' });
    await waitFor(() => expect(dialog).toBeVisible());
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());

    await userEvent.click(trigger);
    await body().findByRole('dialog', { name: 'Filters' });
  },
};

/** Taller content than `maxHeight`: the frame keeps its height and scrolls. */
export const Scrolling: Story = {
  args: { maxHeight: 160 },
  render: (args) => (
    <DialogTrigger>
      <Button variant="secondary">Countries</Button>
      <Popover {...args} style={{ width: 220 }}>
        <Dialog aria-label="Countries" style={{ padding: 12, outline: 'none' }}>
          <ul style={{ margin: 0, paddingLeft: 16 }}>
            {['Australia', 'Brazil', 'Canada', 'Denmark', 'Egypt', 'France', 'Germany', 'Hungary', 'India', 'Japan', 'Kenya', 'Mexico'].map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </Dialog>
      </Popover>
    </DialogTrigger>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Countries' }));
    const dialog = await body().findByRole('dialog', { name: 'Countries' });
    const frame = dialog.parentElement!;
    await waitFor(() => expect(frame.getBoundingClientRect().height).toBeLessThanOrEqual(160));
    await expect(frame.scrollHeight).toBeGreaterThan(frame.clientHeight);
    await expect(getComputedStyle(frame).overflowY).toBe('auto');
  },
};

/** Above its trigger when asked (the mobile bottom bar's menus). */
export const Top: Story = {
  args: { placement: 'top start' },
  decorators: [framed({ paddingTop: 160 })],
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Filters' });
    await userEvent.click(trigger);
    const dialog = await body().findByRole('dialog', { name: 'Filters' });
    await waitFor(() => expect(dialog.getBoundingClientRect().bottom).toBeLessThanOrEqual(trigger.getBoundingClientRect().top));
  },
};
