import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { animationsSettled, expectNoHorizontalScroll, forgetDanglingAnnouncements, phone, recordingMocks, screen, shown, wait } from '../../.storybook/helpers';
import { campaignFormMessages } from '../../src/ops/campaigns/campaignDraft';
import { CampaignsPage } from '../../src/ops/campaigns/CampaignsPage';
import { statusConfirmText } from '../../src/ops/campaigns/CampaignStatusConfirm';
import { meAnswer, opsMocks } from '../mocks/ops';
import { advertisersAnswer, campaignsAnswer, offersMocks, previewAnswer, sampleAdvertisers, sampleCampaign, sampleCampaignItems, sampleOptions } from '../mocks/opsOffers';
import { opsFrame } from './opsStory';

/**
 * The campaigns area (docs/ops-offers.md): the list with search, status and advertiser filters;
 * pause, resume and expire (final) with confirmations; one campaign with what affiliates see
 * (the preview); create and edit with every field the API takes.
 */
const { calls, spy, withStoryMocks } = recordingMocks({
  defaults: () => [
    opsMocks.me.answer(meAnswer('admin')),
    offersMocks.campaigns.answer(({ query }) => campaignsAnswer(sampleCampaignItems, 75, Number(query.page ?? 1)), spy),
    offersMocks.advertisers.answer(advertisersAnswer()),
    offersMocks.advertiser.answer({ success: true, advertiser: sampleAdvertisers[0] }),
    offersMocks.campaign.answer({ success: true, campaign: sampleCampaign }),
    offersMocks.preview.answer(previewAnswer()),
    offersMocks.options.answer(sampleOptions),
  ],
});

const at = (path: string) => ({ router: { initialEntries: [path], path: '/ops/campaigns/*' } });

const meta = {
  title: 'Ops/Campaigns',
  component: CampaignsPage,
  parameters: { layout: 'padded', ...at('/ops/campaigns') },
  decorators: [opsFrame],
  beforeEach: withStoryMocks(),
} satisfies Meta<typeof CampaignsPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const table = async (root: HTMLElement) => within(await within(root).findByRole('table', { name: 'Campaigns' }));
const rowOf = async (root: HTMLElement, name: string) => within((await table(root)).getByRole('rowheader', { name }).closest('tr')!);

async function confirmation(name: string) {
  const d = await screen().findByRole('alertdialog', { name });
  await waitFor(() => expect(d).toBeVisible());
  await animationsSettled();
  return within(d);
}
const writes = () => calls.filter((c) => c.request.method !== 'GET');

/** Newest first, with status badges, payout and revenue; pause or resume and expire by state (none once expired). */
export const Loaded: Story = {
  play: async ({ canvasElement, canvas }) => {
    const t = await table(canvasElement);
    await expect(t.getAllByRole('rowheader').map((c) => c.textContent)).toEqual(sampleCampaignItems.map((c) => c.name));
    await expect(canvas.getByText('75 campaigns')).toBeVisible();
    const active = await rowOf(canvasElement, 'Acme Auto Quote');
    await expect(active.getByText('Active')).toBeVisible();
    await expect(active.getByText('$18.00 per lead')).toBeVisible();
    await expect(await active.findByRole('button', { name: 'Pause Acme Auto Quote' })).toBeVisible();
    const paused = await rowOf(canvasElement, 'Acme Home Cover');
    await expect(paused.getByRole('button', { name: 'Resume Acme Home Cover' })).toBeVisible();
    const expired = await rowOf(canvasElement, 'Dragon Quest Install');
    await expect(expired.queryByRole('button')).toBeNull();
    await expect(canvas.getByRole('link', { name: 'New campaign' })).toHaveAttribute('href', '/ops/campaigns/new');
  },
};

/** Search, status and advertiser go to the server, from the first page. */
export const Filtered: Story = {
  play: async ({ canvasElement, canvas }) => {
    await table(canvasElement);
    await userEvent.type(canvas.getByLabelText('Name or #id'), '#41');
    await userEvent.click(canvas.getByRole('button', { name: /Status/ }));
    await userEvent.click(within(await screen().findByRole('listbox')).getByRole('option', { name: 'Paused' }));
    await userEvent.click(canvas.getByRole('button', { name: /Advertiser/ }));
    await userEvent.click(within(await screen().findByRole('listbox')).getByRole('option', { name: 'Blue Lake Games' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ q: '#41', status: 'paused', advertiser_id: '7', page: '1', limit: '50' }));
    forgetDanglingAnnouncements();
  },
};

