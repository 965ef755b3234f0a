import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrorResponses } from '../../../src/api/contract/envelope';
import {
  LoginRequest,
  LoginResponse,
  LogoutResponse,
  TOKEN_HEADER,
  VerifyTokenResponse,
} from '../../../src/api/contract/session';
import type { AppContext } from '../../context';
import { authenticate } from '../../plugins/auth';
import { revokeSession, signIn } from './service';

const tokenHeaderDoc = { security: [{ appToken: [] }] };

export const sessionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/authenticationApp',
    {
      schema: {
        tags: ['session'],
        summary: 'Sign in with e-mail and password (spec 002 sections 3, 4, 7)',
        body: LoginRequest,
        response: { 200: LoginResponse, ...commonErrorResponses },
      },
    },
    async (request) =>
      signIn(ctx.db, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        now: ctx.now(),
        limits: ctx.loginLimits,
        dummyHash: ctx.dummyHash,
      }),
  );

  app.post(
    '/authenticationApp/logout',
    {
      schema: {
        tags: ['session'],
        summary: `Sign out: revokes the token sent in ${TOKEN_HEADER}`,
        ...tokenHeaderDoc,
        response: { 200: LogoutResponse, ...commonErrorResponses },
      },
    },
    async (request) => {
      const now = ctx.now();
      // Any stage may sign out, including a half sign-in.
      const auth = await authenticate(ctx.db, request, now, ['active', 'otp', 'verify', 'otp_setup']);
      await revokeSession(ctx.db, auth.sessionId, now);
      return { success: true as const };
    },
  );

  app.get(
    '/application/verifyToken',
    {
      schema: {
        tags: ['session'],
        summary: 'Check the token: success true for a live, fully signed-in session',
        ...tokenHeaderDoc,
        response: { 200: VerifyTokenResponse, ...commonErrorResponses },
      },
    },
    async (request) => {
      await authenticate(ctx.db, request, ctx.now());
      return { success: true as const };
    },
  );
};
