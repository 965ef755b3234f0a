import { z } from 'zod';
import { SafeText } from './common';
import { endpoint, SESSION_STAGES } from './endpoint';
import { successEnvelope } from './envelope';
import { CaptchaPayload } from './recovery';

/** Header that carries the session token on every signed-in call (spec 000 section 6). */
export const TOKEN_HEADER = 'x-app-token';

/** ld and oid come from local storage, 0 when absent (spec 002 section 3): a number or digits. */
const StoredId = z
  .union([
    z.number().int().min(0).max(2_147_483_647),
    z
      .string()
      .regex(/^\d{0,10}$/, 'must be a whole number')
      .transform((s) => (s === '' ? 0 : Number(s)))
      .pipe(z.number().max(2_147_483_647)),
  ])
  .default(0);

/**
 * The sign-in's answer when the try must carry a solved captcha (docs/adr/0009): HTTP 428 with
 * `errors.code` 428 and a sentence in `errors.message`. Asked when the address has many failed
 * sign-ins (any accounts), or the account has many from addresses it has not signed in from;
 * decided the same way for known and unknown e-mails, before the password is checked. A missing,
 * wrong, expired or already used solution gets the same status, with the captcha's own message.
 */
export const CAPTCHA_REQUIRED_STATUS = 428;
export const loginMessages = {
  captchaRequired: 'There have been many unsuccessful sign-in attempts. Please complete the captcha below, then sign in again.',
} as const;

/** POST /authenticationApp (spec 002 sections 3, 5, 7). */
export const LoginRequest = z.object({
  // The sign-in form's own messages (spec 002 §5), as whole sentences the server answers as they are.
  email: SafeText()
    .trim()
    .min(1, 'Please enter your e-mail address.')
    .max(254, 'Please enter a valid e-mail address.')
    .pipe(z.email('Please enter a valid e-mail address.')),
  // Only ever hashed, never stored as text: a NUL in it is a wrong password and counts as a failure.
  password: z.string().min(1, 'Please enter your password.').max(200, 'The password is too long.'),
  ld: StoredId,
  oid: StoredId,
  /** The solved captcha (ALTCHA payload, the forgot page's widget), sent after a 428; single use. */
  altcha: CaptchaPayload.optional(),
});
export type LoginRequestInput = z.input<typeof LoginRequest>;
export type LoginRequest = z.output<typeof LoginRequest>;

/**
 * Answer of a successful sign-in: exactly the field names of spec 002 section 3. The client decides
 * the next screen from them (section 4): otp_enabled -> authenticator code; !country_verified ->
 * code verification; mb-o 123 or mb-p > 2 -> in (optional 2FA offer when the last prompt is older
 * than 30 days); otherwise the forced 2FA offer.
 */
export const LoginResponse = successEnvelope({
  'mb-app-token': z.string(),
  'mb-aid': z.number().int(),
  'mb-ld': z.number().int(),
  'mb-oid': z.number().int(),
  'mb-p': z.number().int(),
  'mb-o': z.number().int(),
  otp_enabled: z.boolean(),
  /** ISO timestamp of the last two-factor offer, null when never offered. */
  otp_prompt_date: z.string().nullable(),
  country_verified: z.boolean(),
  is_mobile_added: z.boolean(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

/** GET /application/verifyToken: success true for a live, fully signed-in token. */
export const VerifyTokenResponse = successEnvelope({});
export type VerifyTokenResponse = z.infer<typeof VerifyTokenResponse>;

/**
 * POST /affiliate/pageView (spec 002 section 7): the route path and its query string, as the
 * browser's location gives them (percent-encoded), so quotes, spaces and angle brackets never occur.
 */
export const PageViewRequest = z.object({
  screen_name: z
    .string()
    .min(1, 'is required')
    .max(500, 'is too long')
    .regex(/^\/[A-Za-z0-9\-._~%!$&()*+,;=:@/]*$/, 'must be a path starting with /'),
  query_string: z
    .string()
    .max(2000, 'is too long')
    .regex(/^\??[A-Za-z0-9\-._~%!$&()*+,;=:@/?]*$/, 'must be a URL-encoded query string')
    .default(''),
});
export type PageViewRequestInput = z.input<typeof PageViewRequest>;
export const PageViewResponse = successEnvelope({});

/** POST /authenticationApp/logout: revokes the token sent in x-app-token. */
export const LogoutResponse = successEnvelope({});

/** The session's endpoints (spec 002 section 7). */
export const sessionEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/authenticationApp',
    access: 'public',
    tags: ['session'],
    summary:
      'Sign in with e-mail and password (spec 002 sections 3, 4, 7). 428 (errors.code 428): send again with a solved captcha in altcha (challenge: GET /forgotPassword/challenge).',
    body: LoginRequest,
    response: LoginResponse,
    errors: [403, CAPTCHA_REQUIRED_STATUS],
  }),
  logout: endpoint({
    method: 'POST',
    path: '/authenticationApp/logout',
    // Any stage may sign out, including a half sign-in.
    access: SESSION_STAGES,
    tags: ['session'],
    summary: `Sign out: revokes the token sent in ${TOKEN_HEADER}`,
    response: LogoutResponse,
  }),
  verifyToken: endpoint({
    method: 'GET',
    path: '/application/verifyToken',
    access: 'session',
    tags: ['session'],
    summary: 'Check the token: success true for a live, fully signed-in session',
    response: VerifyTokenResponse,
  }),
  pageView: endpoint({
    method: 'POST',
    path: '/affiliate/pageView',
    access: 'session',
    tags: ['affiliate'],
    summary: 'Record a page view of the portal (spec 002 section 7)',
    body: PageViewRequest,
    response: PageViewResponse,
  }),
};
