import { type REFERRAL_BANNER_SIZES, type ReferralArt } from '../../api/contract/rewards';
import { formatCount, formatWholeDollars } from '../../shared/format';
import { paths } from '../../shared/paths';
import { referralProgram } from '../../shared/programTerms';

/**
 * The referral page's texts and codes (spec 001 §2.4, §9), pure so they are tested on their own
 * (tests/unit/referral.test.ts). Every number comes from `referralProgram`.
 */

/** The program's terms (the constants' shape, any values): the texts take them, so a test can prove they follow them. */
export type ReferralTerms = { readonly [K in keyof typeof referralProgram]: (typeof referralProgram)[K] extends number ? number : string };

export type BannerSize = (typeof REFERRAL_BANNER_SIZES)[number];

/** The registration page's absolute address with `?referrer=<affiliate id>` (spec 001 §2.4, spec 002 §2). */
export function referralLink(affiliateId: number, origin: string): string {
  const url = new URL(paths.register, origin);
  url.searchParams.set('referrer', String(affiliateId));
  return url.href;
}

/** Where a piece of referral art is served: `${apiBase}/images/referral/728x90.svg` (the contract's referralArt). */
export function referralArtPath(apiBase: string, art: ReferralArt): string {
  return `${apiBase}/images/referral/${art}.svg`;
}

/** The same address made absolute, as an embed code on another site needs it. */
export function absoluteUrl(pathOrUrl: string, origin: string): string {
  return new URL(pathOrUrl, origin).href;
}

/** '728x90' → { width: 728, height: 90 }. */
export function bannerDimensions(size: BannerSize): { width: number; height: number } {
  const [width, height] = size.split('x').map(Number);
  return { width, height };
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The HTML an affiliate pastes on their site: the banner at its size, linking to their referral link. */
export function bannerEmbedCode(input: { link: string; imageUrl: string; width: number; height: number; alt: string }): string {
  const { link, imageUrl, width, height, alt } = input;
  return `<a href="${escapeAttribute(link)}"><img src="${escapeAttribute(imageUrl)}" width="${width}" height="${height}" alt="${escapeAttribute(alt)}"></a>`;
}

/** The banners' alt text, in the embed code and on the page. */
export const bannerAlt = (productName: string) => `Join ${productName}, the affiliate network`;

export interface ReferralProgress {
  /** For the progress bar: the count, capped at the goal. */
  value: number;
  goal: number;
  /** 'N of 10 approved referrals'; the real count once the goal is passed ('12 approved referrals'). */
  text: string;
  reached: boolean;
}

/** Progress toward the bonus (spec 001 §9: shown out of 10). */
export function referralProgress(count: number, terms: ReferralTerms = referralProgram): ReferralProgress {
  const goal = terms.bonusReferrals;
  const n = Math.max(0, Math.floor(count));
  return {
    value: Math.min(n, goal),
    goal,
    text: n > goal ? `${formatCount(n)} approved referrals` : `${formatCount(n)} of ${formatCount(goal)} approved referrals`,
    reached: n >= goal,
  };
}

/** What the page says once the goal is reached. */
export function reachedMessage(terms: ReferralTerms = referralProgram): string {
  return `You have reached ${terms.bonusReferrals} approved referrals: your ${formatWholeDollars(terms.bonusDollars)} bonus is applied within ${terms.bonusAppliedWithin}.`;
}

/** The program, point by point (spec 001 §9). */
export function programPoints(terms: ReferralTerms = referralProgram): string[] {
  return [
    `You earn ${terms.sharePercent}% of the earnings of every publisher you refer, for ${terms.months} months after their application is approved.`,
    `The publishers you refer get a ${terms.firstPaymentBonusPercent}% bonus on their first payment.`,
    `Once ${terms.bonusReferrals} of your referrals are approved, you earn an extra ${formatWholeDollars(terms.bonusDollars)} bonus, applied within ${terms.bonusAppliedWithin}.`,
  ];
}

export interface TextSnippet {
  title: string;
  text: string;
}

/** Ready-made texts to share, each with the referral link. */
export function textSnippets(link: string, productName: string, terms: ReferralTerms = referralProgram): TextSnippet[] {
  const bonus = `${terms.firstPaymentBonusPercent}%`;
  return [
    {
      title: 'Short post',
      text: `Affiliates: join ${productName} with my link and get a ${bonus} bonus on your first payment. ${link}`,
    },
    {
      title: 'Message to a fellow publisher',
      text: `I promote offers with ${productName}, an affiliate network with campaigns for every kind of audience. Sign up through my link and your first payment comes with a ${bonus} bonus: ${link}`,
    },
    {
      title: 'Newsletter or blog',
      text: `Looking for offers to promote? ${productName} pays affiliates for the leads and sales they send, and new publishers who apply through this link get a ${bonus} bonus on their first payment: ${link}`,
    },
  ];
}
