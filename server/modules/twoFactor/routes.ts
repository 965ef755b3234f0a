import QRCode from 'qrcode';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrorResponses } from '../../../src/api/contract/envelope';
import {
  OtpActivateRequest,
  OtpActivateResponse,
  OtpCancelResponse,
  OtpSetupResponse,
  OtpVerifyRequest,
  OtpVerifyResponse,
  SavePromptDateResponse,
  SendCodeRequest,
  SendCodeResponse,
  VerifyCodeRequest,
  VerifyCodeResponse,
} from '../../../src/api/contract/twoFactor';
import type { AppContext } from '../../context';
import type { Messenger } from '../../lib/messenger';
import { authenticate } from '../../plugins/auth';
import { badRequest } from '../../lib/errors';
import {
  activateOtp,
  cancelOtp,
  completeVerifiedSignIn,
  messages,
  savePromptDate,
  sendCode,
  startOtpSetup,
  verifyCode,
  verifySignInOtp,
} from './service';

const doc = { security: [{ appToken: [] }] };
const tags = ['two-factor'];

/**
 * The sign-in steps after the password (spec 002 §4, §7) and the two-factor set-up (spec 001 §7).
 * Each half sign-in token reaches only its own step: 'otp' the authenticator code, 'verify' the
 * e-mail/SMS code, 'otp_setup' the forced set-up; a full session reaches set-up, settings codes,
 * the prompt date and deactivation.
 */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; messenger: Messenger; productName: string }> = async (
  app,
  { ctx, messenger, productName },
) => {
  app.post(
    '/authenticationApp/otpVerify',
    { schema: { tags, summary: 'Sign-in step: the 6-digit authenticator code', ...doc, body: OtpVerifyRequest, response: { 200: OtpVerifyResponse, ...commonErrorResponses } } },
    async (request) => {
      const now = ctx.now();
      const auth = await authenticate(ctx.db, request, now, ['otp']);
      const ok = await verifySignInOtp(ctx.db, { affiliateId: auth.affiliateId, sessionId: auth.sessionId, code: request.body.inputCode, now });
      return { success: true as const, isCodeValid: ok };
    },
  );

  app.post(
    '/authenticationApp/savePromptDate',
    { schema: { tags, summary: '"Not now" on the optional two-factor offer', ...doc, response: { 200: SavePromptDateResponse, ...commonErrorResponses } } },
    async (request) => {
      const now = ctx.now();
      const auth = await authenticate(ctx.db, request, now);
      await savePromptDate(ctx.db, auth.affiliateId, now);
      return { success: true as const };
    },
  );

  app.post(
    '/authenticationApp/sendCode',
    { schema: { tags, summary: 'Send a 6-digit code by e-mail, SMS or both (purpose login or settings)', ...doc, body: SendCodeRequest, response: { 200: SendCodeResponse, ...commonErrorResponses } } },
    async (request) => {
      const now = ctx.now();
      const { method, purpose } = request.body;
      const auth = await authenticate(ctx.db, request, now, purpose === 'login' ? ['verify'] : ['active']);
      const { t } = await sendCode(ctx.db, messenger, { affiliateId: auth.affiliateId, method, purpose, now, productName });
      return { success: true as const, t };
    },
  );

  app.post(
    '/authenticationApp/verifyCode',
    { schema: { tags, summary: 'Check a code sent by sendCode; for sign-in it completes the session', ...doc, body: VerifyCodeRequest, response: { 200: VerifyCodeResponse, ...commonErrorResponses } } },
    async (request) => {
      const now = ctx.now();
      const auth = await authenticate(ctx.db, request, now, ['verify', 'active']);
      const purpose = auth.stage === 'verify' ? 'login' : 'settings';
      await verifyCode(ctx.db, { affiliateId: auth.affiliateId, purpose, code: request.body.code, t: request.body.t, now });
      if (purpose === 'login') await completeVerifiedSignIn(ctx.db, auth.sessionId);
      return { success: true as const };
    },
  );

  app.post(
    '/authenticationApp/otpsetup',
    { schema: { tags, summary: 'A new TOTP secret and its QR code (otpauth:// URI)', ...doc, response: { 200: OtpSetupResponse, ...commonErrorResponses } } },
    async (request) => {
      const now = ctx.now();
      const auth = await authenticate(ctx.db, request, now, ['otp_setup', 'active']);
      const { secret, token } = await startOtpSetup(ctx.db, auth.affiliateId, productName);
      const qr = await QRCode.toDataURL(token, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
      return { success: true as const, token, secret, qr };
    },
  );

  app.post(
    '/authenticationApp/otpActivate',
    { schema: { tags, summary: 'Turn two-factor on once a code from the new secret checks out', ...doc, body: OtpActivateRequest, response: { 200: OtpActivateResponse, ...commonErrorResponses } } },
    async (request) => {
      const now = ctx.now();
      const auth = await authenticate(ctx.db, request, now, ['otp_setup', 'active']);
      if (!/^[A-Z2-7]{16,128}$/.test(request.body.secret)) throw badRequest('secret: must be a base32 secret');
      const ok = await activateOtp(ctx.db, { affiliateId: auth.affiliateId, sessionId: auth.sessionId, secret: request.body.secret, otp: request.body.otp, now });
      return { success: true as const, isTokenValid: ok };
    },
  );

  app.post(
    '/authenticationApp/otpCancel',
    { schema: { tags, summary: 'Turn two-factor off', ...doc, response: { 200: OtpCancelResponse, ...commonErrorResponses } } },
    async (request) => {
      const now = ctx.now();
      const auth = await authenticate(ctx.db, request, now);
      await cancelOtp(ctx.db, auth.affiliateId, now);
      return { success: true as const, otpDeactivated: true, message: messages.deactivated };
    },
  );
};