/** From an advertiser's page: the list opens filtered by that advertiser; the next page is asked for. */
export const OfOneAdvertiser: Story = {
  parameters: at('/ops/campaigns?advertiser_id=3'),
  play: async ({ canvasElement, canvas }) => {
    await table(canvasElement);
    await expect(calls[0].query).toEqual({ advertiser_id: '3', page: '1', limit: '50' });
    await userEvent.click(within(canvas.getByRole('navigation', { name: 'Campaign pages' })).getByRole('button', { name: /2/ }));
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ advertiser_id: '3', page: '2', limit: '50' }));
  },
};

export const Empty: Story = {
  beforeEach: withStoryMocks(offersMocks.campaigns.answer(campaignsAnswer([], 0))),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No campaigns yet.')).toBeVisible();
  },
};

export const Loading: Story = {
  beforeEach: withStoryMocks(offersMocks.campaigns.pending()),
  parameters: { visual: { skip: 'a spinner; its label is checked' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('progressbar', { name: 'Loading the campaigns' })).toBeVisible();
  },
};

export const LoadFailed: Story = {
  beforeEach: withStoryMocks(offersMocks.campaigns.failure('The database is restarting. Please try again in a few seconds.', 503)),
  play: async ({ canvas }) => {
    await shown(canvas, 'The database is restarting. Please try again in a few seconds.');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** Pause asks first, then says so. */
export const Pause: Story = {
  beforeEach: withStoryMocks(offersMocks.pause.answer({ success: true, campaign: { ...sampleCampaign, status: 'paused', state: 'paused' } }, spy)),
  play: async ({ canvasElement, canvas }) => {
    const row = await rowOf(canvasElement, 'Acme Auto Quote');
    await userEvent.click(await row.findByRole('button', { name: 'Pause Acme Auto Quote' }));
    const dialog = await confirmation('Pause Acme Auto Quote?');
    await expect(dialog.getByText(statusConfirmText.pause.body)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Pause' }));
    await shown(canvas, 'Acme Auto Quote is paused.');
    await expect(writes().map((c) => c.url.pathname)).toEqual(['/api/operator/campaigns/41/pause']);
    await waitFor(() => expect(screen().queryByRole('alertdialog')).toBeNull());
  },
};

/** Resume refused (the advertiser is inactive): the server's sentence. */
export const ResumeRefused: Story = {
  beforeEach: withStoryMocks(offersMocks.resume.failure('Acme Insurance is inactive: make the advertiser active first.', 409)),
  play: async ({ canvasElement, canvas }) => {
    const row = await rowOf(canvasElement, 'Acme Home Cover');
    await userEvent.click(await row.findByRole('button', { name: 'Resume Acme Home Cover' }));
    const dialog = await confirmation('Resume Acme Home Cover?');
    await userEvent.click(dialog.getByRole('button', { name: 'Resume' }));
    await shown(canvas, 'Acme Insurance is inactive: make the advertiser active first.');
    await waitFor(() => expect(screen().queryByRole('alertdialog')).toBeNull());
  },
};

/** Expire says it is final; Cancel sends nothing. */
export const ExpireCancelled: Story = {
  play: async ({ canvasElement }) => {
    const row = await rowOf(canvasElement, 'Acme Auto Quote');
    await userEvent.click(await row.findByRole('button', { name: 'Expire Acme Auto Quote' }));
    const dialog = await confirmation('Expire Acme Auto Quote?');
    await expect(dialog.getByText(/This is final: it cannot be resumed or edited again/)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen().queryByRole('alertdialog')).toBeNull());
    await expect(writes()).toHaveLength(0);
  },
};

/** A viewer reads the list: no New campaign, no status buttons. */
export const Viewer: Story = {
  beforeEach: withStoryMocks(opsMocks.me.answer(meAnswer('viewer'))),
  play: async ({ canvasElement, canvas }) => {
    const t = await table(canvasElement);
    await wait(200);
    await expect(t.queryByRole('button')).toBeNull();
    await expect(canvas.queryByRole('link', { name: 'New campaign' })).toBeNull();
  },
};

export const Phone: Story = {
  parameters: phone,
  play: async ({ canvasElement }) => {
    await table(canvasElement);
    await expectNoHorizontalScroll(canvasElement);
  },
};

// ——— One campaign ———

/** The campaign's fields and rates, the link to its landing pages and creatives, and what affiliates see. */
export const Detail: Story = {
  parameters: at('/ops/campaigns/41'),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: /Acme Auto Quote/ })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Landing pages and creatives' })).toHaveAttribute('href', '/ops/material/41');
    await expect(canvas.getByText('By Request (an operator reviews each request)')).toBeVisible();
    const rates = within(canvas.getByRole('table', { name: 'Rates' }));
    await expect(rates.getByText('Lead (default)')).toBeVisible();
    await expect(rates.getByText('50% of sale')).toBeVisible();
    const preview = within(await canvas.findByRole('region', { name: 'What affiliates see' }));
    await expect(preview.getByText('$12.50 per lead')).toBeVisible();
    await expect(preview.getByText('Not requested')).toBeVisible();
    await expect(await canvas.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/ops/campaigns/41/edit');
  },
};

