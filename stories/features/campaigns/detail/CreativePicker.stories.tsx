import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { CreativePicker } from '../../../../src/features/campaigns/detail/CreativePicker';
import { campaignFixture } from '../../../mocks/campaignDetail';

/**
 * The creative pickers of the campaign page (spec 000 §2): banners, text links and solo e-mails, in
 * view mode (the Creatives card) and in select mode (the link builder), and a kind with nothing.
 */
const meta = {
  title: 'Features/Campaigns/CreativePicker',
  component: CreativePicker,
  args: { kind: 'banner', creatives: campaignFixture.creatives, mode: 'view', isOpen: true, onClose: fn(), onSelect: fn() },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof CreativePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = (name: string) => within(document.body).findByRole('dialog', { name });

export const BannersView: Story = {
  play: async () => {
    const d = within(await dialog('Select Banners'));
    await expect(d.getAllByRole('img')).toHaveLength(2);
    await expect(d.queryByRole('button', { name: /^Select creative/ })).not.toBeInTheDocument();
  },
};

export const BannersSelect: Story = {
  args: { mode: 'select' },
  play: async ({ args }) => {
    const d = within(await dialog('Select a Banner'));
    await userEvent.click(d.getByRole('button', { name: 'Select creative #502' }));
    await expect(args.onSelect).toHaveBeenCalledWith(expect.objectContaining({ creative_id: 502 }));
  },
};

export const TextLinksView: Story = {
  args: { kind: 'text' },
  play: async () => {
    const d = within(await dialog('Text Links'));
    await expect(d.getByDisplayValue('Get a personal loan in minutes with NovaLend')).toBeInTheDocument();
  },
};

export const SoloEmailHtmlSelect: Story = {
  args: { kind: 'htmlEmail', mode: 'select' },
  play: async () => {
    const d = within(await dialog('Select a Solo E-mail (html)'));
    // The advertiser's HTML is shown as source, never rendered.
    await expect(d.getByText(/<b>5.99% APR<\/b>/)).toBeInTheDocument();
  },
};

export const NoneOfThisKind: Story = {
  args: { creatives: campaignFixture.creatives.filter((c) => c.type !== 'banner') },
  play: async () => {
    const d = within(await dialog('Select Banners'));
    await expect(d.getByText('This campaign has no creatives of this kind.')).toBeInTheDocument();
  },
};

/** Escape closes it. */
export const ClosesWithEscape: Story = {
  play: async ({ args }) => {
    await dialog('Select Banners');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
  },
};
