import { sessionEndpoints } from '../../../src/api/contract/session';
import { route } from '../../lib/route';
import { revokeSession, signIn } from './service';
import type { RouteModule, RoutePlugin } from '../../lib/routeModules';

/** Sign-in and sign-out. The captcha of busy addresses is the forgot page's (same key: recovery/captcha.ts). */
export const sessionRoutes: RoutePlugin = async (app, { ctx, messenger, productName, captchaKey }) => {
  route(app, sessionEndpoints.login, async (request) => {
    return signIn(ctx.db, request.body, {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
      now: ctx.now(),
      limits: ctx.loginLimits,
      dummyHash: ctx.dummyHash,
      captchaKey,
      messenger,
      productName,
      // After the answer has gone (setImmediate runs once the handler's reply is written).
      later: (work) =>
        setImmediate(() => {
          work().catch((err: unknown) => request.log.error({ err }, 'sign-in notice failed'));
        }),
    });
  });

  route(app, sessionEndpoints.logout, async (request) => {
    await revokeSession(ctx.db, request.auth.sessionId, ctx.now());
    return { success: true as const };
  });

  // The session hook has checked the token by the time the handler runs.
  route(app, sessionEndpoints.verifyToken, async () => ({ success: true as const }));
};

/** Registered by server/lib/routeModules.ts. */
export const routeModule: RouteModule = { api: [sessionRoutes] };
