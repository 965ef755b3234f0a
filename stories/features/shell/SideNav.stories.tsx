import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { navLinks } from '../../../src/features/shell/navigation';
import { SideNav } from '../../../src/features/shell/SideNav';
import { managerFixture } from '../../mocks/shell';
import { paths } from '../../../src/shared/paths';
import { framed } from '../../../.storybook/helpers';

/** Spec 000 §2, the left sidebar: the manager button and the menu links. */
const meta = {
  title: 'Features/Shell/SideNav',
  component: SideNav,
  args: { links: navLinks('https://blog.example.com/'), manager: managerFixture, onOpenManager: fn(), onLinkPress: fn() },
  parameters: { router: { initialEntries: [paths.browse('new')] } },
  decorators: [framed({ width: 220 })],
} satisfies Meta<typeof SideNav>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('link', { name: 'Browse' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: /Blog/ })).toHaveAttribute('target', '_blank');
    await userEvent.click(canvas.getByRole('button', { name: /Avery Manager/ }));
    await expect(args.onOpenManager).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('link', { name: 'FAQ' }));
    await expect(args.onLinkPress).toHaveBeenCalledWith(expect.objectContaining({ id: 'faq', href: paths.faq }));
  },
};

/** The affiliate record is loading: a placeholder stands in for the manager. */
export const ManagerLoading: Story = {
  args: { manager: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button')).toBeNull();
  },
};

/** A manager without a photo. */
export const NoPhoto: Story = { args: { manager: { ...managerFixture, image: '' } } };
