import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ApplicationModal } from '../../../../src/features/campaigns/detail/application/ApplicationModal';
import { APPLICATION_MESSAGES as M } from '../../../../src/shared/campaignApplication';
import { campaignAccessHandlers } from '../../../mocks/campaignAccess';
import { campaignFixture } from '../../../mocks/campaignDetail';
import { body, choose, dialog, fillValid, submit } from './applicationForm';
import { recordingMocks, shows } from '../../../../.storybook/helpers';

/**
 * The campaign application modal (spec 000 sections 2, 4, 5, 8): loading, the load
 * failure, every validation message, the per-traffic-type source questions, sending, success, the
 * server's refusal and the by-request limit.
 */
const campaign = { ...campaignFixture, details: { ...campaignFixture.details, affiliate_campaign_status: 'Not requested' as const } };
const { calls, spy, withStoryMocks } = recordingMocks();

const meta = {
  title: 'Features/Campaigns/ApplicationModal',
  component: ApplicationModal,
  args: { campaign, onClose: fn() },
  parameters: { layout: 'fullscreen' },
  beforeEach: withStoryMocks(campaignAccessHandlers.questions(), campaignAccessHandlers.sent(spy)),
} satisfies Meta<typeof ApplicationModal>;

export default meta;
type Story = StoryObj<typeof meta>;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(120).fill(1)]);

/** Visible once the modal has finished coming in (it fades in). */
export const Loading: Story = { beforeEach: withStoryMocks(campaignAccessHandlers.questionsPending()) };

