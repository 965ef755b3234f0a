import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { mocksWith, screen, type PortalParameters } from '../../../../.storybook/helpers';
import { CampaignPage } from '../../../../src/features/campaigns/detail/CampaignPage';
import { paths, patterns } from '../../../../src/shared/paths';
import { campaignAccessHandlers } from '../../../mocks/campaignAccess';
import { campaignDetailHandlers, campaignFixture } from '../../../mocks/campaignDetail';
import { postbackDefaults } from '../../../mocks/postbacks';
import { affiliateHandlers } from '../../../mocks/shell';
import { trackingLinkHandlers } from '../../../mocks/trackingLink';
import { dialog, fillValid, submit } from './applicationForm';
import { CAP_REACHED_NOTE } from '../../../../src/features/campaigns/detail/capNotes';
import { InformationCard } from '../../../../src/features/campaigns/detail/InformationCard';
import { CreativesCard, LandingPagesCard } from '../../../../src/features/campaigns/detail/MaterialCards';
import { EmailRestrictionsCard, PostbacksCard } from '../../../../src/features/campaigns/detail/RestrictionCards';

/** Spec 000 §2 Campaign page: every card, the bookmark, the pickers in view mode and the suppression list. */
const at = (id = 1205) => ({ layout: 'fullscreen', router: { path: patterns.campaign, initialEntries: [paths.campaign(id)] } }) satisfies PortalParameters & { layout: string };
const withStoryMocks = mocksWith({
  defaults: () => [campaignDetailHandlers.addBookmark(), campaignDetailHandlers.removeBookmark(), campaignDetailHandlers.suppression([]), affiliateHandlers.loaded(), trackingLinkHandlers.answer(), ...postbackDefaults()],
});
const frame = (width: number) => (Story: () => React.ReactElement) => (
  <div data-testid="frame" style={{ padding: 16, width, boxSizing: 'content-box' }}>
    <Story />
  </div>
);

const meta = {
  title: 'Features/Campaigns/CampaignPage',
  component: CampaignPage,
  // The page's cards, drawn in every state by the stories below.
  subcomponents: { InformationCard, LandingPagesCard, CreativesCard, PostbacksCard, EmailRestrictionsCard },
  parameters: at(),
  decorators: [frame(1100)],
  beforeEach: withStoryMocks(campaignDetailHandlers.campaign()),
} satisfies Meta<typeof CampaignPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The page's heading, once what loads after it (the postback form and its delivery log, lazily) has
 * settled too: no skeleton left, so the screenshot does not depend on the moment it is taken. A part
 * that stays loading on purpose only costs the wait.
 */
async function heading(root: HTMLElement) {
  const h1 = await within(root).findByRole('heading', { level: 1, name: campaignFixture.details.name });
  await waitFor(() => expect(root.querySelector('[data-skeleton], [aria-busy="true"]')).toBeNull(), { timeout: 3000 }).catch(() => undefined);
  return h1;
}

/** Presses `button` once the page is there; returns the dialog it opens, named `dialog`. */
async function openDialog(root: HTMLElement, button: string, dialog: string | RegExp) {
  await heading(root);
  await userEvent.click(within(root).getByRole('button', { name: button }));
  return screen().findByRole('dialog', { name: dialog });
}

export const Approved: Story = {
  play: async ({ canvas, canvasElement }) => {
    await heading(canvasElement);
    await expect(canvas.getByText('Approved')).toBeVisible();
    await expect(canvas.getByText('50 leads')).toBeVisible();
    // What today's caps leave, under Your Daily Cap, and the campaign's own cap.
    await expect(canvas.getByText('Left today: 38 leads')).toBeVisible();
    await expect(canvas.getByText('Campaign Daily Cap').nextElementSibling).toHaveTextContent(/^200 leads$/);
    await expect(canvas.queryByText(/Cap reached/)).toBeNull();
    await expect(canvas.getByText(/^Canada, United Kingdom.*, United States/)).toBeVisible();
    await expect(canvas.getByText('Server to Server')).toBeVisible();
    await expect(canvas.getByText('$120.00 per lead')).toBeVisible();
    await expect(canvas.getByText('Default')).toBeVisible();
    // Category links carry the spec's whole parameter set (spec 000 §2).
    const link = canvas.getByRole('link', { name: 'Personal Loans' });
    const params = new URL(link.getAttribute('href')!, 'http://x').searchParams;
    await expect([params.get('m'), params.get('c'), params.get('ob'), params.get('pn'), params.get('st'), params.get('bbp')]).toEqual(['2', '14', 'date', '1', '', '1']);
    await expect(canvas.getByRole('heading', { name: 'Search restrictions' })).toBeVisible();
    // An approved campaign links to this month's reports of it.
    await expect(canvas.getByRole('link', { name: 'Clicks by day' })).toHaveAttribute('href', `/reports/clicks?oid=${campaignFixture.campaign_id}`);
    await expect(canvas.getByRole('link', { name: 'Conversions' })).toHaveAttribute('href', `/reports/conversions?oid=${campaignFixture.campaign_id}`);
    // The postback form and its delivery log load after the page: the screenshot waits for them.
    await expect(await canvas.findByRole('button', { name: 'Save Postback' })).toBeVisible();
    await expect(await canvas.findByText(/^No postbacks have been sent yet\./)).toBeVisible();
  },
};

