import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { animationsSettled, expectNoHorizontalScroll, forgetDanglingAnnouncements, phone, recordingMocks, screen, shown, wait } from '../../.storybook/helpers';
import { advertiserDetailMessages } from '../../src/ops/advertisers/AdvertiserDetailView';
import { advertiserFormMessages } from '../../src/ops/advertisers/AdvertiserForm';
import { AdvertisersPage } from '../../src/ops/advertisers/AdvertisersPage';
import { copiedFeedbackGone, stubClipboard } from '../mocks/clipboard';
import { meAnswer, opsMocks } from '../mocks/ops';
import { advertisersAnswer, offersMocks, postbackAnswer, sampleAdvertisers } from '../mocks/opsOffers';
import { opsFrame } from './opsStory';

/**
 * The advertisers area (docs/ops-offers.md): the list with search and pages, create and edit, and an
 * advertiser's postback URL and pixel with the secret's rotation (7 days of grace, or end it now).
 */
const { calls, spy, withStoryMocks } = recordingMocks({
  defaults: () => [
    opsMocks.me.answer(meAnswer('admin')),
    offersMocks.advertisers.answer(({ query }) => advertisersAnswer(sampleAdvertisers, 120, Number(query.page ?? 1)), spy),
    offersMocks.advertiser.answer(({ params }) => ({ success: true, advertiser: sampleAdvertisers.find((a) => String(a.advertiser_id) === params.id) ?? sampleAdvertisers[0] })),
  ],
});

const at = (path: string) => ({ router: { initialEntries: [path], path: '/ops/advertisers/*' } });

const meta = {
  title: 'Ops/Advertisers',
  component: AdvertisersPage,
  parameters: { layout: 'padded', ...at('/ops/advertisers') },
  decorators: [opsFrame],
  beforeEach: withStoryMocks(),
} satisfies Meta<typeof AdvertisersPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const table = async (root: HTMLElement) => within(await within(root).findByRole('table', { name: 'Advertisers' }));

async function confirmation(name: string | RegExp) {
  const d = await screen().findByRole('alertdialog', { name });
  await waitFor(() => expect(d).toBeVisible());
  await animationsSettled();
  return within(d);
}

/** Every advertiser with status, contact and campaigns by state; an admin may create one. */
export const Loaded: Story = {
  play: async ({ canvasElement, canvas }) => {
    const t = await table(canvasElement);
    await expect(t.getAllByRole('rowheader').map((c) => c.textContent)).toEqual(sampleAdvertisers.map((a) => a.name));
    await expect(t.getByText('4 active, 1 paused, 2 expired')).toBeVisible();
    await expect(t.getByText('Inactive')).toBeVisible();
    await expect(canvas.getByText('120 advertisers')).toBeVisible();
    await expect(await canvas.findByRole('link', { name: 'New advertiser' })).toHaveAttribute('href', '/ops/advertisers/new');
  },
};

/** The search and status go to the server, from the first page; the second page is asked for. */
export const SearchAndPages: Story = {
  play: async ({ canvasElement, canvas }) => {
    await table(canvasElement);
    await userEvent.click(within(canvas.getByRole('navigation', { name: 'Advertiser pages' })).getByRole('button', { name: /2/ }));
    await waitFor(() => expect(calls.at(-1)?.query.page).toBe('2'));
    await userEvent.type(canvas.getByLabelText('Name or #id'), 'acme');
    await userEvent.click(canvas.getByRole('button', { name: /Status/ }));
    await userEvent.click(within(await screen().findByRole('listbox')).getByRole('option', { name: 'Active' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ q: 'acme', status: 'active', page: '1', limit: '50' }));
    forgetDanglingAnnouncements();
  },
};

/** No advertiser yet. */
export const Empty: Story = {
  beforeEach: withStoryMocks(offersMocks.advertisers.answer(advertisersAnswer([], 0))),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No advertisers yet.')).toBeVisible();
    await expect(canvas.getByText('0 advertisers')).toBeVisible();
  },
};

/** Waiting for the list. */
export const Loading: Story = {
  beforeEach: withStoryMocks(offersMocks.advertisers.pending()),
  parameters: { visual: { skip: 'a spinner; its label is checked' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('progressbar', { name: 'Loading the advertisers' })).toBeVisible();
  },
};

