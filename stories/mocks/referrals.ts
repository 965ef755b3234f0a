import { REFERRAL_BANNER_SIZES, rewardEndpoints, type ReferralArt } from '../../src/api/contract/rewards';
import { answer, failure, mock, networkError, pending, type MockOptions } from './http';

/**
 * MSW handlers of the Referral Program page (spec 001 §2.4, §3, §7, §9): the referral
 * count (GET /referrer) and the referral art (GET /images/referral/:file), drawn here as SVG in
 * their real sizes so nothing leaves the machine and screenshots stay fixed.
 */

const { referrer, referralArt } = rewardEndpoints;

const FONT = 'font-family="Liberation Sans, DejaVu Sans, sans-serif" font-weight="700"';

/** A banner in its size: the network's colours, a headline and a call to action. */
function bannerSvg(width: number, height: number): string {
  const tall = height > width;
  const size = Math.round(tall ? width / 5 : Math.min(height / 3.2, width / 14));
  const headline = tall
    ? `<text x="50%" y="35%" text-anchor="middle" ${FONT} font-size="${size}" fill="#fff">Earn</text><text x="50%" y="45%" text-anchor="middle" ${FONT} font-size="${size}" fill="#fff">more</text>`
    : `<text x="${width * 0.06}" y="${height * 0.58}" ${FONT} font-size="${size}" fill="#fff">Earn more as an affiliate</text>`;
  const cta = tall
    ? `<rect x="15%" y="70%" width="70%" height="${size * 1.6}" rx="6" fill="#ffcf66"/><text x="50%" y="${height * 0.7 + size * 1.1}" text-anchor="middle" ${FONT} font-size="${Math.round(size * 0.7)}" fill="#15171b">Join now</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="#1f5bc4"/>${headline}${cta}</svg>`;
}

/** A 280 × 64 logo on its own ground, as the server draws them: dark letters on white (logo-light) or white on dark. */
function logoSvg(light: boolean): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="280" height="64" viewBox="0 0 280 64"><rect width="280" height="64" rx="8" fill="${light ? '#ffffff' : '#0a2f52'}"/><rect x="12" y="12" width="40" height="40" rx="10" fill="#2f6fde"/><text x="62" y="40" ${FONT} font-size="20" fill="${light ? '#1f5bc4' : '#ffffff'}">Publisher Portal</text></svg>`;
}

export function referralArtSvg(art: ReferralArt): string {
  if (art === 'logo-light' || art === 'logo-dark') return logoSvg(art === 'logo-light');
  const [width, height] = art.split('x').map(Number);
  return bannerSvg(width, height);
}

const svgResponse = (body: string) => new Response(body, { headers: { 'content-type': 'image/svg+xml' } });

export const referralHandlers = {
  count: (referral_count: number, spy?: MockOptions) => answer(referrer, { success: true, referral_count }, spy),
  pending: () => pending(referrer),
  failure: (message = 'An internal error occurred. Please try again later', status = 500) => failure(referrer, message, status),
  networkError: () => networkError(referrer),
  /** The banners and logos (GET /images/referral/:file). */
  art: () => mock(referralArt, ({ params }) => svgResponse(referralArtSvg(params.file.replace(/\.svg$/, '') as ReferralArt))),
};

/** Every size of banner the page shows (for plays that walk them). */
export const bannerSizes = REFERRAL_BANNER_SIZES;