export const Loading: Story = { beforeEach: withStoryMocks(campaignDetailHandlers.pending()) };

export const NotFound: Story = {
  beforeEach: withStoryMocks(campaignDetailHandlers.notFound()),
  play: async ({ canvasElement }) => {
    await waitFor(async () => expect(await within(canvasElement).findByText("This campaign doesn't exist.")).toBeVisible());
  },
};

export const ConnectionFailed: Story = {
  beforeEach: withStoryMocks(campaignDetailHandlers.networkError()),
  play: async ({ canvasElement }) => {
    await waitFor(async () => expect(await within(canvasElement).findByText("This campaign doesn't exist.")).toBeVisible());
  },
};

export const ManyCountries: Story = {
  beforeEach: withStoryMocks(campaignDetailHandlers.campaign({ allowed_countries: ['AT', 'BE', 'DE', 'ES', 'FR', 'IE', 'IT', 'NL'] })),
  play: async ({ canvas, canvasElement }) => {
    await heading(canvasElement);
    await expect(canvas.getByText('Austria, Belgium, Germany, Spain, France')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'See More' }));
    await expect(canvas.getByText(/Ireland, Italy, Netherlands/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'See Less' }));
    await expect(canvas.queryByText(/Ireland/)).toBeNull();
  },
};

export const AllCountriesNoExpiry: Story = {
  beforeEach: withStoryMocks(
    campaignDetailHandlers.campaign({
      allowed_countries: [],
      all_countries: 'Y',
      allowed_traffic_types: { ...campaignFixture.allowed_traffic_types, R: 'N' },
      details: { expiry_date: null, tracking_type: 'H', epc: 0, cap: null, affiliate_cap: null, cap_left_today: null, affiliate_campaign_status: 'Not requested', status: 'Public' },
    }),
  ),
  play: async ({ canvas, canvasElement }) => {
    await heading(canvasElement);
    for (const text of ['All countries', 'No expiry', 'Host and Post', 'New']) await expect(canvas.getByText(text)).toBeVisible();
    // No cap at all: both caps say so, and nothing is said of today.
    await expect(canvas.getAllByText('No cap')).toHaveLength(2);
    await expect(canvas.queryByText(/Left today|Cap reached/)).toBeNull();
    // Search traffic not allowed: no search restrictions card.
    await expect(canvas.queryByRole('heading', { name: 'Search restrictions' })).toBeNull();
  },
};

/** An expiry date: its last day under the name ('Expires on …') and in Details. */
export const Expiring: Story = {
  play: async ({ canvas, canvasElement }) => {
    const h1 = await heading(canvasElement);
    await expect(within(h1.parentElement!).getByText('Expires on March 31, 2027')).toBeVisible();
    await expect(canvas.getByText('March 31, 2027')).toBeVisible();
    await expect(canvas.queryByText('Paused')).toBeNull();
  },
};

/** Paused: said above the page with why (its links will not pay), and beside the name. */
export const Paused: Story = {
  beforeEach: withStoryMocks(campaignDetailHandlers.campaign({ details: { paused: 'Y' } })),
  play: async ({ canvas, canvasElement }) => {
    const h1 = await heading(canvasElement);
    const notice = canvas.getByText('Paused: links will not pay');
    await expect(notice).toBeVisible();
    await expect(canvas.getByText(/earn nothing until it runs again/)).toBeVisible();
    await expect(within(h1.parentElement!).getByText('Paused')).toBeVisible();
    await expect(within(h1.parentElement!).getByText('links will not pay')).toBeVisible();
  },
};

/** Paused at 375 px: the notice wraps inside the page. */
export const PausedMobile: Story = {
  ...Paused,
  decorators: [frame(343)],
  play: async (context) => {
    await Paused.play!(context);
    const box = within(context.canvasElement).getAllByTestId('frame').at(-1)!;
    await expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth + 32);
  },
};

/** One lead left before a cap is reached today: said under Your Daily Cap. */
export const CapLeftToday: Story = {
  beforeEach: withStoryMocks(campaignDetailHandlers.campaign({ details: { cap: 200, affiliate_cap: 50, cap_left_today: 1 } })),
  play: async ({ canvas, canvasElement }) => {
    await heading(canvasElement);
    await expect(canvas.getByText('Your Daily Cap').nextElementSibling).toHaveTextContent(/^50 leads Left today: 1 lead$/);
    await expect(canvas.queryByText(/Cap reached/)).toBeNull();
  },
};

