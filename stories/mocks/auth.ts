import { CAPTCHA_REQUIRED_STATUS, loginMessages, sessionEndpoints, type LoginResponse } from '../../src/api/contract/session';
import type { AnyEndpoint, ReplyInputOf } from '../../src/api/contract/endpoint';
import { twoFactorEndpoints, type OtpSetupResponse } from '../../src/api/contract/twoFactor';
import { failureResponse, mocksOf, perRender, type MockOptions } from './http';
import { qrImage } from './qrImage';

export { qrImage };

/**
 * MSW handlers for every call of `src/api/authApi.ts` (spec 002 §7), made with the mock toolkit
 * (./http.ts) from the endpoint descriptions, with fixtures typed by the zod contract. Each endpoint
 * has the toolkit's answer, failure, networkError and pending, plus the named answers below; each
 * takes `{ onRequest }` so a story can assert what the portal sent.
 */

/** Messages the server answers with (the wording of server/modules/session and spec 002 §8). */
export const authServerMessages = {
  badCredentials: 'The e-mail address or password you entered is incorrect.',
  inactive: 'Your account is not active. Please contact your affiliate manager.',
  pendingApproval: 'Your application is still being reviewed. You can sign in once your account has been approved.',
  tooManyAttempts: 'Too many failed sign-in attempts for this account. Please wait 15 minutes and try again, or reset your password.',
  /** Many failures from the address or on the account: the try needs a solved captcha (428). */
  captchaRequired: loginMessages.captchaRequired,
  sessionExpired: 'Your session has expired. Please sign in again.',
  /** The fifth wrong authenticator code ends the half sign-in (429). */
  tooManyOtp: 'Too many incorrect codes. Please wait 1 minute and sign in again.',
  wrongVerificationCode: 'The code you entered is not valid. Please check it and try again.',
  codeSendFailed: 'We could not send the code. Please try again in a few minutes.',
  internal: 'An internal error occurred. Please try again later',
} as const;

/** The codes the code-checking handlers accept; anything else is a wrong code. */
export const validCodes = {
  authenticator: '123456',
  verification: '654321',
  activation: '246810',
} as const;

type HandlerOptions = MockOptions;

/* ------------------------------------------------------------------------------------------------
 * Login (POST /authenticationApp): one answer per branch of spec 002 §4 "Login flow".
 * --------------------------------------------------------------------------------------------- */

/** A prompt date far in the past: the 30-day repeat (spec 002 §9) has long passed. */
export const LONG_AGO = '2020-01-01T00:00:00.000Z';

const baseLogin: LoginResponse = {
  success: true,
  'mb-app-token': 'story-token-0f1e2d3c4b5a',
  'mb-aid': 10423,
  'mb-ld': 7,
  'mb-oid': 311,
  'mb-p': 3,
  'mb-o': 0,
  otp_enabled: false,
  otp_prompt_date: LONG_AGO,
  country_verified: true,
  is_mobile_added: true,
};

/**
 * "Straight in" needs a prompt within the last 30 days, measured by the machine against the real
 * clock; so this one answer is built at request time (one day before now). The date is never
 * rendered, so screenshots stay deterministic.
 */
export function promptedYesterday(): string {
  return new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
}

export const loginAnswers = {
  /** Step 4, prompted recently: the session is stored and the journey ends. */
  straightIn: (): LoginResponse => ({ ...baseLogin, otp_prompt_date: promptedYesterday() }),
  /** Step 2: two-factor on, the authenticator code screen. */
  otpEnabled: { ...baseLogin, otp_enabled: true } satisfies LoginResponse,
  /** Step 3: country not verified, a mobile number on file (e-mail, SMS or both). */
  countryNotVerified: { ...baseLogin, country_verified: false, is_mobile_added: true } satisfies LoginResponse,
  /** Step 3: country not verified and no mobile number (e-mail only). */
  countryNotVerifiedNoMobile: { ...baseLogin, country_verified: false, is_mobile_added: false } satisfies LoginResponse,
  /** Step 4: mb-p above 2, last prompt older than 30 days: the optional offer. */
  optionalOffer: { ...baseLogin, 'mb-p': 3, 'mb-o': 0, otp_prompt_date: LONG_AGO } satisfies LoginResponse,
  /** Step 4 through the special mb-o 123 (mb-p low), never prompted: the optional offer. */
  optionalOfferSpecialO: { ...baseLogin, 'mb-p': 1, 'mb-o': 123, otp_prompt_date: null } satisfies LoginResponse,
  /** Step 5: mb-p 2 or less and mb-o not 123: the forced offer. */
  forcedOffer: { ...baseLogin, 'mb-p': 1, 'mb-o': 0, otp_prompt_date: null } satisfies LoginResponse,
};

