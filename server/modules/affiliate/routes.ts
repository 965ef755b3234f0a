import { affiliateEndpoints } from '../../../src/api/contract/affiliate';
import { sessionEndpoints } from '../../../src/api/contract/session';
import { unauthorized } from '../../lib/errors';
import { route } from '../../lib/route';
import { emailProblem } from '../../../src/shared/emailRules';
import { EMAIL_UNDELIVERABLE, FLAG_INVALID_EMAIL } from '../../../src/shared/profileOptions';
import { INVALID_MOBILE, isValidPhone } from '../../../src/shared/phone';
import { loadAffiliateRecord } from './queries';
import type { RouteModule, RoutePlugin } from '../../lib/routeModules';


export const affiliateRoutes: RoutePlugin = async (app, { ctx }) => {
  route(app, affiliateEndpoints.getAffiliate, async (request) => {
    const record = await loadAffiliateRecord(ctx.db, request.auth.affiliateId, { id: request.auth.sessionId, now: ctx.now() });
    if (!record) throw unauthorized();
    return record;
  });

  route(app, affiliateEndpoints.validatePhone, async (request) => {
    const isValid = isValidPhone(request.query.m);
    return { success: true as const, isValid, ...(isValid ? {} : { message: INVALID_MOBILE }) };
  });

  route(app, affiliateEndpoints.validateEmail, async (request) => {
    const email = request.query.email.trim();
    let problem = emailProblem(email);
    if (!problem) {
      // The product's own deliverability flag: the address on file that mail could not reach.
      const flagged = await ctx.db
        .selectFrom('affiliates as a')
        .innerJoin('affiliate_flags as f', (j) => j.onRef('f.affiliate_id', '=', 'a.id').on('f.flag', '=', FLAG_INVALID_EMAIL))
        .select('a.id')
        .where('a.id', '=', request.auth.affiliateId)
        .where((eb) => eb(eb.fn('lower', ['a.email']), '=', email.toLowerCase()))
        .executeTakeFirst();
      if (flagged) problem = EMAIL_UNDELIVERABLE;
    }
    return { success: true as const, isValid: !problem, ...(problem ? { message: problem } : {}) };
  });

  route(app, sessionEndpoints.pageView, async (request) => {
    await ctx.db
      .insertInto('page_views')
      .values({
        affiliate_id: request.auth.affiliateId,
        screen_name: request.body.screen_name,
        query_string: request.body.query_string,
        created_at: ctx.now(),
      })
      .execute();
    return { success: true as const };
  });
};

/** Registered by server/lib/routeModules.ts. */
export const routeModule: RouteModule = { api: [affiliateRoutes] };