/** A paused campaign: the preview says what its page shows. */
export const DetailPaused: Story = {
  parameters: at('/ops/campaigns/41'),
  beforeEach: withStoryMocks(
    offersMocks.campaign.answer({ success: true, campaign: { ...sampleCampaign, status: 'paused', state: 'paused' } }),
    offersMocks.preview.answer(previewAnswer({ paused: true, message: 'This campaign is paused: its page opens, marked paused, and its links go to the fallback page.' })),
  ),
  play: async ({ canvas }) => {
    await shown(canvas, 'This campaign is paused: its page opens, marked paused, and its links go to the fallback page.');
    await expect(await canvas.findByRole('button', { name: 'Resume Acme Auto Quote' })).toBeVisible();
  },
};

/** Expired: no page for affiliates, no edit and no status buttons. */
export const DetailExpired: Story = {
  parameters: at('/ops/campaigns/41'),
  beforeEach: withStoryMocks(
    offersMocks.campaign.answer({ success: true, campaign: { ...sampleCampaign, status: 'expired', state: 'expired' } }),
    offersMocks.preview.answer(previewAnswer({ visible: false, message: "This campaign doesn't exist." })),
  ),
  play: async ({ canvas }) => {
    await shown(canvas, "This campaign doesn't exist.");
    await expect(canvas.getByText('Affiliates cannot open its page.')).toBeVisible();
    await wait(200);
    await expect(canvas.queryByRole('link', { name: 'Edit' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Expire|Pause|Resume/ })).toBeNull();
  },
};

/** Expire from the detail: said final, sent, and said done. */
export const Expire: Story = {
  parameters: at('/ops/campaigns/41'),
  beforeEach: withStoryMocks(offersMocks.expire.answer({ success: true, campaign: { ...sampleCampaign, status: 'expired', state: 'expired' } }, spy)),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Expire Acme Auto Quote' }));
    const dialog = await confirmation('Expire Acme Auto Quote?');
    await expect(dialog.getByText(statusConfirmText.expire.body)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Expire for good' }));
    await shown(canvas, 'Acme Auto Quote is expired.');
    await expect(writes().map((c) => c.url.pathname)).toEqual(['/api/operator/campaigns/41/expire']);
    await waitFor(() => expect(screen().queryByRole('alertdialog')).toBeNull());
  },
};

