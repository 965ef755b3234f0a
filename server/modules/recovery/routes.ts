import { recoveryEndpoints } from '../../../src/api/contract/recovery';
import { recoveryMessages } from '../../../src/shared/recovery';
import { badRequest } from '../../lib/errors';
import { route } from '../../lib/route';
import { createCaptcha } from './captcha';
import { checkReset, requestReset, resetPassword, sendResetCode, type RecoveryDeps } from './service';
import type { RouteModule, RoutePlugin } from '../../lib/routeModules';

/** Forgot-password requests per address (in the database, like every API limit). */
export const FORGOT_PER_IP = 10;
const FORGOT_WINDOW_MS = 15 * 60_000;

/** Password recovery (spec 002 §7; docs/recovery.md). Every call is public. */
export const recoveryRoutes: RoutePlugin = async (app, { ctx, messenger, productName, tracking: { baseUrl }, captchaKey, captcha }) => {
  const deps: RecoveryDeps = {
    db: ctx.db, messenger, productName, baseUrl, captchaKey, captcha, passwordCost: ctx.passwordCost, limits: ctx.loginLimits,
  };

  route(app, recoveryEndpoints.captchaChallenge, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return createCaptcha(captchaKey, captcha, ctx.now()) as never;
  });

  route(
    app,
    recoveryEndpoints.forgotPassword,
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await requestReset(deps, { email: request.query.email, captcha: request.query.altcha, now: ctx.now() });
      return { success: true as const };
    },
    { config: { rateLimit: { max: FORGOT_PER_IP, timeWindow: FORGOT_WINDOW_MS, keyGenerator: (r) => `forgot:${r.ip}` } } },
  );

  route(app, recoveryEndpoints.checkResetToken, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { success: true as const, data: await checkReset(ctx.db, request.query.token, ctx.now()) };
  });

  route(app, recoveryEndpoints.generateResetCode, async (request) => {
    const { resend_after } = await sendResetCode(deps, request.body.token, ctx.now());
    return { success: true as const, resend_after };
  });

  route(app, recoveryEndpoints.resetPassword, async (request) => {
    const { token } = request.body;
    // The spec sends the token twice (query and body): they must agree.
    if (request.query.token !== undefined && request.query.token.trim() !== token.trim()) throw badRequest(recoveryMessages.linkExpired);
    await resetPassword(deps, { token, password: request.body.password, code: request.body.code, now: ctx.now(), ip: request.ip });
    return { success: true as const };
  });
};

/** Registered by server/lib/routeModules.ts. */
export const routeModule: RouteModule = { api: [recoveryRoutes] };
