import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settingsEndpoints } from '../../../src/api/contract/settings';
import type { AppContext } from '../../context';
import { route } from '../../lib/route';
import type { Messenger } from '../../lib/messenger';
import {
  saveAddressDetails,
  saveEmailPreferences,
  savePersonalDetails,
  savePhoneDetails,
  savePromotionalDetails,
  saveSecurityDetails,
  type SaveContext,
} from './service';

/** The six saves of the profile (spec 001 section 7), each behind the verification window (docs/settings.md). */
export const settingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; messenger: Messenger; productName: string }> = async (app, { ctx, messenger, productName }) => {
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
