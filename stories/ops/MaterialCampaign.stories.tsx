import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { dialogShown, expectNoHorizontalScroll, forgetDanglingAnnouncements, phone, recordingMocks, screen, shown, animationsSettled } from '../../.storybook/helpers';
import { MATERIAL_MESSAGES } from '../../src/api/contract/opsMaterial';
import { MaterialPage } from '../../src/ops/material/MaterialPage';
import { meAnswer, opsMocks } from '../mocks/ops';
import { CAMPAIGN, materialDefaults, materialMocks, pngFile, sampleCreatives, sampleLandingPages } from '../mocks/opsMaterial';
import { opsFrame } from './opsStory';

/**
 * One campaign's material (docs/ops-files.md): its landing pages (default, screenshot upload, the
 * last page kept) and its creatives (banners uploaded as images with the size the server read, text
 * links, solo e-mails whose HTML the server sanitises). A viewer sees no write button.
 */
const { calls, spy, withStoryMocks } = recordingMocks({
  defaults: () => [opsMocks.me.answer(meAnswer('manager')), ...materialDefaults()],
});

const meta = {
  title: 'Ops/Material/Campaign',
  component: MaterialPage,
  parameters: { layout: 'padded', router: { initialEntries: ['/ops/material/1205'], path: '/ops/material/*' } },
  decorators: [opsFrame],
  beforeEach: withStoryMocks(),
} satisfies Meta<typeof MaterialPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const tableOf = async (root: HTMLElement, name: string) => within(await within(root).findByRole('table', { name }));
const rowOf = async (root: HTMLElement, table: string, name: string) => within((await tableOf(root, table)).getByRole('rowheader', { name }).closest('tr')!);
async function confirmation(name: string) {
  const d = await screen().findByRole('alertdialog', { name });
  await waitFor(() => expect(d).toBeVisible());
  await animationsSettled();
  return within(d);
}
/** Chooses a file in the dialog's upload field (the hidden input react-aria's FileTrigger keeps). */
async function choose(dialog: HTMLElement, file: File) {
  const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  await userEvent.upload(input, file);
  await within(dialog).findByText(file.name);
}
/** Images decoded, so the screenshot shows them. */
const imagesLoaded = (root: HTMLElement) => waitFor(() => expect([...root.querySelectorAll('img')].every((i) => i.complete && i.naturalWidth > 0)).toBe(true));

/** Both sections: the default badge, the screenshots, each kind of creative with its size and kind. */
export const Loaded: Story = {
  play: async ({ canvasElement, canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: CAMPAIGN.name })).toBeVisible();
    const pages = await tableOf(canvasElement, 'Landing pages');
    await expect(pages.getAllByRole('rowheader').map((c) => c.textContent)).toEqual(sampleLandingPages.map((p) => p.name));
    const main = await rowOf(canvasElement, 'Landing pages', 'Main offer page');
    await expect(main.getByText('Default')).toBeVisible();
    await expect(main.getByRole('img', { name: 'Screenshot of Main offer page' })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Remove screenshot of Main offer page' })).toBeVisible();
    const quiz = await rowOf(canvasElement, 'Landing pages', 'Quiz funnel');
    await expect(quiz.getByRole('img', { name: 'Drawn picture of Quiz funnel' })).toBeVisible();
    const banner = await rowOf(canvasElement, 'Banners', 'Spring rectangle');
    await expect(banner.getByText('300 × 250')).toBeVisible();
    await expect(banner.getByText('Uploaded')).toBeVisible();
    await expect((await rowOf(canvasElement, 'Solo e-mails', 'Welcome mail')).getByText('HTML')).toBeVisible();
    await expect((await rowOf(canvasElement, 'Solo e-mails', 'Reminder')).getByText('Text only')).toBeVisible();
    await expect((await tableOf(canvasElement, 'Text links')).getByText(/check your rate in 2 minutes/)).toBeVisible();
    await imagesLoaded(canvasElement);
  },
};

