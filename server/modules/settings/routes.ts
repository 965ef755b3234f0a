import { settingsEndpoints } from '../../../src/api/contract/settings';
import { route } from '../../lib/route';
import {
  saveAddressDetails,
  saveEmailPreferences,
  savePersonalDetails,
  savePhoneDetails,
  savePromotionalDetails,
  saveSecurityDetails,
  type SaveContext,
} from './service';
import type { RouteModule, RoutePlugin } from '../../lib/routeModules';

/** The six saves of the profile (spec 001 section 7), each behind the verification window (docs/settings.md). */
export const settingsRoutes: RoutePlugin = async (app, { ctx, messenger, productName }) => {
  const context = (auth: { affiliateId: number; sessionId: number }): SaveContext => ({
    db: ctx.db,
    affiliateId: auth.affiliateId,
    sessionId: auth.sessionId,
    now: ctx.now(),
  });
  const ok = (message: string) => ({ success: true as const, message });

  route(app, settingsEndpoints.personalDetails, async (request) => ok(await savePersonalDetails(context(request.auth), request.body)));
  route(app, settingsEndpoints.phoneDetails, async (request) => ok(await savePhoneDetails(context(request.auth), request.body)));
  route(app, settingsEndpoints.addressDetails, async (request) => ok(await saveAddressDetails(context(request.auth), request.body)));
  route(app, settingsEndpoints.promotionalDetails, async (request) => ok(await savePromotionalDetails(context(request.auth), request.body)));
  route(app, settingsEndpoints.emailPreferences, async (request) => ok(await saveEmailPreferences(context(request.auth), request.body)));
  route(app, settingsEndpoints.securityDetails, async (request) =>
    ok(
      await saveSecurityDetails(
        { ...context(request.auth), ip: request.ip, limits: ctx.loginLimits, passwordCost: ctx.passwordCost, notices: { messenger, productName } },
        request.body,
      ),
    ),
  );
};

/** Registered by server/lib/routeModules.ts. */
export const routeModule: RouteModule = { api: [settingsRoutes] };
