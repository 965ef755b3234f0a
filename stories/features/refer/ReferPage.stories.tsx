import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { mocksWith, phoneFrame, portalFrame, type PortalParameters, framed } from '../../../.storybook/helpers';
import { LINK_LABEL, PAGE_TITLE, PROGRESS_FAILED, PROGRESS_LABEL, ReferPage } from '../../../src/features/refer/ReferPage';
import { paths, patterns } from '../../../src/shared/paths';
import { referralProgram } from '../../../src/shared/programTerms';
import { copiedFeedbackGone, stubClipboard } from '../../mocks/clipboard';
import { referralHandlers } from '../../mocks/referrals';
import { affiliateHandlers } from '../../mocks/shell';

/**
 * The Referral Program page, /refer (spec 001 §2.4, §3, §7, §9): the program, the
 * affiliate's referral link, the progress toward 10 approved referrals, the logos, the banners with
 * their embed codes and the text snippets. The portal's address is fixed so the codes are too.
 */
const ORIGIN = 'https://portal.example.com';
/** The story affiliate's (stories/mocks/shell.ts, publisher_id 1001) link. */
const LINK = `${ORIGIN}${paths.register}?referrer=1001`;
const copied: string[] = [];

const withStoryMocks = mocksWith({
  before: () => {
    return stubClipboard(copied);
  },
  defaults: () => [affiliateHandlers.loaded(), referralHandlers.art()],
});

const meta = {
  title: 'Features/Refer/ReferPage',
  component: ReferPage,
  args: { origin: ORIGIN },
  parameters: { layout: 'padded', router: { path: patterns.refer, initialEntries: [paths.refer] } } satisfies PortalParameters & Record<string, unknown>,
  decorators: [portalFrame(), framed({ maxWidth: 1100 })],
  beforeEach: withStoryMocks(referralHandlers.count(4)),
} satisfies Meta<typeof ReferPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const progressBar = (root: HTMLElement) => within(root).findByRole('progressbar', { name: PROGRESS_LABEL });
const linkField = (root: HTMLElement) => within(root).getByRole('textbox', { name: LINK_LABEL });

/**
 * Four approved referrals: the program from the terms, the link (copied with feedback), the bar at
 * 4 of 10, both logos, each banner at its size with its embed code, the texts with the link.
 */
export const FourReferrals: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: PAGE_TITLE })).toBeVisible();
    await expect(document.title).toMatch(/^Referral Program \|/);
    const { sharePercent, months, firstPaymentBonusPercent, bonusReferrals } = referralProgram;
    await expect(canvas.getByText(new RegExp(`earn ${sharePercent}% of the earnings .* for ${months} months after`))).toBeVisible();
    await expect(canvas.getByText(new RegExp(`${firstPaymentBonusPercent}% bonus on their first payment`))).toBeVisible();
    await expect(canvas.getByText(new RegExp(`Once ${bonusReferrals} of your referrals are approved, you earn an extra \\$100 bonus, applied within two weeks`))).toBeVisible();

    const bar = await progressBar(canvasElement);
    await expect(bar).toHaveAttribute('aria-valuenow', '4');
    await expect(bar).toHaveAttribute('aria-valuemin', '0');
    await expect(bar).toHaveAttribute('aria-valuemax', '10');
    await expect(bar).toHaveAttribute('aria-valuetext', '4 of 10 approved referrals');
    await expect(within(bar).getByText('4 of 10 approved referrals')).toBeVisible();

    await waitFor(() => expect(linkField(canvasElement)).toHaveValue(LINK));
    const share = canvas.getByRole('region', { name: 'Share your link' });
    await userEvent.click(within(share).getByRole('button', { name: 'Copy' }));
    await expect(await within(share).findByRole('button', { name: 'Copied!' })).toBeVisible();
    await expect(copied).toEqual([LINK]);

    const logos = canvas.getByRole('region', { name: 'Promotional logos' });
    await expect(within(logos).getAllByRole('img')).toHaveLength(2);
    await expect(within(logos).getByRole('link', { name: 'Download logo-light.svg' })).toHaveAttribute('download', 'logo-light.svg');

    const banners = canvas.getByRole('region', { name: 'Banners' });
    for (const [w, h] of [[160, 600], [300, 250], [300, 600], [728, 90]]) {
      const name = `${w} × ${h}`;
      const item = within(banners).getByRole('heading', { level: 3, name }).closest('li')!;
      const img = within(item).getByRole<HTMLImageElement>('img');
      await expect(img).toHaveAttribute('width', String(w));
      await expect(img).toHaveAttribute('height', String(h));
      await waitFor(() => expect(img.naturalWidth).toBe(w));
      await expect(img.getBoundingClientRect().width).toBe(w);
      const src = new URL(img.getAttribute('src')!, window.location.href).pathname;
      await expect(within(item).getByRole('textbox', { name: `Embed code of the ${name} banner` })).toHaveValue(
        `<a href="${LINK}"><img src="${ORIGIN}${src}" width="${w}" height="${h}" alt="Join Publisher Portal, the affiliate network"></a>`,
      );
    }

    const snippets = canvas.getByRole('region', { name: 'Text snippets' });
    const texts = within(snippets).getAllByRole('textbox');
    await expect(texts).toHaveLength(3);
    for (const t of texts) await expect((t as HTMLInputElement).value).toContain(LINK);
    await copiedFeedbackGone(share);
  },
};