/** A viewer reads everything and sees no button that would answer 403. */
export const Viewer: Story = {
  beforeEach: withStoryMocks(opsMocks.me.answer(meAnswer('viewer'))),
  play: async ({ canvasElement, canvas }) => {
    await tableOf(canvasElement, 'Banners');
    await expect(canvas.queryByRole('button', { name: /Add a|Edit|Delete|Upload|Replace|Remove/ })).toBeNull();
    await expect(canvas.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    await imagesLoaded(canvasElement);
  },
};

/** Waiting for the lists. */
export const Loading: Story = {
  beforeEach: withStoryMocks(materialMocks.landingPages.pending(), materialMocks.creatives.pending()),
  parameters: { visual: { skip: 'spinners; their labels are checked' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('progressbar', { name: 'Loading the landing pages' })).toBeVisible();
    await expect(await canvas.findByRole('progressbar', { name: 'Loading the creatives' })).toBeVisible();
  },
};

/** A campaign with nothing yet: each list says so. */
export const Empty: Story = {
  beforeEach: withStoryMocks(
    materialMocks.landingPages.answer({ success: true, campaign: CAMPAIGN, landing_pages: [] }),
    materialMocks.creatives.answer({ success: true, campaign: CAMPAIGN, creatives: [] }),
  ),
  play: async ({ canvas }) => {
    await shown(canvas, 'No landing pages yet.');
    await shown(canvas, 'No banners yet.');
    await shown(canvas, 'No text links yet.');
    await shown(canvas, 'No solo e-mails yet.');
  },
};

/** An unknown campaign: the server's sentence, with Try again. */
export const LoadFailed: Story = {
  beforeEach: withStoryMocks(materialMocks.landingPages.failure('There is no campaign with this id.', 404), materialMocks.creatives.failure('There is no campaign with this id.', 404)),
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getAllByText('There is no campaign with this id.')).toHaveLength(2));
    await expect(canvas.getAllByRole('button', { name: 'Try again' })).toHaveLength(2);
  },
};

/** Add a landing page: the empty name is said in the field; then name, URL and the default are sent. */
export const AddLandingPage: Story = {
  beforeEach: withStoryMocks(
    materialMocks.addLandingPage.answer(({ body }) => {
      const b = body as { name: string; url: string; is_default: boolean };
      return { success: true, landing_page: { landing_page_id: 33, campaign_id: 1205, name: b.name, url: b.url, is_default: b.is_default, screenshot: null, image: sampleLandingPages[1].image } };
    }, spy),
  ),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Add a landing page' }));
    const dialog = within(await dialogShown('Add a landing page'));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(await dialog.findByText('Enter a name.')).toBeVisible();
    await expect(calls).toHaveLength(0);
    await userEvent.type(dialog.getByLabelText(/^Name/), 'Calculator');
    await userEvent.type(dialog.getByLabelText(/^URL/), 'https://novalend.example/calc?c={{click_id}');
    await userEvent.click(dialog.getByText('Make it the default landing page'));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await shown(canvas, 'Calculator is added.');
    await expect(calls.map((c) => [c.params.id, c.body])).toEqual([['1205', { name: 'Calculator', url: 'https://novalend.example/calc?c={click_id}', is_default: true }]]);
    await waitFor(() => expect(screen().queryByRole('dialog')).toBeNull());
  },
};

/** The server refuses the URL: its sentence in the dialog, which stays open. */
export const AddLandingPageRefused: Story = {
  beforeEach: withStoryMocks(materialMocks.addLandingPage.failure('The landing page URL must be a full web address starting with http:// or https://.', 400)),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Add a landing page' }));
    const dialog = within(await dialogShown('Add a landing page'));
    await userEvent.type(dialog.getByLabelText(/^Name/), 'Broken');
    await userEvent.type(dialog.getByLabelText(/^URL/), 'novalend.example');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await shown(dialog, 'The landing page URL must be a full web address starting with http:// or https://.');
  },
};

/** Edit sends only what changed. */
export const EditLandingPage: Story = {
  beforeEach: withStoryMocks(materialMocks.editLandingPage.answer({ success: true, landing_page: { ...sampleLandingPages[1], name: 'Quiz funnel v2' } }, spy)),
  play: async ({ canvasElement, canvas }) => {
    const row = await rowOf(canvasElement, 'Landing pages', 'Quiz funnel');
    await userEvent.click(await row.findByRole('button', { name: 'Edit Quiz funnel' }));
    const dialog = within(await dialogShown('Edit Quiz funnel'));
    await userEvent.clear(dialog.getByLabelText(/^Name/));
    await userEvent.type(dialog.getByLabelText(/^Name/), 'Quiz funnel v2');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await shown(canvas, 'Quiz funnel v2 is saved.');
    await expect(calls.map((c) => [c.params.id, c.body])).toEqual([['32', { name: 'Quiz funnel v2' }]]);
    await waitFor(() => expect(screen().queryByRole('dialog')).toBeNull());
  },
};

