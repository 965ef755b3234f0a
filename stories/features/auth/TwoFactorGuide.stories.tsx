import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { TwoFactorGuide } from '../../../src/features/auth/TwoFactorGuide';
import { paths } from '../../../src/shared/paths';
import { mobileFrame } from '../../../.storybook/helpers';

/** The two-factor set-up guide the offers link to: a public page, signed in or not. */
const meta = {
  title: 'Features/Auth/TwoFactorGuide',
  component: TwoFactorGuide,
  args: { productName: 'Publisher Portal', siteId: '1' },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof TwoFactorGuide>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'How to set up two-factor authentication' })).toBeVisible();
    for (const section of ['Before you start', 'Set it up', 'If something goes wrong']) {
      await expect(canvas.getByRole('heading', { level: 2, name: section })).toBeVisible();
    }
    // The five steps of the set-up, in order, and the way out of a lost phone.
    await expect(within(canvas.getAllByRole('list')[0]).getAllByRole('listitem')).toHaveLength(5);
    await expect(canvas.getByText(/contact your affiliate manager/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to the portal' })).toHaveAttribute('href', paths.root);
    await expect(document.title).toBe('How to set up two-factor authentication | Publisher Portal');
  },
};

/** At 375 px the guide reads in one column without sideways scrolling. */
export const Mobile: Story = {
  decorators: [mobileFrame],
  play: async ({ canvasElement }) => {
    const main = within(canvasElement).getByRole('main');
    await expect(main.scrollWidth).toBeLessThanOrEqual(main.clientWidth);
  },
};