/** A viewer sees the campaign and its preview, without Edit or status buttons. */
export const DetailAsViewer: Story = {
  parameters: at('/ops/campaigns/41'),
  beforeEach: withStoryMocks(opsMocks.me.answer(meAnswer('viewer'))),
  play: async ({ canvas }) => {
    await canvas.findByRole('region', { name: 'What affiliates see' });
    await wait(200);
    await expect(canvas.queryByRole('link', { name: 'Edit' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Expire|Pause|Resume/ })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Landing pages and creatives' })).toBeVisible();
  },
};

export const DetailNotFound: Story = {
  parameters: at('/ops/campaigns/99'),
  beforeEach: withStoryMocks(offersMocks.campaign.failure('There is no campaign with this id.', 404)),
  play: async ({ canvas }) => {
    await shown(canvas, 'There is no campaign with this id.');
  },
};

/** The preview did not load: its sentence in its panel, the rest stays. */
export const PreviewFailed: Story = {
  parameters: at('/ops/campaigns/41'),
  beforeEach: withStoryMocks(offersMocks.preview.failure('The database is restarting. Please try again in a few seconds.', 503)),
  play: async ({ canvas }) => {
    await shown(canvas, 'The database is restarting. Please try again in a few seconds.');
    await expect(canvas.getByRole('heading', { name: /Acme Auto Quote/ })).toBeVisible();
  },
};

export const DetailPhone: Story = {
  parameters: { ...phone, ...at('/ops/campaigns/41') },
  play: async ({ canvasElement, canvas }) => {
    await canvas.findByRole('region', { name: 'What affiliates see' });
    await expectNoHorizontalScroll(canvasElement);
  },
};

// ——— Create and edit ———

const pick = async (trigger: HTMLElement, option: string) => {
  await userEvent.click(trigger);
  await userEvent.click(within(await screen().findByRole('listbox')).getByRole('option', { name: option }));
};

/** A new campaign: what is missing is said at the fields; created paused, the page opens it and says so. */
export const Create: Story = {
  parameters: at('/ops/campaigns/new?advertiser_id=3'),
  beforeEach: withStoryMocks(
    offersMocks.createCampaign.answer({ success: true, campaign: { ...sampleCampaign, campaign_id: 42, name: 'Acme Renters', status: 'paused', state: 'paused' } }, spy),
  ),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Create the campaign' }));
    await expect(await canvas.findByText(campaignFormMessages.name)).toBeVisible();
    await expect(canvas.getByText(campaignFormMessages.traffic)).toBeVisible();
    await expect(writes()).toHaveLength(0);
    await userEvent.type(canvas.getByLabelText(/^Name/), 'Acme Renters');
    await pick(canvas.getByRole('button', { name: /Category/ }), 'Finance');
    await pick(canvas.getByRole('button', { name: /Subcategory/ }), 'Insurance');
    await userEvent.type(canvas.getByLabelText('Rate 1: description'), 'Lead');
    await userEvent.type(canvas.getByLabelText('Payout amount'), '10');
    await userEvent.type(canvas.getByLabelText('Revenue amount'), '15.5');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'E-mail' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Search' }));
    await userEvent.type(canvas.getByLabelText(/^Daily cap/), '300');
    await userEvent.click(canvas.getByRole('button', { name: 'Create the campaign' }));
    await shown(canvas, 'Acme Renters is created, paused: preview it, then resume it.');
    const [sent] = writes();
    await expect(sent.body).toMatchObject({
      advertiser_id: 3,
      status: 'paused',
      name: 'Acme Renters',
      category_id: 1,
      subcategory_id: 11,
      rates: [{ description: 'Lead', rate_type: 'F', rate: 10, revenue_type: 'F', revenue: 15.5, status: 'Active', is_default: true }],
      traffic_types: ['email', 'search'],
      daily_cap: 300,
      by_request: false,
      approval_mode: null,
      countries: [],
    });
    forgetDanglingAnnouncements();
  },
};