/** The list did not load: the server's sentence and Try again. */
export const LoadFailed: Story = {
  beforeEach: withStoryMocks(offersMocks.advertisers.failure('The database is restarting. Please try again in a few seconds.', 503)),
  play: async ({ canvas }) => {
    await shown(canvas, 'The database is restarting. Please try again in a few seconds.');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** A viewer reads the list and has no New advertiser. */
export const Viewer: Story = {
  beforeEach: withStoryMocks(opsMocks.me.answer(meAnswer('viewer'))),
  play: async ({ canvasElement, canvas }) => {
    await table(canvasElement);
    await wait(200);
    await expect(canvas.queryByRole('link', { name: 'New advertiser' })).toBeNull();
  },
};

/** At 375 px: advertisers as cards, nothing scrolls sideways. */
export const Phone: Story = {
  parameters: phone,
  play: async ({ canvasElement }) => {
    await table(canvasElement);
    await expectNoHorizontalScroll(canvasElement);
  },
};

// ——— One advertiser ———

/** The advertiser's fields, campaigns and secret state; an admin may edit, rotate and see the URLs. */
export const Detail: Story = {
  parameters: at('/ops/advertisers/3'),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: /Acme Insurance/ })).toBeVisible();
    await expect(canvas.getByRole('link', { name: '4 active, 1 paused, 2 expired' })).toHaveAttribute('href', '/ops/campaigns?advertiser_id=3');
    await expect(canvas.getByText('Rotated Oct 2, 2026, 9:00 AM UTC')).toBeVisible();
    await expect(canvas.getByText('Accepted until Oct 9, 2026, 9:00 AM UTC')).toBeVisible();
    await expect(await canvas.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/ops/advertisers/3/edit');
    await expect(canvas.getByRole('button', { name: 'Rotate the secret' })).toBeVisible();
  },
};

const copied: string[] = [];

/** The postback URL and pixel are asked for only when wanted (the read is audited), and copied. */
export const ShowPostback: Story = {
  parameters: at('/ops/advertisers/3'),
  beforeEach: (context) => {
    const restore = stubClipboard(copied);
    const after = withStoryMocks(offersMocks.postback.answer(postbackAnswer(), spy))(context);
    return () => {
      restore();
      after();
    };
  },
  play: async ({ canvasElement, canvas }) => {
    await expect(await canvas.findByText(advertiserDetailMessages.postbackIntro)).toBeVisible();
    await expect(calls.filter((c) => c.url.pathname.endsWith('/postback'))).toHaveLength(0);
    await userEvent.click(await canvas.findByRole('button', { name: 'Show the postback URL and pixel' }));
    const url = await canvas.findByLabelText('Server-to-server postback URL');
    await expect(url).toHaveValue(postbackAnswer().postback_url);
    await expect(canvas.getByLabelText('Pixel')).toHaveValue(postbackAnswer().pixel_url);
    await userEvent.click(canvas.getAllByRole('button', { name: 'Copy' })[0]);
    await waitFor(() => expect(copied).toEqual([postbackAnswer().postback_url]));
    await copiedFeedbackGone(canvasElement);
    forgetDanglingAnnouncements();
  },
};

/** Rotate asks first and explains the 7 days of grace; then says until when the old secret works and shows the new URL. */
export const Rotate: Story = {
  parameters: at('/ops/advertisers/3'),
  beforeEach: withStoryMocks(offersMocks.rotate.answer(postbackAnswer('2026-12-10T17:00:00.000Z'), spy)),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Rotate the secret' }));
    const dialog = await confirmation('Rotate the postback secret of Acme Insurance?');
    await expect(dialog.getByText(advertiserDetailMessages.rotateIntro)).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: advertiserDetailMessages.endNow })).not.toBeChecked();
    await userEvent.click(dialog.getByRole('button', { name: 'Rotate the secret' }));
    await shown(canvas, advertiserDetailMessages.rotatedUntil('2026-12-10T17:00:00.000Z'));
    await expect(canvas.getByText(/The old one works until Dec 10, 2026, 5:00 PM UTC/)).toBeVisible();
    await expect(calls.filter((c) => c.url.pathname.endsWith('/rotateSecret')).map((c) => [c.params.id, c.body])).toEqual([['3', { end_previous_now: false }]]);
    await expect(canvas.getByLabelText('Server-to-server postback URL')).toHaveValue(postbackAnswer().postback_url);
    await waitFor(() => expect(screen().queryByRole('alertdialog')).toBeNull());
  },
};

