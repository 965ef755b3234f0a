import { z } from 'zod';
import { SafeText } from './common';
import { endpoint } from './endpoint';
import { successEnvelope } from './envelope';

/**
 * Two-factor and code-verification calls (spec 002 §7, spec 001 §7). All carry x-app-token: the
 * token stored at step 1 of the login flow is enough for these, the rest of the API needs a
 * completed session.
 */
/**
 * Messages of fields a person fills in are whole sentences: the server answers them as they are, with
 * no field name from the code in front (server/plugins/errors.ts).
 */
export const codeFieldMessages = {
  authenticator: 'Please enter the 6-digit code from your authenticator app.',
  emailOrSms: 'Please enter the code we sent you.',
} as const;
const SixDigits = z.string().trim().regex(/^\d{6}$/, codeFieldMessages.authenticator);

/** POST /authenticationApp/otpVerify: the authenticator code at sign-in. */
export const OtpVerifyRequest = z.object({ inputCode: SixDigits });
export const OtpVerifyResponse = successEnvelope({ isCodeValid: z.boolean() });
export type OtpVerifyResponse = z.infer<typeof OtpVerifyResponse>;

/** POST /authenticationApp/savePromptDate: "Not now" on the optional two-factor offer. */
export const SavePromptDateResponse = successEnvelope({});

export const CodeMethod = z.enum(['byEmail', 'bySMS', 'byBoth']);
export const CodePurpose = z.enum(['login', 'settings']);

/** POST /authenticationApp/sendCode (path chosen by us; the spec calls it the send-code helper). */
export const SendCodeRequest = z.object({ method: CodeMethod, purpose: CodePurpose });
export const SendCodeResponse = successEnvelope({
  /** The handle of the code just sent; sent back with the code. */
  t: z.string(),
});
export type SendCodeResponse = z.infer<typeof SendCodeResponse>;

/** POST /authenticationApp/verifyCode: the code is trimmed, not format-checked on the client. */
export const VerifyCodeRequest = z.object({
  code: SafeText().trim().min(1, codeFieldMessages.emailOrSms).max(12, 'This code is too long: please check it and try again.'),
  t: SafeText().min(1, 'Please request a new code.').max(200, 'Please request a new code.'),
});
export const VerifyCodeResponse = successEnvelope({
  /** For purpose 'settings': the end of the editing window it opened (ISO 8601; docs/settings.md). */
  editable_until: z.string().optional(),
});

/** POST /authenticationApp/otpsetup: a new secret and the QR code to scan. */
export const OtpSetupResponse = successEnvelope({
  /** Content of the QR code: an otpauth:// URI (RFC 6238 TOTP, 30 s, 6 digits). */
  token: z.string(),
  secret: z.string(),
  /** The QR code as an image (data: URL of a PNG or SVG). */
  qr: z.string(),
});
export type OtpSetupResponse = z.infer<typeof OtpSetupResponse>;

/** POST /authenticationApp/otpActivate */
export const OtpActivateRequest = z.object({ secret: SafeText().min(16).max(128), otp: SixDigits });
export const OtpActivateResponse = successEnvelope({ isTokenValid: z.boolean() });
export type OtpActivateResponse = z.infer<typeof OtpActivateResponse>;

/** POST /authenticationApp/otpCancel */
export const OtpCancelResponse = successEnvelope({ otpDeactivated: z.boolean(), message: z.string() });

const tags = ['two-factor'];

/**
 * The sign-in steps after the password (spec 002 §4, §7) and the two-factor set-up (spec 001 §7).
 * Each half sign-in token reaches only its own step: 'otp' the authenticator code, 'verify' the
 * e-mail/SMS code, 'otp_setup' the forced set-up; a full session reaches set-up, settings codes,
 * the prompt date and deactivation.
 */
export const twoFactorEndpoints = {
  otpVerify: endpoint({
    method: 'POST',
    path: '/authenticationApp/otpVerify',
    access: ['otp'],
    tags,
    summary: 'Sign-in step: the 6-digit authenticator code',
    body: OtpVerifyRequest,
    response: OtpVerifyResponse,
  }),
  savePromptDate: endpoint({
    method: 'POST',
    path: '/authenticationApp/savePromptDate',
    access: 'session',
    tags,
    summary: '"Not now" on the optional two-factor offer',
    response: SavePromptDateResponse,
  }),
  sendCode: endpoint({
    method: 'POST',
    path: '/authenticationApp/sendCode',
    // purpose 'login' needs the 'verify' half sign-in, 'settings' a full session (checked by the handler).
    access: ['verify', 'active'],
    tags,
    summary: 'Send a 6-digit code by e-mail, SMS or both (purpose login or settings)',
    body: SendCodeRequest,
    response: SendCodeResponse,
  }),
  verifyCode: endpoint({
    method: 'POST',
    path: '/authenticationApp/verifyCode',
    access: ['verify', 'active'],
    tags,
    summary: 'Check a code sent by sendCode; for sign-in it completes the session',
    body: VerifyCodeRequest,
    response: VerifyCodeResponse,
  }),
  otpSetup: endpoint({
    method: 'POST',
    path: '/authenticationApp/otpsetup',
    access: ['otp_setup', 'active'],
    tags,
    summary: 'A new TOTP secret and its QR code (otpauth:// URI)',
    response: OtpSetupResponse,
  }),
  otpActivate: endpoint({
    method: 'POST',
    path: '/authenticationApp/otpActivate',
    access: ['otp_setup', 'active'],
    tags,
    summary: 'Turn two-factor on once a code from the new secret checks out',
    body: OtpActivateRequest,
    response: OtpActivateResponse,
  }),
  otpCancel: endpoint({
    method: 'POST',
    path: '/authenticationApp/otpCancel',
    access: 'session',
    tags,
    summary: 'Turn two-factor off (only inside the settings verification window: 403 otherwise)',
    response: OtpCancelResponse,
    errors: [403],
  }),
};