/** Delete asks first; the server keeps the last page and says so. */
export const DeleteLastPageRefused: Story = {
  beforeEach: withStoryMocks(
    materialMocks.landingPages.answer({ success: true, campaign: CAMPAIGN, landing_pages: [sampleLandingPages[0]] }),
    materialMocks.deleteLandingPage.failure('A campaign needs a landing page: add another one before deleting this one.', 409, spy),
  ),
  play: async ({ canvasElement, canvas }) => {
    const row = await rowOf(canvasElement, 'Landing pages', 'Main offer page');
    await userEvent.click(await row.findByRole('button', { name: 'Delete Main offer page' }));
    const dialog = await confirmation('Delete Main offer page?');
    await expect(dialog.getByText(/It is the default landing page/)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await shown(canvas, 'A campaign needs a landing page: add another one before deleting this one.');
    await expect(calls.map((c) => c.params.id)).toEqual(['31']);
    await waitFor(() => expect(screen().queryByRole('alertdialog')).toBeNull());
    await imagesLoaded(canvasElement);
  },
};

/** Delete confirmed: the page is gone from the list the server answers next. */
export const DeleteLandingPage: Story = {
  beforeEach: withStoryMocks(materialMocks.deleteLandingPage.answer({ success: true }, spy)),
  play: async ({ canvasElement, canvas }) => {
    const row = await rowOf(canvasElement, 'Landing pages', 'Quiz funnel');
    await userEvent.click(await row.findByRole('button', { name: 'Delete Quiz funnel' }));
    const dialog = await confirmation('Delete Quiz funnel?');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await shown(canvas, 'Quiz funnel is deleted.');
    await expect(calls.map((c) => c.params.id)).toEqual(['32']);
    await waitFor(() => expect(screen().queryByRole('alertdialog')).toBeNull());
    await imagesLoaded(canvasElement);
  },
};

/** A screenshot goes up as multipart `screenshot`; the list shows it. */
export const UploadScreenshot: Story = {
  beforeEach: withStoryMocks(materialMocks.screenshot.answer({ success: true, landing_page: { ...sampleLandingPages[1], screenshot: sampleLandingPages[1].image } }, spy)),
  play: async ({ canvasElement, canvas }) => {
    const row = await rowOf(canvasElement, 'Landing pages', 'Quiz funnel');
    await userEvent.click(await row.findByRole('button', { name: 'Upload screenshot of Quiz funnel' }));
    const dialog = await dialogShown('Screenshot of Quiz funnel');
    await choose(dialog, pngFile('quiz.png'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await shown(canvas, "The screenshot of Quiz funnel is uploaded; the affiliates' campaign page shows it.");
    const sent = calls[0].body as Record<string, unknown>;
    await expect(calls[0].params.id).toBe('32');
    await expect(sent.screenshot).toBeInstanceOf(File);
    await expect((sent.screenshot as File).name).toBe('quiz.png');
    await expect((sent.screenshot as File).size).toBe(pngFile().size);
    await waitFor(() => expect(screen().queryByRole('dialog')).toBeNull());
    forgetDanglingAnnouncements();
    await imagesLoaded(canvasElement);
  },
};

/** Remove an uploaded screenshot: the drawn picture comes back. */
export const RemoveScreenshot: Story = {
  beforeEach: withStoryMocks(materialMocks.removeScreenshot.answer({ success: true, landing_page: { ...sampleLandingPages[0], screenshot: null } }, spy)),
  play: async ({ canvasElement, canvas }) => {
    const row = await rowOf(canvasElement, 'Landing pages', 'Main offer page');
    await userEvent.click(await row.findByRole('button', { name: 'Remove screenshot of Main offer page' }));
    await shown(canvas, 'The screenshot of Main offer page is removed; the drawn picture is shown again.');
    await expect(calls.map((c) => c.params.id)).toEqual(['31']);
    await imagesLoaded(canvasElement);
  },
};

/** The server reads the bytes and refuses (415): its sentence in the dialog. */
export const ScreenshotNotImage: Story = {
  beforeEach: withStoryMocks(materialMocks.screenshot.failure(MATERIAL_MESSAGES.notImage, 415)),
  play: async ({ canvasElement }) => {
    const row = await rowOf(canvasElement, 'Landing pages', 'Quiz funnel');
    await userEvent.click(await row.findByRole('button', { name: 'Upload screenshot of Quiz funnel' }));
    const dialog = await dialogShown('Screenshot of Quiz funnel');
    await choose(dialog, pngFile('cut-short.png'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await shown(within(dialog), MATERIAL_MESSAGES.notImage);
    forgetDanglingAnnouncements();
  },
};

/** Too many pixels (413): the server's sentence. */
export const ScreenshotTooLarge: Story = {
  beforeEach: withStoryMocks(materialMocks.screenshot.failure(MATERIAL_MESSAGES.tooManyPixels('screenshot', 12000, 800), 413)),
  play: async ({ canvasElement }) => {
    const row = await rowOf(canvasElement, 'Landing pages', 'Quiz funnel');
    await userEvent.click(await row.findByRole('button', { name: 'Upload screenshot of Quiz funnel' }));
    const dialog = await dialogShown('Screenshot of Quiz funnel');
    await choose(dialog, pngFile('huge.png'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await shown(within(dialog), 'The screenshot is 12000 × 800 pixels; it can be at most 10000 pixels wide and high.');
    forgetDanglingAnnouncements();
  },
};

/** A banner: name and image; the size the server read from the image is said. */
export const AddBanner: Story = {
  beforeEach: withStoryMocks(
    materialMocks.addBanner.answer(
      ({ body }) => ({
        success: true,
        creative: { creative_id: 60, campaign_id: 1205, name: String((body as { name: string }).name), type: 'banner', width: 1, height: 1, image: sampleCreatives[0].type === 'banner' ? sampleCreatives[0].image : null, uploaded: true },
      }),
      spy,
    ),
  ),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Add a banner' }));
    const dialog = await dialogShown('Add a banner');
    const d = within(dialog);
    await userEvent.click(d.getByRole('button', { name: 'Upload' }));
    await expect(await d.findByText('Enter a name.')).toBeVisible();
    await expect(await d.findByText('Choose an image file to upload.')).toBeVisible();
    await expect(calls).toHaveLength(0);
    await userEvent.type(d.getByLabelText(/^Name/), 'Tiny pixel');
    await choose(dialog, pngFile('banner.png'));
    await userEvent.click(d.getByRole('button', { name: 'Upload' }));
    await shown(canvas, 'Tiny pixel is added: 1 × 1 pixels, as read from the image.');
    const sent = calls[0].body as Record<string, unknown>;
    await expect(sent.name).toBe('Tiny pixel');
    await expect((sent.image as File).name).toBe('banner.png');
    await expect((sent.image as File).type).toBe('image/png');
    await waitFor(() => expect(screen().queryByRole('dialog')).toBeNull());
    forgetDanglingAnnouncements();
  },
};

/** A banner over 2 MB (413): the server's sentence. */
export const AddBannerTooLarge: Story = {
  beforeEach: withStoryMocks(materialMocks.addBanner.failure('The banner is larger than 2 MB. Upload a smaller file.', 413)),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Add a banner' }));
    const dialog = await dialogShown('Add a banner');
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Big one');
    await choose(dialog, pngFile('big.png'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await shown(within(dialog), 'The banner is larger than 2 MB. Upload a smaller file.');
    forgetDanglingAnnouncements();
  },
};

/** A banner the server cannot read as an image (415). */
export const AddBannerNotImage: Story = {
  beforeEach: withStoryMocks(materialMocks.addBanner.failure(MATERIAL_MESSAGES.notImage, 415)),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Add a banner' }));
    const dialog = await dialogShown('Add a banner');
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Forged');
    await choose(dialog, pngFile('forged.png'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await shown(within(dialog), MATERIAL_MESSAGES.notImage);
    forgetDanglingAnnouncements();
  },
};

/** Replace a banner's image: its new size follows. */
export const ReplaceBannerImage: Story = {
  beforeEach: withStoryMocks(materialMocks.replaceImage.answer({ success: true, creative: { ...(sampleCreatives[1] as Extract<(typeof sampleCreatives)[number], { type: 'banner' }>), width: 970, height: 250, uploaded: true } }, spy)),
  play: async ({ canvasElement, canvas }) => {
    const row = await rowOf(canvasElement, 'Banners', 'Leaderboard');
    await userEvent.click(await row.findByRole('button', { name: 'Replace image of Leaderboard' }));
    const dialog = await dialogShown('Replace the image of Leaderboard');
    await choose(dialog, pngFile('wide.png'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await shown(canvas, 'Leaderboard is saved with its new image: 970 × 250 pixels, as read from the image.');
    await expect(calls.map((c) => c.params.id)).toEqual(['52']);
    await waitFor(() => expect(screen().queryByRole('dialog')).toBeNull());
    forgetDanglingAnnouncements();
    await imagesLoaded(canvasElement);
  },
};

/** A text link: name and text. */
export const AddTextLink: Story = {
  beforeEach: withStoryMocks(materialMocks.addTextLink.answer({ success: true, creative: { creative_id: 61, campaign_id: 1205, name: 'Short pitch', type: 'text', text: 'Loans made simple' } }, spy)),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Add a text link' }));
    const dialog = within(await dialogShown('Add a text link'));
    await userEvent.type(dialog.getByLabelText(/^Name/), 'Short pitch');
    await userEvent.type(dialog.getByLabelText(/^Text of the link/), 'Loans made simple');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await shown(canvas, 'Short pitch is added.');
    await expect(calls.map((c) => c.body)).toEqual([{ name: 'Short pitch', text: 'Loans made simple' }]);
    await waitFor(() => expect(screen().queryByRole('dialog')).toBeNull());
  },
};

/** A solo e-mail with HTML: the form says it is sanitised; after saving, what the server kept is shown. */
export const AddEmailSanitised: Story = {
  beforeEach: withStoryMocks(
    materialMocks.addEmail.answer(
      { success: true, creative: { creative_id: 62, campaign_id: 1205, name: 'Promo', type: 'htmlEmail', subject: 'Low rates', text: '', html: '<p>Hello <a href="[TRACKING_LINK]">apply</a></p>' } },
      spy,
    ),
  ),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Add a solo e-mail' }));
    const dialog = within(await dialogShown('Add a solo e-mail'));
    await expect(dialog.getByText(/The HTML is sanitised when it is saved/)).toBeVisible();
    await userEvent.type(dialog.getByLabelText(/^Name/), 'Promo');
    await userEvent.type(dialog.getByLabelText(/^Subject/), 'Low rates');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(await dialog.findByText("Enter the e-mail's text, its HTML or both.")).toBeVisible();
    const html = '<p style="color:red">Hello <a href="[TRACKING_LINK]">apply</a><script>x()</script></p>';
    await userEvent.click(dialog.getByLabelText(/^HTML/));
    await userEvent.paste(html);
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await shown(canvas, 'Promo is saved.');
    await shown(canvas, 'The sanitiser removed part of the HTML. This is what the affiliates get:');
    await shown(canvas, '<p>Hello <a href="[TRACKING_LINK]">apply</a></p>');
    await expect(calls.map((c) => c.body)).toEqual([{ name: 'Promo', subject: 'Low rates', text: '', html }]);
    await waitFor(() => expect(screen().queryByRole('dialog')).toBeNull());
  },
};

/** Edit a solo e-mail: only the changed subject is sent. */
export const EditEmail: Story = {
  beforeEach: withStoryMocks(materialMocks.editCreative.answer({ success: true, creative: { ...(sampleCreatives[4] as Extract<(typeof sampleCreatives)[number], { type: 'textEmail' | 'htmlEmail' }>), subject: 'Last chance' } }, spy)),
  play: async ({ canvasElement, canvas }) => {
    const row = await rowOf(canvasElement, 'Solo e-mails', 'Reminder');
    await userEvent.click(await row.findByRole('button', { name: 'Edit Reminder' }));
    const dialog = within(await dialogShown('Edit Reminder'));
    await userEvent.clear(dialog.getByLabelText(/^Subject/));
    await userEvent.type(dialog.getByLabelText(/^Subject/), 'Last chance');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await shown(canvas, 'Reminder is saved.');
    await expect(calls.map((c) => [c.params.id, c.body])).toEqual([['55', { subject: 'Last chance' }]]);
    await waitFor(() => expect(screen().queryByRole('dialog')).toBeNull());
  },
};

/** Delete a creative, after its confirmation. */
export const DeleteCreative: Story = {
  beforeEach: withStoryMocks(materialMocks.deleteCreative.answer({ success: true }, spy)),
  play: async ({ canvasElement, canvas }) => {
    const row = await rowOf(canvasElement, 'Text links', 'Rate headline');
    await userEvent.click(await row.findByRole('button', { name: 'Delete Rate headline' }));
    const dialog = await confirmation('Delete Rate headline?');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await shown(canvas, 'Rate headline is deleted.');
    await expect(calls.map((c) => c.params.id)).toEqual(['53']);
    await waitFor(() => expect(screen().queryByRole('alertdialog')).toBeNull());
    await imagesLoaded(canvasElement);
  },
};

/** At 375 px: every row is a card, nothing scrolls sideways. */
export const Phone: Story = {
  parameters: phone,
  play: async ({ canvasElement }) => {
    await tableOf(canvasElement, 'Solo e-mails');
    await imagesLoaded(canvasElement);
    await expectNoHorizontalScroll(canvasElement);
  },
};
