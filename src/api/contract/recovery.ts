import { z } from 'zod';
import { SafeText } from './common';
import { endpoint } from './endpoint';
import { successEnvelope } from './envelope';
import { recoveryMessages } from '../../shared/recovery';

/**
 * Password recovery (spec 002 §2, §4, §5, §7, §8; docs/recovery.md): the forgot page asks for a
 * reset e-mail behind a self-hosted proof-of-work captcha (ALTCHA), the reset page checks the
 * e-mailed token, sends an SMS code and sets the new password.
 */

const Email = SafeText()
  .trim()
  .min(1, recoveryMessages.emailRequired)
  .max(254, recoveryMessages.emailInvalid)
  .pipe(z.email(recoveryMessages.emailInvalid));

/** The ALTCHA payload (base64 of {challenge, solution}) the widget puts in its hidden field (also the sign-in's). */
export const CaptchaPayload = z.string().max(4000, recoveryMessages.captchaInvalid);

/** GET /forgotPassword?email&altcha: the captcha payload travels as a query parameter (the spec's call is a GET). */
export const ForgotPasswordQuery = z.object({ email: Email, altcha: CaptchaPayload.optional() });
export type ForgotPasswordQuery = z.input<typeof ForgotPasswordQuery>;
export const ForgotPasswordResponse = successEnvelope({});

/** GET /forgotPassword/challenge: a signed ALTCHA challenge (altcha-lib v2 format), for the widget. */
export const CaptchaChallenge = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof CaptchaChallenge>;

/** Reset tokens are 43 base64url characters; anything else is simply an expired link. */
const Token = SafeText().trim().min(1, recoveryMessages.linkExpired).max(200, recoveryMessages.linkExpired);

export const ResetTokenQuery = z.object({ token: Token });
/** Spec 002 §3 "Reset-token response". */
export const ResetTokenResponse = successEnvelope({
  data: z.object({ is_mobile_added: z.boolean(), manager_email: z.string() }),
});
export type ResetTokenResponse = z.infer<typeof ResetTokenResponse>;

export const GenerateCodeRequest = z.object({ token: Token });
export const GenerateCodeResponse = successEnvelope({
  /** Seconds before another code can be requested (spec §9's 60). */
  resend_after: z.number().int(),
});
export type GenerateCodeResponse = z.infer<typeof GenerateCodeResponse>;

export const ResetPasswordQuery = z.object({ token: Token.optional() });
export const ResetPasswordRequest = z.object({
  // Only ever hashed; the rule (spec §5) is checked by the handler with the page's message.
  password: z.string().min(1, recoveryMessages.passwordRequired).max(200, 'The password is too long.'),
  code: SafeText().trim().min(1, recoveryMessages.codeRequired).max(12, recoveryMessages.wrongCode),
  token: Token,
});
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequest>;
export const ResetPasswordResponse = successEnvelope({});

const tags = ['recovery'];

export const recoveryEndpoints = {
  captchaChallenge: endpoint({
    method: 'GET',
    path: '/forgotPassword/challenge',
    access: 'public',
    tags,
    summary: 'A new signed ALTCHA proof-of-work challenge for the forgot-password form and a sign-in answered 428 (expires in 5 minutes, single use).',
    response: CaptchaChallenge,
  }),
  forgotPassword: endpoint({
    method: 'GET',
    path: '/forgotPassword',
    access: 'public',
    tags,
    summary:
      'Sends a reset link to the address when it belongs to an active account; answers the same either way. Needs a solved, unused captcha (query altcha).',
    query: ForgotPasswordQuery,
    response: ForgotPasswordResponse,
  }),
  checkResetToken: endpoint({
    method: 'GET',
    path: '/resetPassword',
    access: 'public',
    tags,
    summary: 'Checks a reset link: whether a mobile number is on file (for the SMS code) and the manager to contact otherwise.',
    query: ResetTokenQuery,
    response: ResetTokenResponse,
  }),
  generateResetCode: endpoint({
    method: 'POST',
    path: '/resetPassword/generateCode',
    access: 'public',
    tags,
    summary: 'Texts a 6-digit code to the mobile number on file (10 minutes, single use); again only after 60 seconds.',
    body: GenerateCodeRequest,
    response: GenerateCodeResponse,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/resetPassword',
    access: 'public',
    tags,
    summary: 'Sets the new password with the link and the SMS code; ends every session of the account.',
    query: ResetPasswordQuery,
    body: ResetPasswordRequest,
    response: ResetPasswordResponse,
  }),
};
