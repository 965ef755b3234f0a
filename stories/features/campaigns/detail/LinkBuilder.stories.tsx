import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { CAP_REACHED_LINK_NOTE, LinkBuilder, PAUSED_LINK_NOTE } from '../../../../src/features/campaigns/detail/linkBuilder/LinkBuilder';
import { linkBuilderMessages } from '../../../../src/machines/linkBuilder.machine';
import { campaignFixture } from '../../../mocks/campaignDetail';
import type { MockCall } from '../../../mocks/http';
import { trackingLinkHandlers } from '../../../mocks/trackingLink';
import { copiedFeedbackGone, stubClipboard } from '../../../mocks/clipboard';
import { withMocks } from '../../../../.storybook/helpers';

/** Spec 000 §4 "Link builder flow": the five steps, the pickers in select mode, the link and its states. */
const sent: MockCall[] = [];
const spy = { onRequest: (call: MockCall) => sent.push(call) };
const campaign = { ...campaignFixture, allowed_traffic_types: { ...campaignFixture.allowed_traffic_types, S: 'Y' as const, M: 'Y' as const } };

const meta = {
  title: 'Features/Campaigns/LinkBuilder',
  component: LinkBuilder,
  args: { campaign, searchSafeAllowed: false },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 640, padding: 16 }}>
        <Story />
      </div>
    ),
  ],
  beforeEach: () => {
    sent.length = 0;
  },
} satisfies Meta<typeof LinkBuilder>;

export default meta;
type Story = StoryObj<typeof meta>;

const choose = async (root: HTMLElement, traffic: string, creative: string) => {
  const canvas = within(root);
  await userEvent.click(canvas.getByRole('radio', { name: traffic }));
  await userEvent.click(canvas.getByRole('radio', { name: creative }));
};

export const NothingChosen: Story = {
  beforeEach: withMocks(trackingLinkHandlers.answer(spy)),
  play: async ({ canvas }) => {
    await expect(canvas.getByText(linkBuilderMessages.start)).toBeVisible();
    await expect(canvas.queryByRole('group', { name: 'Sub IDs (optional)' })).toBeNull();
    await userEvent.click(canvas.getByRole('radio', { name: 'Site / display' }));
    await expect(canvas.getByText(linkBuilderMessages.start)).toBeVisible();
    await expect(sent).toHaveLength(0);
  },
};

const copied: string[] = [];

export const RawLinkReady: Story = {
  beforeEach: (context) => {
    withMocks(trackingLinkHandlers.answer(spy))(context);
    copied.length = 0;
    return stubClipboard(copied);
  },
  play: async ({ canvas, canvasElement }) => {
    await choose(canvasElement, 'Site / display', 'Raw link');
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Your tracking link' })).toHaveValue('https://track.example.com/go/Qm9va1RyYWNraW5nTGlu'));
    await expect(sent[0].body).toMatchObject({ campaign_id: 1205, traffic_type: 'S', creative_id: -1, lpid: campaignFixture.landing_pages[0].landing_page_id });
    // Default landing page preselected.
    await expect(canvas.getByRole('radio', { name: /Default/ })).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Copy link' }));
    await expect(await canvas.findByRole('button', { name: 'Copied!' })).toBeVisible();
    await expect(copied).toEqual(['https://track.example.com/go/Qm9va1RyYWNraW5nTGlu']);
    await copiedFeedbackGone(canvasElement);
  },
};

export const SubIdsDebounced: Story = {
  beforeEach: withMocks(trackingLinkHandlers.answer(spy)),
  play: async ({ canvas, canvasElement }) => {
    await choose(canvasElement, 'Site / display', 'Contextual');
    await waitFor(() => expect(sent).toHaveLength(1));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Sub ID 1' }), 'spring');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Sub ID 3' }), 'ad-7');
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Your tracking link' })).toHaveValue('https://track.example.com/go/Qm9va1RyYWNraW5nTGlu?sub1=spring&sub3=ad-7'), { timeout: 3000 });
    // Typing settles before asking: far fewer calls than keystrokes.
    await expect(sent.length).toBeLessThan(4);
    await expect(sent.at(-1)!.body).toMatchObject({ creative_id: -3, sub1: 'spring', sub3: 'ad-7' });
  },
};