const login = mocksOf(sessionEndpoints.login);
export const loginHandlers = {
  ...login,
  straightIn: (options?: HandlerOptions) => login.answer(() => loginAnswers.straightIn(), options),
  otpEnabled: (options?: HandlerOptions) => login.answer(loginAnswers.otpEnabled, options),
  countryNotVerified: (options?: HandlerOptions) => login.answer(loginAnswers.countryNotVerified, options),
  countryNotVerifiedNoMobile: (options?: HandlerOptions) => login.answer(loginAnswers.countryNotVerifiedNoMobile, options),
  optionalOffer: (options?: HandlerOptions) => login.answer(loginAnswers.optionalOffer, options),
  optionalOfferSpecialO: (options?: HandlerOptions) => login.answer(loginAnswers.optionalOfferSpecialO, options),
  forcedOffer: (options?: HandlerOptions) => login.answer(loginAnswers.forcedOffer, options),
  /** Wrong e-mail or password: the server answers 400 with one message for both. */
  badCredentials: (options?: HandlerOptions) => login.failure(authServerMessages.badCredentials, 400, options),
  inactive: (options?: HandlerOptions) => login.failure(authServerMessages.inactive, 403, options),
  tooManyAttempts: (options?: HandlerOptions) => login.failure(authServerMessages.tooManyAttempts, 429, options),
  /** 428 until a try carries a captcha solution (`altcha`), then straight in. */
  captchaThenStraightIn: (options?: HandlerOptions) =>
    login.reply(
      ({ body }) =>
        (body as { altcha?: string } | null)?.altcha
          ? loginAnswers.straightIn()
          : failureResponse(authServerMessages.captchaRequired, CAPTCHA_REQUIRED_STATUS),
      options,
    ),
};

/* ------------------------------------------------------------------------------------------------
 * Authenticator code (POST /authenticationApp/otpVerify)
 * --------------------------------------------------------------------------------------------- */

/**
 * The handlers of a call that checks a code and answers whether it is right (`answerOf(right)`):
 * valid, invalid, and byCode, right only for `code` sent in the body's `field`.
 */
function codeCheckHandlers<E extends AnyEndpoint>(ep: E, answerOf: (right: boolean) => ReplyInputOf<E>, field: string, code: string) {
  const on = mocksOf(ep);
  return {
    ...on,
    valid: (options?: HandlerOptions) => on.answer(answerOf(true), options),
    invalid: (options?: HandlerOptions) => on.answer(answerOf(false), options),
    /** Valid only for the one code: lets a story try a wrong code, then the right one. */
    byCode: (options?: HandlerOptions) => on.answer(({ body }) => answerOf((body as Record<string, unknown> | null)?.[field] === code), options),
  };
}

/** `byCode` accepts only `validCodes.authenticator`. */
const otpVerify = codeCheckHandlers(twoFactorEndpoints.otpVerify, (isCodeValid) => ({ success: true as const, isCodeValid }), 'inputCode', validCodes.authenticator);
export const otpVerifyHandlers = {
  ...otpVerify,
  sessionExpired: (options?: HandlerOptions) => otpVerify.failure(authServerMessages.sessionExpired, 401, options),
};

/* ------------------------------------------------------------------------------------------------
 * "Not now" on the optional offer (POST /authenticationApp/savePromptDate)
 * --------------------------------------------------------------------------------------------- */

const savePromptDate = mocksOf(twoFactorEndpoints.savePromptDate);
export const savePromptDateHandlers = {
  ...savePromptDate,
  saved: (options?: HandlerOptions) => savePromptDate.answer({ success: true }, options),
};

