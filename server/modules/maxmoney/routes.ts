import { rewardEndpoints } from '../../../src/api/contract/rewards';
import { route } from '../../lib/route';
import { cancelRedeem, redeem, registerForPromo, rewardsOf } from './service';
import type { RouteModule, RoutePlugin } from '../../lib/routeModules';

/** MaxMoney points (docs/rewards.md): GET /maxmoney, POST /maxmoney/register, /redeem, /cancel. */
export const maxmoneyRoutes: RoutePlugin = async (app, { ctx, maxmoney: settings }) => {
  route(app, rewardEndpoints.maxmoney, async (request) => ({
    success: true as const,
    ...(await rewardsOf(ctx.db, request.auth.affiliateId, settings, ctx.now())),
  }));

  route(app, rewardEndpoints.registerPromo, async (request) => {
    const { promo_id, promo_type } = request.body;
    return { success: true as const, message: await registerForPromo(ctx.db, request.auth.affiliateId, promo_id, promo_type, ctx.now()) };
  });

  route(app, rewardEndpoints.redeem, async (request) => ({
    success: true as const,
    ...(await redeem(ctx.db, request.auth.affiliateId, request.body.amount, settings, ctx.now())),
  }));

  route(app, rewardEndpoints.cancelRedeem, async (request) => ({
    success: true as const,
    ...(await cancelRedeem(ctx.db, request.auth.affiliateId, request.body.entry_id, ctx.now())),
  }));
};

/** Registered by server/lib/routeModules.ts. */
export const routeModule: RouteModule = { api: [maxmoneyRoutes] };
