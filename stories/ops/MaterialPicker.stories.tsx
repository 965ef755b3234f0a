import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { dialogShown, expectNoHorizontalScroll, forgetDanglingAnnouncements, phone, recordingMocks, shown } from '../../.storybook/helpers';
import { MATERIAL_MESSAGES } from '../../src/api/contract/opsMaterial';
import { MaterialPage } from '../../src/ops/material/MaterialPage';
import { meAnswer, opsMocks } from '../mocks/ops';
import { materialDefaults, materialMocks, pngFile, sampleCampaigns, sampleManagers } from '../mocks/opsMaterial';
import { opsFrame } from './opsStory';

/**
 * The Creatives area's other screens: the campaign picker (the offers' campaign list, searched by name
 * or #id), the managers' list, and a manager's photo and chat QR code with their uploads.
 */
const { calls, spy, withStoryMocks } = recordingMocks({
  defaults: () => [opsMocks.me.answer(meAnswer('admin')), ...materialDefaults()],
});

const meta = {
  title: 'Ops/Material/Picker and managers',
  component: MaterialPage,
  parameters: { layout: 'padded', router: { initialEntries: ['/ops/material'], path: '/ops/material/*' } },
  decorators: [opsFrame],
  beforeEach: withStoryMocks(),
} satisfies Meta<typeof MaterialPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const at = (path: string) => ({ router: { initialEntries: [path], path: '/ops/material/*' } });
const imagesLoaded = (root: HTMLElement) => waitFor(() => expect([...root.querySelectorAll('img')].every((i) => i.complete && i.naturalWidth > 0)).toBe(true));

/** The latest campaigns, each name a link to its material. */
export const Campaigns: Story = {
  play: async ({ canvas }) => {
    const table = within(await canvas.findByRole('table', { name: 'Campaigns' }));
    await expect(table.getAllByRole('rowheader').map((c) => c.textContent)).toEqual(sampleCampaigns.map((c) => c.name));
    await expect(table.getByRole('link', { name: 'NovaLend Personal Loans' })).toHaveAttribute('href', '/ops/material/1205');
    await expect(canvas.getByRole('link', { name: "Managers' photos and QR codes" })).toHaveAttribute('href', '/ops/material/managers');
  },
};

/** A search sends the name; nothing found is said. */
export const SearchNothingFound: Story = {
  beforeEach: withStoryMocks(
    materialMocks.campaigns.answer(({ query }) => ({ success: true, campaigns: query.q ? [] : sampleCampaigns, page: 1, limit: 20, total: query.q ? 0 : sampleCampaigns.length }), spy),
  ),
  play: async ({ canvas }) => {
    await canvas.findByRole('table', { name: 'Campaigns' });
    await userEvent.type(canvas.getByLabelText('Campaign name or #id'), 'zebra');
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await shown(canvas, 'No campaign matches "zebra".');
    await expect(calls.map((c) => c.query)).toEqual([{ limit: '20' }, { q: 'zebra', limit: '20' }]);
  },
};

export const CampaignsLoading: Story = {
  beforeEach: withStoryMocks(materialMocks.campaigns.pending()),
  parameters: { visual: { skip: 'a spinner; its label is checked' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('progressbar', { name: 'Loading the campaigns' })).toBeVisible();
  },
};

export const CampaignsFailed: Story = {
  beforeEach: withStoryMocks(materialMocks.campaigns.failure('The database is restarting. Please try again in a few seconds.', 503)),
  play: async ({ canvas }) => {
    await shown(canvas, 'The database is restarting. Please try again in a few seconds.');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** The managers, each a link to their pictures. */
export const Managers: Story = {
  parameters: at('/ops/material/managers'),
  play: async ({ canvas }) => {
    const table = within(await canvas.findByRole('table', { name: 'Affiliate managers' }));
    await expect(table.getAllByRole('rowheader').map((c) => c.textContent)).toEqual(sampleManagers.map((m) => m.name));
    await expect(table.getByRole('link', { name: 'Avery Manager' })).toHaveAttribute('href', '/ops/material/managers/3');
  },
};

export const ManagersEmpty: Story = {
  parameters: at('/ops/material/managers'),
  beforeEach: withStoryMocks(materialMocks.managers.answer({ success: true, managers: [] })),
  play: async ({ canvas }) => {
    await shown(canvas, 'No affiliate managers yet.');
  },
};

/** A manager's pictures as the dashboard shows them now. */
export const ManagerPictures: Story = {
  parameters: at('/ops/material/managers/3'),
  play: async ({ canvasElement, canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Avery Manager' })).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'Photo of Avery Manager' })).toHaveAttribute('src', '/api/images/managers/3');
    await expect(canvas.getByRole('img', { name: 'Chat QR code of Avery Manager' })).toHaveAttribute('src', '/api/images/managers/3/qr');
    await imagesLoaded(canvasElement);
  },
};

/** A viewer sees the pictures without the uploads. */
export const ManagerPicturesViewer: Story = {
  parameters: at('/ops/material/managers/3'),
  beforeEach: withStoryMocks(opsMocks.me.answer(meAnswer('viewer'))),
  play: async ({ canvasElement, canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Avery Manager' });
    await expect(canvas.queryByRole('button', { name: /Upload/ })).toBeNull();
    await imagesLoaded(canvasElement);
  },
};

/** The photo goes up as multipart `photo`; the uploaded one is shown. */
export const UploadPhoto: Story = {
  parameters: at('/ops/material/managers/3'),
  beforeEach: withStoryMocks(materialMocks.managerPhoto.answer({ success: true, manager: { manager_id: 3, name: 'Avery Manager', photo: '/api/images/managers/3?v=2', qr: null } }, spy)),
  play: async ({ canvasElement, canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Upload a photo' }));
    const dialog = await dialogShown('Photo of Avery Manager');
    await userEvent.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, pngFile('avery.png'));
    await within(dialog).findByText('avery.png');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await shown(canvas, 'The photo of Avery Manager is uploaded.');
    await expect(calls[0].params.id).toBe('3');
    await expect(((calls[0].body as Record<string, unknown>).photo as File).name).toBe('avery.png');
    await expect(canvas.getByRole('img', { name: 'Photo of Avery Manager' })).toHaveAttribute('src', '/api/images/managers/3?v=2');
    await waitFor(() => expect(canvasElement.ownerDocument.querySelector('[role="dialog"]')).toBeNull());
    forgetDanglingAnnouncements();
    await imagesLoaded(canvasElement);
  },
};

/** The QR code refused by its bytes (415): the server's sentence. */
export const UploadQrRefused: Story = {
  parameters: at('/ops/material/managers/3'),
  beforeEach: withStoryMocks(materialMocks.managerQr.failure(MATERIAL_MESSAGES.notImage, 415)),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Upload a QR code' }));
    const dialog = await dialogShown('Chat QR code of Avery Manager');
    await userEvent.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, pngFile('qr.png'));
    await within(dialog).findByText('qr.png');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await shown(within(dialog), MATERIAL_MESSAGES.notImage);
    forgetDanglingAnnouncements();
  },
};

/** At 375 px: the picker and the manager's page fit. */
export const Phone: Story = {
  parameters: phone,
  play: async ({ canvasElement, canvas }) => {
    await canvas.findByRole('table', { name: 'Campaigns' });
    await expectNoHorizontalScroll(canvasElement);
  },
};

export const ManagerPhone: Story = {
  parameters: { ...phone, ...at('/ops/material/managers/3') },
  play: async ({ canvasElement, canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Avery Manager' });
    await imagesLoaded(canvasElement);
    await expectNoHorizontalScroll(canvasElement);
  },
};