/* ------------------------------------------------------------------------------------------------
 * Account verification (POST /authenticationApp/sendCode and /verifyCode)
 * --------------------------------------------------------------------------------------------- */

export const CODE_HANDLE = 'story-code-handle-7c1d';

const sendCode = mocksOf(twoFactorEndpoints.sendCode);
export const sendCodeHandlers = {
  ...sendCode,
  sent: (options?: HandlerOptions) => sendCode.answer({ success: true, t: CODE_HANDLE }, options),
  notSent: (options?: HandlerOptions) => sendCode.failure(authServerMessages.codeSendFailed, 400, options),
};

const verifyCode = mocksOf(twoFactorEndpoints.verifyCode);
export const verifyCodeHandlers = {
  ...verifyCode,
  verified: (options?: HandlerOptions) => verifyCode.answer({ success: true }, options),
  wrongCode: (options?: HandlerOptions) => verifyCode.failure(authServerMessages.wrongVerificationCode, 400, options),
  /** Accepts only `validCodes.verification` sent with `CODE_HANDLE`. */
  byCode: (options?: HandlerOptions) =>
    verifyCode.reply(({ body }) => {
      const b = body as { code?: string; t?: string } | null;
      return b?.code === validCodes.verification && b.t === CODE_HANDLE
        ? { success: true as const }
        : failureResponse(authServerMessages.wrongVerificationCode, 400);
    }, options),
};

/* ------------------------------------------------------------------------------------------------
 * Two-factor set-up (POST /authenticationApp/otpsetup and /otpActivate)
 * --------------------------------------------------------------------------------------------- */

/** Two set-ups in a row: the second is what a wrong activation code fetches. */
export const otpSetupAnswers: OtpSetupResponse[] = [
  {
    success: true,
    secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
    token: 'otpauth://totp/Publisher%20Portal:10423?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Publisher%20Portal',
    qr: qrImage(0),
  },
  {
    success: true,
    secret: 'KRUGKIDROVUWG2ZAMJZG653O',
    token: 'otpauth://totp/Publisher%20Portal:10423?secret=KRUGKIDROVUWG2ZAMJZG653O&issuer=Publisher%20Portal',
    qr: qrImage(1),
  },
];

const otpSetup = mocksOf(twoFactorEndpoints.otpSetup);
export const otpSetupHandlers = {
  ...otpSetup,
  /** Each call answers the next set-up of `otpSetupAnswers` (the last one repeats). */
  fresh: (options?: HandlerOptions) => {
    const calls = perRender(() => ({ count: 0 }));
    return otpSetup.answer(() => {
      const answer = otpSetupAnswers[Math.min(calls().count, otpSetupAnswers.length - 1)];
      calls().count += 1;
      return answer;
    }, options);
  },
  failed: (options?: HandlerOptions) => otpSetup.failure(authServerMessages.internal, 500, options),
};

/** `byCode` accepts only `validCodes.activation`. */
export const otpActivateHandlers = codeCheckHandlers(twoFactorEndpoints.otpActivate, (isTokenValid) => ({ success: true as const, isTokenValid }), 'otp', validCodes.activation);

/* ------------------------------------------------------------------------------------------------
 * Session calls made around the journey (GET /application/verifyToken, pageView, logout)
 * --------------------------------------------------------------------------------------------- */

const verifyToken = mocksOf(sessionEndpoints.verifyToken);
export const verifyTokenHandlers = {
  ...verifyToken,
  valid: (options?: HandlerOptions) => verifyToken.answer({ success: true }, options),
  invalid: (options?: HandlerOptions) => verifyToken.failure(authServerMessages.sessionExpired, 401, options),
};

const pageView = mocksOf(sessionEndpoints.pageView);
export const pageViewHandlers = { ...pageView, recorded: (options?: HandlerOptions) => pageView.answer({ success: true }, options) };

const logout = mocksOf(sessionEndpoints.logout);
export const logoutHandlers = { ...logout, loggedOut: (options?: HandlerOptions) => logout.answer({ success: true }, options) };
