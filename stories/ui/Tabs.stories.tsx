import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Tab, TabList, TabPanel, Tabs } from '../../src/ui/Tabs';

// The browse tabs of spec 000 (a subset).
const tabs = [
  { id: 'new', label: 'New' },
  { id: 'top', label: 'Top' },
  { id: 'trending', label: 'Trending' },
  { id: 'approved', label: 'Approved' },
];

const meta = {
  title: 'UI/Tabs',
  component: Tabs,
  args: { onSelectionChange: fn() },
  argTypes: { keyboardActivation: { control: 'inline-radio', options: ['automatic', 'manual'] } },
  render: (args) => (
    <Tabs {...args}>
      <TabList aria-label="Browse campaigns">
        {tabs.map((t) => (
          <Tab key={t.id} id={t.id}>
            {t.label}
          </Tab>
        ))}
      </TabList>
      {tabs.map((t) => (
        <TabPanel key={t.id} id={t.id}>
          {t.label} campaigns appear here.
        </TabPanel>
      ))}
    </Tabs>
  ),
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Automatic activation (the default): arrow keys move and select; a click selects. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('tab', { name: 'New' })).toHaveAttribute('aria-selected', 'true');

    await userEvent.click(canvas.getByRole('tab', { name: 'Trending' }));
    await expect(canvas.getByRole('tab', { name: 'Trending' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Trending campaigns appear here.');
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith('trending');

    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Approved' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowRight}');
    // Wraps to the first tab.
    await expect(canvas.getByRole('tab', { name: 'New' })).toHaveFocus();
    await expect(canvas.getByRole('tab', { name: 'New' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowLeft}');
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Approved campaigns appear here.');
  },
};

/** Manual activation: arrows only move focus; Enter selects. */
export const ManualActivation: Story = {
  args: { keyboardActivation: 'manual' },
  play: async ({ canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('tab', { name: 'New' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Top' })).toHaveFocus();
    await expect(canvas.getByRole('tab', { name: 'Top' })).toHaveAttribute('aria-selected', 'false');
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('tab', { name: 'Top' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Top campaigns appear here.');
    // The selection indicator moves with a transition: the screenshot waits for it (a CI run caught it mid-way).
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
  },
};

/** A disabled tab is skipped by the arrow keys and ignores clicks. */
export const DisabledTab: Story = {
  args: { disabledKeys: ['top'] },
  play: async ({ canvas }) => {
    const top = canvas.getByRole('tab', { name: 'Top' });
    await expect(top).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(top, { pointerEventsCheck: 0 });
    await expect(top).toHaveAttribute('aria-selected', 'false');
    await userEvent.click(canvas.getByRole('tab', { name: 'New' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Trending' })).toHaveAttribute('aria-selected', 'true');
  },
};
