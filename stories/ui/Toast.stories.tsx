import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../../src/ui/Button';
import { Toast, ToastRegion } from '../../src/ui/Toast';
import { framed } from '../../.storybook/helpers';

interface Notice {
  id: number;
  title: string;
  body: string;
}

const notices: Notice[] = [
  { id: 1, title: 'New campaign', body: 'Solar Quotes US is now available in your region.' },
  { id: 2, title: 'Rate change', body: 'Auto Insurance Pro pays $42.00 per lead from Monday.' },
  { id: 3, title: 'Reminder', body: 'Please submit your tax documents.' },
];

interface DemoProps {
  initial: Notice[];
  onClose: (id: number) => void;
  onClearAll?: () => void;
  timeout?: number;
}

/** What the notifications feature does: keep the open ones in state, drop one on close. */
function Demo({ initial, onClose, onClearAll, timeout }: DemoProps) {
  const [open, setOpen] = useState(initial);
  return (
    <ToastRegion
      aria-label="Notifications"
      actions={
        onClearAll && (
          <Button
            size="sm"
            variant="secondary"
            onPress={() => {
              setOpen([]);
              onClearAll();
            }}
          >
            Clear All
          </Button>
        )
      }
    >
      {open.map((n) => (
        <Toast
          key={n.id}
          title={n.title}
          timeout={timeout}
          onClose={() => {
            setOpen((list) => list.filter((x) => x.id !== n.id));
            onClose(n.id);
          }}
        >
          {n.body}
        </Toast>
      ))}
    </ToastRegion>
  );
}

const meta = {
  title: 'UI/Toast',
  component: Toast,
  args: { title: 'New campaign', children: 'Solar Quotes US is now available.', onClose: fn() },
  parameters: { layout: 'fullscreen' },
  decorators: [framed({ minHeight: 420 })],
} satisfies Meta<typeof Toast>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Single: Story = {
  render: (args) => (
    <ToastRegion>
      <Toast {...args} />
    </ToastRegion>
  ),
  play: async ({ args }) => {
    const region = within(document.body).getByRole('region', { name: 'Notifications' });
    await expect(within(region).getByText('Solar Quotes US is now available.')).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Close notification' }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

/** Several stacked; closing one removes it and reports it. */
export const Stacked: Story = {
  render: (args) => <Demo initial={notices} onClose={args.onClose as (id: number) => void} />,
  play: async ({ canvas, args }) => {
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3);
    const rateChange = canvas.getByText('Rate change').closest('li') as HTMLElement;
    await userEvent.click(within(rateChange).getByRole('button', { name: 'Close notification' }));
    await expect(args.onClose).toHaveBeenCalledWith(2);
    await expect(canvas.queryByText('Rate change')).toBeNull();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
  },
};

const clearAll = fn();

/** 'Clear All' in the region's action slot closes everything and hides itself. */
export const WithClearAll: Story = {
  render: (args) => <Demo initial={notices} onClose={args.onClose as (id: number) => void} onClearAll={clearAll} />,
  play: async ({ canvas }) => {
    clearAll.mockClear();
    await userEvent.click(canvas.getByRole('button', { name: 'Clear All' }));
    await expect(clearAll).toHaveBeenCalledTimes(1);
    await expect(canvas.queryAllByRole('listitem')).toHaveLength(0);
    await expect(canvas.queryByRole('button', { name: 'Clear All' })).toBeNull();
  },
};
/** With `timeout` a toast closes itself (paused while hovered or focused). */
export const AutoDismiss: Story = {
  render: (args) => <Demo initial={notices.slice(0, 1)} timeout={400} onClose={args.onClose as (id: number) => void} />,
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('New campaign')).toBeInTheDocument();
    await waitFor(() => expect(canvas.queryByText('New campaign')).toBeNull(), { timeout: 5000 });
    await expect(args.onClose).toHaveBeenCalledWith(1);
  },
};

/** Several stacked with the region's 'Clear All' action still shown. */
export const StackedWithClearAll: Story = {
  render: (args) => <Demo initial={notices} onClose={args.onClose as (id: number) => void} onClearAll={fn()} />,
};
