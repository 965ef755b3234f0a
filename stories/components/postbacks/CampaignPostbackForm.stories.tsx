import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { CampaignDetail } from '../../../src/api/contract/campaignDetail';
import { CampaignPostbackForm, SELECT_POSTBACK_TYPE, USE_GLOBAL_POSTBACK } from '../../../src/components/postbacks/CampaignPostbackForm';
import { POSTBACK_SAVE_ERROR } from '../../../src/components/postbacks/PostbackEditor';
import { campaignFixture } from '../../mocks/campaignDetail';
import { deliveredFixture, postbackDefaults, postbackHandlers } from '../../mocks/postbacks';
import { optionsOf, pressTwiceWhileBusy, shown, widthFrame, withMocks } from '../../../.storybook/helpers';

/** Spec 000 §5 Postback form, §7 POST /campaign/{id}/postback and GET /application/help/18, §8; the delivery log. */
const campaignWith = (details: Partial<CampaignDetail['details']>, postback: CampaignDetail['postback'] = { type: '', code: '' }): CampaignDetail => ({
  ...campaignFixture,
  details: { ...campaignFixture.details, ...details },
  postback,
});

const meta = {
  title: 'Components/Postbacks/CampaignPostbackForm',
  component: CampaignPostbackForm,
  decorators: [widthFrame(760)],
  args: { campaign: campaignWith({ tracking_type: 'S', supports_multiple_postback: 'Y' }), hasGlobalPostback: true },
  beforeEach: withMocks(postbackDefaults(), postbackHandlers.campaign.asServer()),
} satisfies Meta<typeof CampaignPostbackForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A banner fades in: wait until its text is visible. */

const body = () => within(document.body);
const typeButton = (root: HTMLElement) => within(root).getByRole('button', { name: /Postback type/ });

async function choose(root: HTMLElement, name: string) {
  await userEvent.click(typeButton(root));
  await userEvent.click(await body().findByRole('option', { name }));
}

/** Tracking type S with multiple postbacks: URL, HTML and Server-Server URL; the empty option names the global postback. */
export const ServerWithMultiplePostback: Story = {
  play: async ({ canvasElement }) => {
    await expect(typeButton(canvasElement)).toHaveTextContent(USE_GLOBAL_POSTBACK);
    await expect(await optionsOf(typeButton(canvasElement))).toEqual([USE_GLOBAL_POSTBACK, 'URL', 'HTML', 'Server-Server URL']);
  },
};

/** Tracking type S without multiple postbacks: no HTML. */
export const ServerWithoutMultiplePostback: Story = {
  args: { campaign: campaignWith({ tracking_type: 'S', supports_multiple_postback: 'N' }) },
  play: async ({ canvasElement }) => {
    await expect(await optionsOf(typeButton(canvasElement))).toEqual([USE_GLOBAL_POSTBACK, 'URL', 'Server-Server URL']);
  },
};

/** Tracking type I (iFrame): URL and HTML; no global postback, so the empty option asks for a type. */
export const IframeWithoutGlobalPostback: Story = {
  args: { campaign: campaignWith({ tracking_type: 'I', supports_multiple_postback: 'N' }), hasGlobalPostback: false },
  play: async ({ canvasElement }) => {
    await expect(typeButton(canvasElement)).toHaveTextContent(SELECT_POSTBACK_TYPE);
    await expect(await optionsOf(typeButton(canvasElement))).toEqual([SELECT_POSTBACK_TYPE, 'URL', 'HTML']);
  },
};

/** Tracking type L (pixel): URL only; the saved URL postback is shown. */
export const PixelWithSavedUrl: Story = {
  args: {
    campaign: campaignWith({ tracking_type: 'L', supports_multiple_postback: 'N' }, { type: 'L', code: 'https://tracker.example.net/pb?clickid={click_id}&payout={payout}' }),
  },
  play: async ({ canvasElement }) => {
    await expect(typeButton(canvasElement)).toHaveTextContent('URL');
    await expect(within(canvasElement).getByRole('textbox', { name: 'Pixel / postback code' })).toHaveValue('https://tracker.example.net/pb?clickid={click_id}&payout={payout}');
    await expect(await optionsOf(typeButton(canvasElement))).toEqual([USE_GLOBAL_POSTBACK, 'URL']);
  },
};

