import type { Meta, StoryObj } from '@storybook/react-vite';
import { lazy, Suspense } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LoadFailureBoundary, type LoadFailureBoundaryProps } from '../../src/ui/LoadFailureBoundary';

/** A screen whose code cannot be downloaded, as React.lazy sees it when the connection drops. */
const Unreachable = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/MaxMoneyPage.js')));

const onRetry = fn();

const meta = {
  title: 'UI/LoadFailureBoundary',
  args: { onRetry, children: null },
  beforeEach: () => onRetry.mockClear(),
  render: (args) => <LoadFailureBoundary {...args} />,
} satisfies Meta<LoadFailureBoundaryProps>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The screen's code did not come: the message and Try again take its place. */
export const CodeNotLoaded: Story = {
  render: (args) => (
    <LoadFailureBoundary {...args}>
      <Suspense fallback={<p>Loading</p>}>
        <Unreachable />
      </Suspense>
    </LoadFailureBoundary>
  ),
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(within(alert).getByRole('heading', { name: 'This page could not be loaded.' })).toBeVisible();
    await expect(within(alert).getByText('Connection error.')).toBeVisible();
    await userEvent.tab();
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(onRetry).toHaveBeenCalledTimes(1);
  },
};

/** Nothing failed: the children show as they are. */
export const Rendered: Story = {
  args: { children: <p>The screen</p> },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('The screen')).toBeVisible();
    await expect(within(canvasElement).queryByRole('alert')).toBeNull();
  },
};