/** The server refuses (a rule of several fields): its sentence above the form, which keeps what was typed. */
export const CreateRefused: Story = {
  parameters: at('/ops/campaigns/new?advertiser_id=3'),
  beforeEach: withStoryMocks(
    offersMocks.createCampaign.failure('Search restrictions apply to search traffic: allow search traffic, or clear the restrictions.', 400),
  ),
  play: async ({ canvas }) => {
    await userEvent.type(await canvas.findByLabelText(/^Name/), 'Acme Renters');
    await pick(canvas.getByRole('button', { name: /Category/ }), 'Finance');
    await pick(canvas.getByRole('button', { name: /Subcategory/ }), 'Insurance');
    await userEvent.type(canvas.getByLabelText('Rate 1: description'), 'Lead');
    await userEvent.type(canvas.getByLabelText('Payout amount'), '10');
    await userEvent.type(canvas.getByLabelText('Revenue amount'), '15');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'E-mail' }));
    await userEvent.type(canvas.getByLabelText(/^Search restrictions/), 'No brand terms.');
    await userEvent.click(canvas.getByRole('button', { name: 'Create the campaign' }));
    await shown(canvas, 'Search restrictions apply to search traffic: allow search traffic, or clear the restrictions.');
    await expect(canvas.getByLabelText(/^Name/)).toHaveValue('Acme Renters');
    forgetDanglingAnnouncements();
  },
};

/** Edit: every stored field comes back, rates keep their ids; saved, back on the campaign with the message. */
export const Edit: Story = {
  parameters: at('/ops/campaigns/41/edit'),
  beforeEach: withStoryMocks(offersMocks.updateCampaign.answer({ success: true, campaign: { ...sampleCampaign, daily_cap: 250 } }, spy)),
  play: async ({ canvas }) => {
    await expect(await canvas.findByLabelText(/^Name/)).toHaveValue('Acme Auto Quote');
    await expect(canvas.getByLabelText(/^Countries/)).toHaveValue('CA, US');
    await expect(canvas.getByLabelText('Question 1')).toHaveValue('Where will you promote it?');
    const cap = canvas.getByLabelText(/^Daily cap/);
    await userEvent.clear(cap);
    await userEvent.type(cap, '250');
    await userEvent.click(canvas.getByRole('button', { name: 'Save the changes' }));
    await shown(canvas, 'The changes to Acme Auto Quote are saved.');
    const [sent] = writes();
    await expect(sent.params.id).toBe('41');
    await expect(sent.body).toEqual({
      name: 'Acme Auto Quote',
      description: 'A car insurance quote in two minutes.',
      category_id: 1,
      subcategory_id: 11,
      expiry_date: '2027-06-30',
      by_request: true,
      approval_mode: 'review',
      approval_preface: 'Tell us about your traffic.',
      questions: ['Where will you promote it?'],
      rates: [
        { rate_id: 501, description: 'Lead', rate_type: 'F', rate: 12.5, revenue_type: 'F', revenue: 18, status: 'Active', is_default: true },
        { rate_id: 502, description: 'Sale', rate_type: 'P', rate: 35, revenue_type: 'P', revenue: 50, status: 'Inactive', is_default: false },
      ],
      traffic_types: ['email', 'search', 'social'],
      geo_filtering: true,
      countries: ['CA', 'US'],
      desktop_traffic: true,
      mobile_traffic: true,
      os_filtering: false,
      os: [],
      daily_cap: 250,
      search_restrictions: 'No brand bidding on "Acme".',
      email_rules: 'Use the approved subject lines only.',
      email_subject_lines: ['Save on car insurance today'],
      email_from_lines: ['Acme Savings'],
      suppression_links: ['https://acme.example/suppression.csv'],
      highlight: false,
      tracking_type: 'S',
      supports_multiple_postback: false,
      fallback_url: '',
      preview_url: 'https://acme.example/sample',
      epc: 0.85,
      popularity: 10,
      is_gaming: false,
    });
    forgetDanglingAnnouncements();
  },
};

/** A rate paid by conversions cannot be removed: the server's sentence. */
export const EditRefused: Story = {
  parameters: at('/ops/campaigns/41/edit'),
  beforeEach: withStoryMocks(offersMocks.updateCampaign.failure('Conversions were paid by rate "Sale", so it cannot be removed: set it Inactive instead.', 409)),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Remove rate 2' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save the changes' }));
    await shown(canvas, 'Conversions were paid by rate "Sale", so it cannot be removed: set it Inactive instead.');
    forgetDanglingAnnouncements();
  },
};

export const EditPhone: Story = {
  parameters: { ...phone, ...at('/ops/campaigns/41/edit') },
  play: async ({ canvasElement, canvas }) => {
    await canvas.findByLabelText(/^Name/);
    await expectNoHorizontalScroll(canvasElement);
  },
};