/** A leaked secret: "end the old one now" is sent, and the page says the old one no longer works. */
export const RotateEndingTheOldNow: Story = {
  parameters: at('/ops/advertisers/3'),
  beforeEach: withStoryMocks(offersMocks.rotate.answer(postbackAnswer(null), spy)),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Rotate the secret' }));
    const dialog = await confirmation('Rotate the postback secret of Acme Insurance?');
    await userEvent.click(dialog.getByRole('checkbox', { name: advertiserDetailMessages.endNow }));
    await userEvent.click(dialog.getByRole('button', { name: 'Rotate the secret' }));
    await shown(canvas, advertiserDetailMessages.rotatedEnded);
    await expect(calls.filter((c) => c.url.pathname.endsWith('/rotateSecret')).map((c) => c.body)).toEqual([{ end_previous_now: true }]);
    await waitFor(() => expect(screen().queryByRole('alertdialog')).toBeNull());
  },
};

/** The server refuses the rotation: its sentence. */
export const RotateRefused: Story = {
  parameters: at('/ops/advertisers/3'),
  beforeEach: withStoryMocks(offersMocks.rotate.failure('There is no advertiser with this id.', 404)),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Rotate the secret' }));
    const dialog = await confirmation('Rotate the postback secret of Acme Insurance?');
    await userEvent.click(dialog.getByRole('button', { name: 'Rotate the secret' }));
    await shown(canvas, 'There is no advertiser with this id.');
    await waitFor(() => expect(screen().queryByRole('alertdialog')).toBeNull());
  },
};

/** Finance sees the postback URL but cannot edit or rotate; a viewer sees neither. */
export const DetailAsFinance: Story = {
  parameters: at('/ops/advertisers/3'),
  beforeEach: withStoryMocks(opsMocks.me.answer(meAnswer('finance'))),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Show the postback URL and pixel' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Rotate the secret' })).toBeNull();
    await expect(canvas.queryByRole('link', { name: 'Edit' })).toBeNull();
  },
};

export const DetailAsViewer: Story = {
  parameters: at('/ops/advertisers/3'),
  beforeEach: withStoryMocks(opsMocks.me.answer(meAnswer('viewer'))),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: /Acme Insurance/ })).toBeVisible();
    await wait(200);
    await expect(canvas.queryByRole('button', { name: 'Show the postback URL and pixel' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Rotate the secret' })).toBeNull();
    await expect(canvas.queryByRole('link', { name: 'Edit' })).toBeNull();
  },
};

/** An advertiser without a secret: said, and its postbacks are refused until it is rotated. */
export const DetailWithoutSecret: Story = {
  parameters: at('/ops/advertisers/9'),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(advertiserDetailMessages.noSecret)).toBeVisible();
    await expect(canvas.getByText('None')).toBeVisible();
  },
};

/** There is no such advertiser: the server's sentence. */
export const DetailNotFound: Story = {
  parameters: at('/ops/advertisers/99'),
  beforeEach: withStoryMocks(offersMocks.advertiser.failure('There is no advertiser with this id.', 404)),
  play: async ({ canvas }) => {
    await shown(canvas, 'There is no advertiser with this id.');
  },
};