/** `count` approved referrals: the bar's value (`now`) and what it reads out (`text`); `then` checks the rest of the page. */
const referrals = (count: number, now: string, text: string, then: (canvasElement: HTMLElement) => Promise<void>): Story => ({
  beforeEach: withStoryMocks(referralHandlers.count(count)),
  play: async ({ canvasElement }) => {
    const bar = await progressBar(canvasElement);
    await expect(bar).toHaveAttribute('aria-valuenow', now);
    await expect(bar).toHaveAttribute('aria-valuetext', text);
    await then(canvasElement);
  },
});

export const NoReferrals = referrals(0, '0', '0 of 10 approved referrals', (canvasElement) => expect(within(canvasElement).queryByText(/You have reached/)).toBeNull());

/** Twelve: the bar full, the real count in its text, and the bonus message. */
export const BonusReached = referrals(12, '10', '12 approved referrals', async (canvasElement) => {
  const reached = within(canvasElement).getByText('You have reached 10 approved referrals: your $100 bonus is applied within two weeks.');
  await waitFor(() => expect(reached).toBeVisible());
});

/** The count on its way: the rest of the page is already there. */
export const ReferralsLoading: Story = {
  beforeEach: withStoryMocks(referralHandlers.pending()),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('progressbar', { name: 'Loading your referrals' })).toBeVisible();
    await waitFor(() => expect(linkField(canvasElement)).toHaveValue(LINK));
  },
};

/** No answer for the count: an error line in place of the bar ('Connection error.'); the link and the art stay. Try again asks once more. */
export const ReferralsFailed: Story = {
  beforeEach: withStoryMocks(referralHandlers.networkError()),
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(`${PROGRESS_FAILED} Connection error.`);
    await expect(canvas.queryByRole('progressbar')).toBeNull();
    await waitFor(() => expect(linkField(canvasElement)).toHaveValue(LINK));
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Connection error.');
  },
};

/** The server's refusal: its message after the line. */
export const ReferralsServerError: Story = {
  parameters: { visual: { skip: 'the same layout as ReferralsFailed' } },
  beforeEach: withStoryMocks(referralHandlers.failure('The referral count is being recalculated. Please try again in a minute.', 503)),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      `${PROGRESS_FAILED} The referral count is being recalculated. Please try again in a minute.`,
    );
  },
};

/** 375 px, keyboard only: nothing wider than the phone (the 728 × 90 banner scales down); Tab reaches the link's Copy. */
export const Phone: Story = {
  parameters: { layout: 'fullscreen' },
  decorators: [phoneFrame],
  play: async ({ canvas, canvasElement }) => {
    await progressBar(canvasElement);
    await waitFor(() => expect(linkField(canvasElement)).toHaveValue(LINK));
    const frame = canvas.getByTestId('phone');
    await expect(frame.scrollWidth).toBeLessThanOrEqual(375);
    const wide = within(canvas.getByRole('region', { name: 'Banners' })).getByRole('heading', { name: '728 × 90' }).closest('li')!;
    const img = within(wide).getByRole('img');
    await expect(img.getBoundingClientRect().width).toBeLessThan(728);
    await expect(img.getBoundingClientRect().width / img.getBoundingClientRect().height).toBeCloseTo(728 / 90, 1);
    await userEvent.tab();
    await expect(linkField(canvasElement)).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('region', { name: 'Share your link' }).querySelector('button')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByRole('button', { name: 'Copied!' })).toBeVisible();
    await expect(copied).toEqual([LINK]);
    await copiedFeedbackGone(canvasElement);
  },
};
