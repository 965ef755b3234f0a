import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { REFERRAL_BANNER_SIZES, rewardEndpoints, type ReferralArt } from '../../../src/api/contract/rewards';
import { DEFAULT_PRODUCT_NAME } from '../../../src/shared/product';
import { referralProgram } from '../../../src/shared/programTerms';
import { notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { sendSvg } from '../images/routes';
import { referralBannerSvg, referralLogoSvg } from '../images/svg';
import { approvedReferralCount } from './income';
import { listResources } from './queries';
import type { RouteModule, RoutePlugin } from '../../lib/routeModules';

/** The referral banners' pitch: the program's own terms (src/shared/programTerms.ts). */
export const REFERRAL_PITCH = `Earn ${referralProgram.sharePercent}% of your referrals\u2019 earnings for ${referralProgram.months} months`;
export const REFERRAL_BONUS_LINE = `Plus $${referralProgram.bonusDollars} at ${referralProgram.bonusReferrals} referrals`;
export const REFERRAL_CTA = 'Join now';
/** The contract's message for a name of no referral image (src/api/contract/rewards.ts). */
const NO_SUCH_IMAGE = 'There is no such referral image.';

/** The SVG of one piece of referral art, in its real size. */
export function referralArtSvg(art: ReferralArt, productName: string): string | null {
  if (art === 'logo-light' || art === 'logo-dark') return referralLogoSvg({ productName, theme: art === 'logo-light' ? 'light' : 'dark' });
  if (!(REFERRAL_BANNER_SIZES as readonly string[]).includes(art)) return null;
  const [width, height] = art.split('x').map(Number);
  return referralBannerSvg({ width, height, productName, pitch: REFERRAL_PITCH, extra: REFERRAL_BONUS_LINE, cta: REFERRAL_CTA });
}

/**
 * Partner resources, the referral count and the referral art (docs/referrals.md):
 * GET /resources (public), GET /referrer, GET /images/referral/:file (public). `productName` is the
 * configured PRODUCT_NAME the art shows (the product's default when not given).
 */
export const referralRoutes: RoutePlugin = async (app, { ctx, productName }) => {
  const name = productName ?? DEFAULT_PRODUCT_NAME;

  // A well-formed name of no image ('999x999.svg') is refused by the contract's params schema; it is
  // a missing image, so a 404 (the parent error handler answers it). Everything else goes on as it is.
  app.setErrorHandler((error) => {
    if (hasZodFastifySchemaValidationErrors(error) && error.validation[0]?.message === NO_SUCH_IMAGE) throw notFound(NO_SUCH_IMAGE);
    throw error;
  });

  route(app, rewardEndpoints.resources, async () => ({ success: true as const, resources: await listResources(ctx.db) }));

  route(app, rewardEndpoints.referrer, async (request) => ({
    success: true as const,
    referral_count: await approvedReferralCount(ctx.db, request.auth.affiliateId),
  }));

  route(app, rewardEndpoints.referralArt, async (request, reply) => {
    const image = referralArtSvg(request.params.file, name);
    if (!image) throw notFound(NO_SUCH_IMAGE);
    return sendSvg(reply, image);
  });
};

/** Registered by server/lib/routeModules.ts. */
export const routeModule: RouteModule = { api: [referralRoutes] };