export const LoadFailed: Story = {
  beforeEach: withStoryMocks(campaignAccessHandlers.questionsFail()),
  play: async () => {
    const d = within(await dialog());
    await shows(d, M.loadFailed);
    await expect(d.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

export const Empty: Story = {
  play: async () => {
    const d = within(await dialog());
    await shows(d, /reviews every publisher/);
    await expect(d.getByText('1000 characters remaining')).toBeInTheDocument();
    await expect(d.getByText(/every other type is NOT ALLOWED/)).toBeInTheDocument();
    // No custom question was supplied: none is shown.
    await expect(d.queryByRole('textbox', { name: /list do you mail/ })).not.toBeInTheDocument();
  },
};

/** Submit with nothing filled in: every required field says what it needs; nothing is sent. */
export const EveryMessage: Story = {
  beforeEach: withStoryMocks(campaignAccessHandlers.questions(['Which lists do you mail?', '', 'Your website?']), campaignAccessHandlers.sent(spy)),
  play: async () => {
    const d = within(await dialog());
    await d.findByRole('textbox', { name: /Which lists do you mail/ });
    await submit();
    await shows(d, M.leadsRequired);
    await expect(d.getAllByText(M.customRequired)).toHaveLength(2);
    await expect(d.getByText(M.creativeRequired)).toBeVisible();
    await expect(d.getByText(M.trafficRequired)).toBeVisible();
    await expect(d.getByText(M.descriptionRequired)).toBeVisible();
    await userEvent.type(d.getByRole('textbox', { name: /leads will you send per day/ }), '12a');
    await shows(d, M.leadsNumeric);
    await userEvent.click(d.getByText('Make my own creative'));
    await shows(d, M.imageRequired);
    await choose(/Traffic type/, 'Email');
    await expect(d.getAllByText(M.sourceRequired).length).toBeGreaterThanOrEqual(2);
    await expect(calls).toHaveLength(0);
  },
};

/** A text file named .png is refused by its bytes, with the image message; nothing is kept. */
export const ImageRefused: Story = {
  play: async () => {
    const d = within(await dialog());
    await d.findByRole('textbox', { name: /leads will you send per day/ });
    const input = document.body.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File(['not a picture at all'], 'placement.png', { type: 'image/png' }));
    await shows(d, M.imageType);
    await expect(d.getByText('No image chosen')).toBeInTheDocument();
  },
};

/** Mobile: eight choices for the second answer, the third optional. */
export const MobileSources: Story = {
  play: async () => {
    const d = within(await dialog());
    // The modal's entrance has ended before the list opens.
    await shows(d, /reviews every publisher/);
    await choose(/Traffic type/, 'Mobile');
    await expect(d.getByRole('textbox', { name: /Tell us more.*\(optional\)/ })).not.toBeRequired();
    const trigger = d.getByRole('button', { name: /Which mobile ad format/ });
    await userEvent.click(trigger);
    const listbox = await body().findByRole('listbox');
    await expect(within(listbox).getAllByRole('option')).toHaveLength(8);
    await userEvent.keyboard('{Escape}');
    // Closed, with the focus back on its button: the screenshot's state.
    await waitFor(() => expect(body().queryByRole('listbox')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** Native: the second answer is free text. */
export const NativeSources: Story = {
  args: { campaign: { ...campaign, allowed_traffic_types: { ...campaign.allowed_traffic_types, N: 'Y' } } },
  play: async () => {
    const d = within(await dialog());
    await shows(d, /reviews every publisher/);
    await choose(/Traffic type/, 'Native');
    await expect(d.getByRole('textbox', { name: /Which placements or widgets/ })).toBeVisible();
  },
};

/** A valid application with an image is sent as multipart; the answers are what the affiliate typed. */
export const Sent: Story = {
  play: async () => {
    const d = within(await dialog());
    await fillValid();
    await userEvent.click(d.getByText('Make my own creative'));
    const input = document.body.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File([PNG], 'placement.png', { type: 'image/png' }));
    await d.findByText('placement.png');
    await submit();
    await shows(d, /Your request has been sent/);
    await expect(calls).toHaveLength(1);
    const sent = calls[0].body as Record<string, unknown>;
    await expect(sent).toMatchObject({
      estimatedLeads: '40',
      trafficType: 'E',
      creative: 'M',
      source1: 'Our opted-in finance newsletter',
      source2: 'Newsletter ad',
      source3: 'US readers, weekly',
      description: 'A sponsored slot in our weekly issue.',
    });
    await expect(sent.creativeFile).toBeInstanceOf(File);
  },
};

export const ApprovedAtOnce: Story = {
  beforeEach: withStoryMocks(campaignAccessHandlers.questions(), campaignAccessHandlers.approved()),
  play: async () => {
    await fillValid();
    await submit();
    await shows(body(), /You are approved to run this campaign/);
  },
};

/** While sending, Submit shows its spinner and cannot be pressed again. */
export const Sending: Story = {
  beforeEach: withStoryMocks(campaignAccessHandlers.questions(), campaignAccessHandlers.sending()),
  play: async () => {
    await fillValid();
    await submit();
    await waitFor(async () => expect(within(await dialog()).getByRole('button', { name: /Submit request/ })).toBeDisabled());
  },
};

/** The server refuses: its message shows and Submit can be pressed again. */
export const ServerError: Story = {
  beforeEach: withStoryMocks(campaignAccessHandlers.questions(), campaignAccessHandlers.refused(M.trafficNotAllowed)),
  play: async () => {
    await fillValid();
    await submit();
    const d = within(await dialog());
    await shows(d, M.trafficNotAllowed);
    await expect(d.getByRole('button', { name: 'Submit request' })).toBeEnabled();
  },
};

export const LimitReached: Story = {
  beforeEach: withStoryMocks(campaignAccessHandlers.questions(), campaignAccessHandlers.limitReached()),
  play: async () => {
    await fillValid();
    await submit();
    await shows(body(), M.limitReached);
  },
};

export const ConnectionError: Story = {
  beforeEach: withStoryMocks(campaignAccessHandlers.questions(), campaignAccessHandlers.networkError()),
  play: async () => {
    await fillValid();
    await submit();
    await shows(body(), 'Connection error.');
  },
};

/** At 375 px the modal fills the screen. */
export const Phone: Story = {
  parameters: { viewport: { defaultViewport: 'mobile1' } },
  play: async () => {
    const d = within(await dialog());
    await shows(d, /reviews every publisher/);
  },
};

/** Keyboard alone: Tab reaches the fields in order and Escape closes. */
export const KeyboardOnly: Story = {
  play: async ({ args }) => {
    const d = within(await dialog());
    await shows(d, /reviews every publisher/);
    const leads = d.getByRole('textbox', { name: /leads will you send per day/ });
    leads.focus();
    await userEvent.keyboard('25');
    await userEvent.tab();
    await expect(d.getByRole('radio', { name: 'Use an existing creative' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(d.getByRole('radio', { name: 'Use an existing creative' })).toBeChecked();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
  },
};