/** A cap reached for today: said above the page with why (its links pay nothing until tomorrow), beside the name and under Your Daily Cap. */
export const CapReached: Story = {
  beforeEach: withStoryMocks(campaignDetailHandlers.campaign({ details: { cap_left_today: 0 } })),
  play: async ({ canvas, canvasElement }) => {
    const h1 = await heading(canvasElement);
    const notice = canvas.getByText('Cap reached: links will not pay today');
    await expect(notice).toBeVisible();
    await expect(notice.closest('[role="status"]')).toHaveTextContent(CAP_REACHED_NOTE);
    await expect(within(h1.parentElement!).getByText('Cap reached')).toBeVisible();
    await expect(within(h1.parentElement!).getByText('links will not pay today')).toBeVisible();
    await expect(canvas.getByText('Cap reached: links pay nothing until tomorrow')).toBeVisible();
    await expect(canvas.queryByText(/Left today/)).toBeNull();
  },
};

/** Paused and capped at 375 px: both notices, wrapping inside the page. */
export const PausedAndCapReachedMobile: Story = {
  decorators: [frame(343)],
  beforeEach: withStoryMocks(campaignDetailHandlers.campaign({ details: { paused: 'Y', cap_left_today: 0 } })),
  play: async ({ canvas, canvasElement }) => {
    await heading(canvasElement);
    await expect(canvas.getByText('Paused: links will not pay')).toBeVisible();
    await expect(canvas.getByText('Cap reached: links will not pay today')).toBeVisible();
    const box = within(canvasElement).getAllByTestId('frame').at(-1)!;
    await expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth + 32);
  },
};

export const RequestApprovalToRun: Story = {
  beforeEach: withStoryMocks(campaignDetailHandlers.campaign({ details: { affiliate_campaign_status: 'Request approval to run' } })),
  play: async ({ canvasElement }) => {
    await waitFor(async () => expect(await within(canvasElement).findByText(/asks you to request approval/)).toBeVisible());
    // The warning button opens the application.
    await expect(within(canvasElement).getByRole('button', { name: 'Request approval to run' })).toBeVisible();
  },
};

/**
 * Approved at once (a Public campaign, or automatic approval): the submission reloads the campaign as
 * Approved, the card turns into the link builder's, and the modal keeps its success message until the
 * affiliate closes it (spec 000 section 4). Before, the modal lived in the card's not-approved branch and
 * vanished with the reload.
 */
export const ApprovedAtOnce: Story = {
  beforeEach: (context) => withStoryMocks(...campaignAccessHandlers.approvedAtOnce(), campaignAccessHandlers.questions())(context),
  play: async ({ canvasElement }) => {
    await heading(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Request access' }));
    await fillValid();
    await submit();
    // The page has reloaded the campaign as Approved behind the modal...
    await within(canvasElement).findByRole('button', { name: 'Get your tracking link' });
    // ...and the modal is still open with its message.
    const open = within(await dialog());
    const message = await open.findByText(/You are approved to run this campaign/);
    await waitFor(() => expect(message).toBeVisible());
    // What the approved page loads behind the modal (the postback card) settles before the screenshot.
    await heading(canvasElement);
  },
};

/** Not requested yet: Request access opens the application modal, which loads the campaign's questions. */
export const RequestAccess: Story = {
  beforeEach: withStoryMocks(campaignDetailHandlers.campaign({ details: { affiliate_campaign_status: 'Not requested' } }), campaignAccessHandlers.questions(['Which lists do you mail?', '', ''])),
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement, 'Request access', /^Request access/);
    const question = await within(dialog).findByRole('textbox', { name: /Which lists do you mail/ });
    // The modal fades in.
    await waitFor(() => expect(question).toBeVisible());
  },
};

export const Rejected: Story = {
  beforeEach: withStoryMocks(campaignDetailHandlers.campaign({ details: { affiliate_campaign_status: 'Rejected' } })),
  play: async ({ canvasElement }) => {
    await waitFor(async () => expect(await within(canvasElement).findByText(/Your last request to run this campaign was not approved\./)).toBeVisible());
    await expect(within(canvasElement).getByRole('button', { name: 'Request access' })).toBeVisible();
    // Reports are linked only while the affiliate runs the campaign.
    await expect(within(canvasElement).queryByRole('link', { name: 'Clicks by day' })).not.toBeInTheDocument();
  },
};