export const BannerPickerSelectMode: Story = {
  beforeEach: withMocks(trackingLinkHandlers.answer(spy)),
  play: async ({ canvasElement }) => {
    await choose(canvasElement, 'Site / display', 'Banners');
    const dialog = await within(document.body).findByRole('dialog', { name: 'Select a Banner' });
    await expect(within(dialog).getAllByRole('button', { name: /Select creative #/ })).toHaveLength(2);
  },
};

export const BannerPicked: Story = {
  beforeEach: withMocks(trackingLinkHandlers.answer(spy)),
  play: async ({ canvas, canvasElement }) => {
    await choose(canvasElement, 'Site / display', 'Banners');
    const dialog = await within(document.body).findByRole('dialog', { name: 'Select a Banner' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Select creative #502' }));
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Your tracking link' })).toBeVisible());
    await expect(sent.at(-1)!.body).toMatchObject({ creative_id: 502 });
    await expect(canvas.getByText(/Creative #502/)).toBeVisible();
  },
};

export const PickerClosedWithoutChoice: Story = {
  beforeEach: withMocks(trackingLinkHandlers.answer(spy)),
  play: async ({ canvas, canvasElement }) => {
    await choose(canvasElement, 'Site / display', 'Text link');
    await within(document.body).findByRole('dialog', { name: 'Select a Text Link' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await expect(await canvas.findByText(linkBuilderMessages.invalidCreative)).toBeVisible();
    await expect(canvas.getByText('No creative selected.')).toBeVisible();
    await expect(sent).toHaveLength(0);
  },
};

export const SoloEmailHtmlPicker: Story = {
  beforeEach: withMocks(trackingLinkHandlers.answer(spy)),
  play: async ({ canvasElement }) => {
    await choose(canvasElement, 'Email', 'Solo e-mail (html)');
    const dialog = await within(document.body).findByRole('dialog', { name: 'Select a Solo E-mail (html)' });
    // The advertiser's markup is shown as text, never as the page's own markup.
    await waitFor(() => expect(within(dialog).getByText('<p>Rates from <b>5.99% APR</b></p>')).toBeVisible());
  },
};

export const SearchSafe: Story = {
  args: { searchSafeAllowed: true },
  beforeEach: withMocks(trackingLinkHandlers.answer(spy)),
  play: async ({ canvas, canvasElement }) => {
    await choose(canvasElement, 'Site / display', 'Raw link');
    await userEvent.click(await canvas.findByRole('checkbox', { name: /Search-safe link/ }));
    await waitFor(() => expect(sent.at(-1)!.body).toMatchObject({ safesearch: true }));
  },
};

export const SearchSafeHidden: Story = {
  beforeEach: withMocks(trackingLinkHandlers.answer(spy)),
  play: async ({ canvas, canvasElement }) => {
    await choose(canvasElement, 'Site / display', 'Raw link');
    await canvas.findByRole('textbox', { name: 'Sub ID 1' });
    await expect(canvas.queryByRole('checkbox', { name: /Search-safe link/ })).toBeNull();
  },
};

export const MobileWithQrCode: Story = {
  beforeEach: withMocks(trackingLinkHandlers.answer(spy)),
  play: async ({ canvas, canvasElement }) => {
    await choose(canvasElement, 'Mobile', 'Raw link');
    const qr = await canvas.findByRole('img', { name: 'QR code of your tracking link' }, { timeout: 3000 });
    await expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  },
};

export const Building: Story = {
  beforeEach: withMocks(trackingLinkHandlers.pending()),
  play: async ({ canvasElement }) => {
    await choose(canvasElement, 'Site / display', 'Raw link');
    await expect(await within(canvasElement).findByText('Building your link…')).toBeVisible();
  },
};

export const ServerError: Story = {
  beforeEach: withMocks(trackingLinkHandlers.failure()),
  play: async ({ canvas, canvasElement }) => {
    await choose(canvasElement, 'Site / display', 'Raw link');
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent('You are not approved to run this campaign.'));
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible());
  },
};

export const UnauthorizedIsSilent: Story = {
  beforeEach: withMocks(trackingLinkHandlers.unauthorized()),
  play: async ({ canvas, canvasElement }) => {
    await choose(canvasElement, 'Site / display', 'Raw link');
    await waitFor(() => expect(canvas.queryByText('Building your link…')).toBeNull());
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.queryByText(/sign in again/i)).toBeNull();
  },
};

export const KeyboardOnly: Story = {
  beforeEach: withMocks(trackingLinkHandlers.answer(spy)),
  play: async ({ canvas }) => {
    // Into the first group, choose with Space; Tab moves to the next group.
    canvas.getAllByRole('radio')[0].focus();
    await userEvent.keyboard(' ');
    await expect(canvas.getAllByRole('radio')[0]).toBeChecked();
    await userEvent.tab();
    await expect(canvas.getByRole('radio', { name: 'Raw link' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Your tracking link' })).toBeVisible());
  },
};

export const Phone: Story = {
  parameters: { viewport: { defaultViewport: 'mobile1' } },
  decorators: [
    (Story) => (
      <div style={{ width: 343 }}>
        <Story />
      </div>
    ),
  ],
  beforeEach: withMocks(trackingLinkHandlers.answer(spy)),
  play: async ({ canvasElement }) => {
    await choose(canvasElement, 'Site / display', 'Raw link');
    await within(canvasElement).findByRole('textbox', { name: 'Your tracking link' });
  },
};

/** A paused campaign: the link still builds, under a warning that it will not pay while the campaign is paused. */
export const PausedWarning: Story = {
  args: { campaign: { ...campaign, details: { ...campaign.details, paused: 'Y' } } },
  beforeEach: withMocks(trackingLinkHandlers.answer(spy)),
  play: async ({ canvas, canvasElement }) => {
    const warning = canvas.getByText('Paused: links will not pay').closest('[role="status"]') as HTMLElement;
    await expect(warning).toHaveTextContent(PAUSED_LINK_NOTE);
    await choose(canvasElement, 'Site / display', 'Raw link');
    const link = await canvas.findByRole('textbox', { name: 'Your tracking link' });
    await waitFor(() => expect(link).toHaveValue('https://track.example.com/go/Qm9va1RyYWNraW5nTGlu'));
    // The warning stands above the link it is about.
    await expect(warning.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await expect(canvas.queryByText(/Cap reached/)).toBeNull();
  },
};

/** A cap reached for today: the link still builds, under a warning that it pays nothing until the cap resets tomorrow. */
export const CapReachedWarning: Story = {
  args: { campaign: { ...campaign, details: { ...campaign.details, cap_left_today: 0 } } },
  beforeEach: withMocks(trackingLinkHandlers.answer(spy)),
  play: async ({ canvas, canvasElement }) => {
    const warning = canvas.getByText('Cap reached: links will not pay today').closest('[role="status"]') as HTMLElement;
    await expect(warning).toHaveTextContent(CAP_REACHED_LINK_NOTE);
    await choose(canvasElement, 'Site / display', 'Raw link');
    const link = await canvas.findByRole('textbox', { name: 'Your tracking link' });
    await waitFor(() => expect(link).toHaveValue('https://track.example.com/go/Qm9va1RyYWNraW5nTGlu'));
    await expect(warning.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Built as for any campaign: the warning changes nothing that is sent.
    await expect(sent.at(-1)!.body).toMatchObject({ campaign_id: 1205, traffic_type: 'S', creative_id: -1 });
  },
};