/** At 375 px: the detail and its URLs fit. */
export const DetailPhone: Story = {
  parameters: { ...phone, ...at('/ops/advertisers/3') },
  beforeEach: withStoryMocks(offersMocks.postback.answer(postbackAnswer())),
  play: async ({ canvasElement, canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Show the postback URL and pixel' }));
    await canvas.findByLabelText('Server-to-server postback URL');
    await expectNoHorizontalScroll(canvasElement);
    forgetDanglingAnnouncements();
  },
};

// ——— Create and edit ———

/** A new advertiser: the name is required; created, the page opens the advertiser and says so. */
export const Create: Story = {
  parameters: at('/ops/advertisers/new'),
  beforeEach: withStoryMocks(
    offersMocks.createAdvertiser.answer(({ body }) => ({ success: true, advertiser: { ...sampleAdvertisers[1], ...(body as object), advertiser_id: 7 } }), spy),
  ),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Create the advertiser' }));
    await expect(await canvas.findByText(advertiserFormMessages.name)).toBeVisible();
    await userEvent.type(canvas.getByLabelText(/^Contact e-mail/), 'not-an-address');
    await userEvent.click(canvas.getByRole('button', { name: 'Create the advertiser' }));
    await expect(await canvas.findByText(advertiserFormMessages.email)).toBeVisible();
    await expect(calls.filter((c) => c.request.method === 'POST')).toHaveLength(0);
    await userEvent.type(canvas.getByLabelText(/^Name/), 'Blue Lake Games');
    await userEvent.clear(canvas.getByLabelText(/^Contact e-mail/));
    await userEvent.type(canvas.getByLabelText(/^Contact e-mail/), 'team@bluelake.example');
    await userEvent.click(canvas.getByRole('button', { name: 'Create the advertiser' }));
    await shown(canvas, 'Blue Lake Games is created.');
    await expect(calls.filter((c) => c.request.method === 'POST').map((c) => c.body)).toEqual([
      { name: 'Blue Lake Games', contact_email: 'team@bluelake.example', notes: '', status: 'active' },
    ]);
    await expect(await canvas.findByRole('heading', { name: /Blue Lake Games/ })).toBeVisible();
    forgetDanglingAnnouncements();
  },
};

/** The server refuses the new advertiser: its sentence above the form, which keeps what was typed. */
export const CreateRefused: Story = {
  parameters: at('/ops/advertisers/new'),
  beforeEach: withStoryMocks(offersMocks.createAdvertiser.failure("The advertiser's name can be at most 200 characters.", 400)),
  play: async ({ canvas }) => {
    await userEvent.type(await canvas.findByLabelText(/^Name/), 'Acme');
    await userEvent.click(canvas.getByRole('button', { name: 'Create the advertiser' }));
    await shown(canvas, "The advertiser's name can be at most 200 characters.");
    await expect(canvas.getByLabelText(/^Name/)).toHaveValue('Acme');
    forgetDanglingAnnouncements();
  },
};

/** Edit: the stored fields, changed and saved; back on the advertiser with the message. */
export const Edit: Story = {
  parameters: at('/ops/advertisers/3/edit'),
  beforeEach: withStoryMocks(offersMocks.updateAdvertiser.answer(({ body }) => ({ success: true, advertiser: { ...sampleAdvertisers[0], ...(body as object) } }), spy)),
  play: async ({ canvas }) => {
    const name = await canvas.findByLabelText(/^Name/);
    await expect(name).toHaveValue('Acme Insurance');
    await expect(canvas.getByLabelText(/^Contact e-mail/)).toHaveValue('partners@acme.example');
    await userEvent.clear(name);
    await userEvent.type(name, 'Acme Insurance Group');
    await userEvent.click(canvas.getByRole('button', { name: 'Save the changes' }));
    await shown(canvas, 'The changes to Acme Insurance Group are saved.');
    await expect(calls.filter((c) => c.request.method === 'PUT').map((c) => [c.params.id, c.body])).toEqual([
      ['3', { name: 'Acme Insurance Group', contact_email: 'partners@acme.example', notes: 'Pays on the 5th.\nAsk for Dana.', status: 'active' }],
    ]);
    forgetDanglingAnnouncements();
  },
};

/** Inactive while campaigns run: the server's sentence above the form. */
export const EditRefused: Story = {
  parameters: at('/ops/advertisers/3/edit'),
  beforeEach: withStoryMocks(
    offersMocks.updateAdvertiser.failure('Acme Insurance has 4 campaigns running: pause or expire them before making the advertiser inactive.', 409),
  ),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('radio', { name: 'Inactive' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save the changes' }));
    await shown(canvas, 'Acme Insurance has 4 campaigns running: pause or expire them before making the advertiser inactive.');
    forgetDanglingAnnouncements();
  },
};

/** At 375 px: the form in one column. */
export const EditPhone: Story = {
  parameters: { ...phone, ...at('/ops/advertisers/3/edit') },
  play: async ({ canvasElement, canvas }) => {
    await canvas.findByLabelText(/^Name/);
    await expectNoHorizontalScroll(canvasElement);
  },
};
