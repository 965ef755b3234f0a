import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ComingSoon } from '../../../src/features/shell/ComingSoon';
import { paths } from '../../../src/shared/paths';

/** The placeholder of signed-in routes whose screens come with later issues (docs/portal-shell.md). */
const meta = {
  title: 'Features/Shell/ComingSoon',
  component: ComingSoon,
  args: { title: 'Reports' },
} satisfies Meta<typeof ComingSoon>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', paths.dashboard);
  },
};
