import QRCode from 'qrcode';
import { twoFactorEndpoints } from '../../../src/api/contract/twoFactor';
import { badRequest, unauthorized } from '../../lib/errors';
import { route } from '../../lib/route';
import { queueNotice } from '../session/notices';
import { openSettingsWindow, requireSettingsWindow } from '../settings/service';
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
import type { RouteModule, RoutePlugin } from '../../lib/routeModules';

/**
 * The sign-in steps after the password (spec 002 §4, §7) and the two-factor set-up (spec 001 §7).
 * Each half sign-in token reaches only its own step: 'otp' the authenticator code, 'verify' the
 * e-mail/SMS code, 'otp_setup' the forced set-up; a full session reaches set-up, settings codes,
 * the prompt date and deactivation.
 */
export const twoFactorRoutes: RoutePlugin = async (app, { ctx, messenger, productName }) => {
  route(app, twoFactorEndpoints.otpVerify, async (request) => {
    const { affiliateId, sessionId } = request.auth;
    const ok = await verifySignInOtp(ctx.db, {
      affiliateId, sessionId, code: request.body.inputCode, now: ctx.now(), totpKey: ctx.totpKey,
      ip: request.ip, limits: ctx.loginLimits,
    });
    return { success: true as const, isCodeValid: ok };
  });

  route(app, twoFactorEndpoints.savePromptDate, async (request) => {
    await savePromptDate(ctx.db, request.auth.affiliateId, ctx.now());
    return { success: true as const };
  });

  route(app, twoFactorEndpoints.sendCode, async (request) => {
    const { method, purpose } = request.body;
    // A sign-in code needs the 'verify' half sign-in, a settings code a full session.
    if (request.auth.stage !== (purpose === 'login' ? 'verify' : 'active')) throw unauthorized();
    const { t } = await sendCode(ctx.db, messenger, { affiliateId: request.auth.affiliateId, method, purpose, now: ctx.now(), productName });
    return { success: true as const, t };
  });

  route(app, twoFactorEndpoints.verifyCode, async (request) => {
    const { affiliateId, sessionId, stage } = request.auth;
    const purpose = stage === 'verify' ? 'login' : 'settings';
    await verifyCode(ctx.db, {
      affiliateId, purpose, code: request.body.code, t: request.body.t, now: ctx.now(), ip: request.ip, limits: ctx.loginLimits,
    });
    if (purpose === 'login') {
      await completeVerifiedSignIn(ctx.db, sessionId);
      return { success: true as const };
    }
    const until = await openSettingsWindow(ctx.db, sessionId, ctx.now());
    return { success: true as const, editable_until: until.toISOString() };
  });

  route(app, twoFactorEndpoints.otpSetup, async (request) => {
    const { secret, token } = await startOtpSetup(ctx.db, request.auth.affiliateId, productName);
    const qr = await QRCode.toDataURL(token, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
    return { success: true as const, token, secret, qr };
  });

  route(app, twoFactorEndpoints.otpActivate, async (request) => {
    const { affiliateId, sessionId } = request.auth;
    // 128 to 512 bits (otplib's bounds; RFC 4226 §4 asks for at least 128): 26 to 103 base32 characters.
    if (!/^[A-Z2-7]{26,103}$/.test(request.body.secret)) throw badRequest('secret: must be a base32 secret of 128 to 512 bits');
    const now = ctx.now();
    const ok = await activateOtp(ctx.db, {
      affiliateId, sessionId, secret: request.body.secret, otp: request.body.otp, now, totpKey: ctx.totpKey,
    });
    if (ok) await queueNotice(ctx.db, affiliateId, { kind: 'twoFactor', enabled: true }, { messenger, productName, at: now, ip: request.ip });
    return { success: true as const, isTokenValid: ok };
  });

  route(app, twoFactorEndpoints.otpCancel, async (request) => {
    // Turning two-factor off weakens the account: only inside the settings verification window.
    await requireSettingsWindow(ctx.db, request.auth.sessionId, ctx.now());
    const now = ctx.now();
    const wasOn = await cancelOtp(ctx.db, request.auth.affiliateId, now);
    if (wasOn) await queueNotice(ctx.db, request.auth.affiliateId, { kind: 'twoFactor', enabled: false }, { messenger, productName, at: now, ip: request.ip });
    return { success: true as const, otpDeactivated: true, message: messages.deactivated };
  });
};

/** Registered by server/lib/routeModules.ts. */
export const routeModule: RouteModule = { api: [twoFactorRoutes] };