export const RequestLimitReached: Story = {
  beforeEach: withStoryMocks(campaignDetailHandlers.campaign({ details: { affiliate_campaign_status: 'Not requested', request_limit_reached: 'Y' } })),
  play: async ({ canvasElement }) => {
    await waitFor(async () =>
      expect(
        await within(canvasElement).findByText(
          'You have requested the maximum number of by request campaigns. New requests are not allowed until your existing requests have been reviewed and processed.',
        ),
      ).toBeVisible(),
    );
  },
};

export const PostbackForm: Story = {
  play: async ({ canvas, canvasElement }) => {
    await heading(canvasElement);
    // Approved: the campaign's own postback form and its delivery log (the pieces have their own stories).
    await expect(await canvas.findByRole('button', { name: 'Save Postback' })).toBeVisible();
    await expect(await canvas.findByText(/^No postbacks have been sent yet\./)).toBeVisible();
  },
};

export const BuildTrackingLink: Story = {
  play: async ({ canvas, canvasElement }) => {
    await heading(canvasElement);
    await expect(canvas.getByText('You are approved to run this campaign.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Get your tracking link' }));
    await userEvent.click(await canvas.findByRole('radio', { name: 'Email' }));
    await userEvent.click(canvas.getByRole('radio', { name: 'Raw link' }));
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Your tracking link' })).toHaveValue('https://track.example.com/go/Qm9va1RyYWNraW5nTGlu'));
  },
};

export const PendingRequest: Story = {
  beforeEach: withStoryMocks(campaignDetailHandlers.campaign({ details: { affiliate_campaign_status: 'Pending' } })),
  play: async ({ canvasElement }) => {
    await waitFor(async () => expect(await within(canvasElement).findByText(/Your request to run this campaign is waiting for review\./)).toBeVisible());
  },
};

export const BannersPicker: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement, 'View Banners', 'Select Banners');
    await waitFor(() => expect(within(dialog).getByText('#501 · 300x250')).toBeVisible());
    await expect(within(dialog).getAllByRole('link', { name: 'Download' })[0]).toHaveAttribute('href', '/cdn/creatives/7/1205/501.svg?download=1');
  },
};

export const TextLinksPicker: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement, 'View Text Links', 'Text Links');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /Copy/ })).toBeVisible());
  },
};

export const SoloEmailHtmlPicker: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement, 'View Solo E-mail (html)', 'Solo E-mail (html)');
    // The advertiser's HTML is shown as text, never as markup.
    await waitFor(() => expect(within(dialog).getByText('<p>Rates from <b>5.99% APR</b></p>')).toBeVisible());
  },
};

export const LandingPagePreview: Story = {
  play: async ({ canvasElement }) => {
    await heading(canvasElement);
    await userEvent.click(within(canvasElement).getAllByRole('button', { name: 'View image' })[0]);
    const dialog = await within(document.body).findByRole('dialog', { name: 'Apply now' });
    await waitFor(() => expect(within(dialog).getByRole('img', { name: 'Landing page Apply now' })).toBeVisible());
  },
};

export const SuppressionList: Story = {
  beforeEach: withStoryMocks(campaignDetailHandlers.campaign(), campaignDetailHandlers.suppression(['https://novalend.example.com/suppression.txt'])),
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement, 'Suppression list', 'Suppression list');
    await waitFor(async () => expect(await within(dialog).findByRole('link', { name: 'https://novalend.example.com/suppression.txt' })).toBeVisible());
  },
};

export const SuppressionEmpty: Story = {
  play: async ({ canvasElement }) => {
    await heading(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Suppression list' }));
    await waitFor(async () => expect(await within(document.body).findByText('No Links found')).toBeVisible());
  },
};

export const BookmarkAdds: Story = {
  play: async ({ canvas, canvasElement }) => {
    await heading(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Bookmark' }));
    await expect(await canvas.findByRole('button', { name: 'Remove Bookmark' })).toBeVisible();
  },
};

export const BookmarkFails: Story = {
  beforeEach: withStoryMocks(campaignDetailHandlers.addBookmarkFails(), campaignDetailHandlers.campaign()),
  play: async ({ canvas, canvasElement }) => {
    await heading(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Bookmark' }));
    await waitFor(async () => expect(await canvas.findByText('Bookmarks are not available right now. Please try again.')).toBeVisible());
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Bookmark' })).toBeVisible());
  },
};

export const LongName: Story = {
  beforeEach: withStoryMocks(
    campaignDetailHandlers.campaign({ details: { name: 'NovaLendPersonalLoansSuperLongNameWithoutAnySpaces - Qualified Lead for the United States and Canada, desktop and mobile, search and social' } }),
  ),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1, name: /NovaLendPersonalLoans/ });
  },
};

export const Mobile: Story = {
  decorators: [frame(343)],
  play: async ({ canvasElement }) => {
    await heading(canvasElement);
    const box = within(canvasElement).getAllByTestId('frame').at(-1)!;
    await expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth + 32);
  },
};