const saveSpy = fn();
/** Saved: what is sent (the campaign in the path, type and code in the body) and the server's message. */
export const Saved: Story = {
  beforeEach: withMocks(postbackHandlers.campaign.asServer({ onRequest: (call) => saveSpy(call.params, call.body) })),
  play: async ({ canvasElement }) => {
    saveSpy.mockClear();
    const canvas = within(canvasElement);
    await choose(canvasElement, 'Server-Server URL');
    // No client-side validation of the code (spec 000 §5): whatever is typed is sent.
    await userEvent.type(canvas.getByRole('textbox', { name: 'Pixel / postback code' }), 'https://s2s.example.net/c?tx={{transaction_id}');
    await userEvent.click(canvas.getByRole('button', { name: 'Save Postback' }));
    await shown(canvas, 'Your postback has been saved.');
    await expect(saveSpy).toHaveBeenCalledWith({ id: '1205' }, { type: 'S', code: 'https://s2s.example.net/c?tx={transaction_id}' });
  },
};

/**
 * Back to the global postback: the empty type is sent as '' with no code, and once saved the field
 * no longer shows the removed code (it is what the server keeps: nothing).
 */
export const BackToGlobal: Story = {
  args: { campaign: campaignWith({ tracking_type: 'S' }, { type: 'L', code: 'https://tracker.example.net/pb?c={click_id}' }) },
  beforeEach: withMocks(postbackHandlers.campaign.asServer({ onRequest: (call) => saveSpy(call.params, call.body) })),
  play: async ({ canvasElement }) => {
    saveSpy.mockClear();
    const canvas = within(canvasElement);
    const code = canvas.getByRole('textbox', { name: 'Pixel / postback code' });
    await choose(canvasElement, USE_GLOBAL_POSTBACK);
    // Until it is saved the choice can be undone: the code is still there.
    await expect(code).toHaveValue('https://tracker.example.net/pb?c={click_id}');
    await userEvent.click(canvas.getByRole('button', { name: 'Save Postback' }));
    await shown(canvas, 'This campaign now uses your global postback.');
    await expect(saveSpy).toHaveBeenCalledWith({ id: '1205' }, { type: '', code: '' });
    await expect(code).toHaveValue('');
    await expect(typeButton(canvasElement)).toHaveTextContent(USE_GLOBAL_POSTBACK);
  },
};

/** Saving: the button shows its spinner and ignores presses (one request only). */
export const Saving: Story = {
  beforeEach: withMocks(postbackHandlers.campaign.pending({ onRequest: () => saveSpy() })),
  play: async ({ canvasElement }) => {
    saveSpy.mockClear();
    const canvas = within(canvasElement);
    await pressTwiceWhileBusy(canvas.getByRole('button', { name: 'Save Postback' }));
    await expect(saveSpy).toHaveBeenCalledTimes(1);
  },
};

/** The server refuses the code: spec 000 §8's message, then the server's reason. */
export const SaveFailure: Story = {
  beforeEach: withMocks(postbackHandlers.campaign.failure()),
  play: async ({ canvas, canvasElement }) => {
    await choose(canvasElement, 'URL');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Pixel / postback code' }), 'tracker.example.net/pb');
    await userEvent.click(canvas.getByRole('button', { name: 'Save Postback' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(POSTBACK_SAVE_ERROR);
    await expect(alert).toHaveTextContent('The postback must be a full URL starting with http:// or https://.');
  },
};

/** The contract's own check ('code: is too long ...') reads as a sentence and marks the field. */
export const SaveRefusedTooLong: Story = {
  beforeEach: withMocks(postbackHandlers.campaign.tooLong()),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Save Postback' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The postback code is too long (at most 4000 characters)');
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Pixel / postback code' })).toHaveAttribute('aria-invalid', 'true'));
  },
};

export const SaveConnectionError: Story = {
  beforeEach: withMocks(postbackHandlers.campaign.networkError()),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Save Postback' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(POSTBACK_SAVE_ERROR);
    await expect(alert).toHaveTextContent('Connection error.');
  },
};

/** 'See available macros' opens the large help modal with the server's macro list. */
export const MacroHelpOpen: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'See available macros' }));
    const dialog = await body().findByRole('dialog', { name: 'Available macros' });
    await expect(await within(dialog).findByRole('table')).toBeVisible();
    await expect(within(dialog).getByText('{click_id}')).toBeVisible();
  },
};

/** With this campaign's recent deliveries under the form (as cards: the form's column is narrower than the table needs). */
export const WithDeliveries: Story = {
  beforeEach: withMocks(postbackHandlers.deliveries.list(deliveredFixture)),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getAllByRole('listitem')).toHaveLength(deliveredFixture.length));
  },
};

/** 375 px: the form and the log's cards in one column. */
export const Mobile: Story = {
  decorators: [widthFrame(343)],
  beforeEach: withMocks(postbackHandlers.deliveries.list(deliveredFixture)),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getAllByRole('listitem')).toHaveLength(deliveredFixture.length));
  },
};
