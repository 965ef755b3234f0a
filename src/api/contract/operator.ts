import { z } from 'zod';
import { IdParam, IdParams, SafeText } from './common';
import { endpoint, type AnyEndpoint } from './endpoint';
import { SuccessOnly, successEnvelope } from './envelope';
import { OperatorRole, ROLES } from './roles';

/**
 * The network operator's API. Operators are accounts of their own (`operators`; the first one with
 * `npm run operator -- create EMAIL`, the others invited by an admin), never affiliates: they sign in
 * with `POST /operator/session` (password) then `POST /operator/session/code` (authenticator code,
 * with the set-up at the first sign-in) and send the answer's token in `x-operator-token`. An
 * affiliate's token opens none of these routes, and an operator token opens no affiliate route.
 * Each operator endpoint is callable by the roles its description lists (`roles`, docs/operators.md).
 */

export { OPERATOR_ROLES, OperatorRole } from './roles';

const Email = SafeText()
  .max(254, 'is too long')
  .refine((v) => v.trim() !== '', 'Enter your e-mail address.');

/** The header of the operator's token on every operator call (never the affiliate's x-app-token). */
export const OPERATOR_TOKEN_HEADER = 'x-operator-token';

/** The sign-in's refusals (403), as the server says them and the console recognises them. */
export const operatorSignInMessages = {
  failed: 'The e-mail address or password is not correct.',
  /** The challenge is gone (15 minutes, used, or the account changed): the console goes back to the password. */
  expired: 'This sign-in has expired. Sign in again with your e-mail address and password.',
  wrongCode: 'The code is not correct. Enter the current 6-digit code of your authenticator app.',
} as const;

export const OperatorSignInBody = z.object({
  email: Email,
  password: z.string().max(200, 'is too long').refine((v) => v !== '', 'Enter your password.'),
});
/**
 * The password was right: the sign-in continues with an authenticator code (`step: 'code'`), or,
 * at the first sign-in, with the authenticator's set-up (`step: 'setup'`: add `secret` or scan
 * `otpauth_uri`, then send its first code). `challenge` carries the half sign-in to the code step.
 */
export const OperatorSignInResponse = successEnvelope({
  step: z.enum(['code', 'setup']),
  /** Send as `challenge` to /operator/session/code; valid 15 minutes. */
  challenge: z.string(),
  expires_at: z.string(),
  /** The authenticator's secret (base32), set-up only. */
  secret: z.string().optional(),
  /** otpauth:// URI of the secret (for a QR code), set-up only. */
  otpauth_uri: z.string().optional(),
});
export const OperatorCodeBody = z.object({
  challenge: z.string().max(100, 'is too long').refine((v) => v !== '', 'Sign in with your password first.'),
  code: z.string().max(20, 'is too long').refine((v) => /^\s*\d{6}\s*$/.test(v), 'Enter the 6-digit code of your authenticator app.'),
});
export const OperatorSessionResponse = successEnvelope({
  /** Send as `x-operator-token`; expires after OPERATOR_SESSION_HOURS (default 12). */
  token: z.string(),
  expires_at: z.string(),
  operator: z.object({ operator_id: z.number().int(), email: z.string(), role: OperatorRole }),
});

/** The signed-in operator of a token. */
export const OperatorMeResponse = successEnvelope({
  expires_at: z.string(),
  operator: z.object({ operator_id: z.number().int(), email: z.string(), role: OperatorRole }),
});

export const OperatorStatus = z.enum(['active', 'invited', 'disabled']);
export const Operator = z.object({
  operator_id: z.number().int(),
  email: z.string(),
  role: OperatorRole,
  /** invited: the invitation is not accepted yet (no password); disabled: cannot sign in. */
  status: OperatorStatus,
  /** Whether the authenticator is set up (false until the first sign-in after an invite or a reset). */
  authenticator: z.boolean(),
  created_at: z.string(),
  disabled_at: z.string().nullable(),
});
export type Operator = z.infer<typeof Operator>;
export const OperatorsResponse = successEnvelope({ operators: z.array(Operator) });
export const OperatorResponse = successEnvelope({ operator: Operator });
export const InviteBody = z.object({
  email: Email.refine((v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim()), 'Enter a valid e-mail address.'),
  role: OperatorRole,
});
/** The invitation was e-mailed; its link is valid until `invite_expires_at`. */
export const InviteResponse = successEnvelope({ operator: Operator, invite_expires_at: z.string() });
export const RoleBody = z.object({ role: OperatorRole });
export const AcceptInviteBody = z.object({
  token: z.string().max(100, 'is too long').refine((v) => v !== '', 'The invitation link is incomplete.'),
  password: z
    .string()
    .min(12, 'The password must be at least 12 characters.')
    .max(200, 'The password can be at most 200 characters.'),
});
export const AcceptInviteResponse = successEnvelope({ email: z.string() });

const DateText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/, 'must be a date (YYYY-MM-DD) or a date and time (ISO 8601)')
  .refine((v) => {
    const day = new Date(`${v.slice(0, 10)}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === v.slice(0, 10) && !Number.isNaN(new Date(v).getTime());
  }, 'is not a real date');
export const AuditQuery = z.object({
  operator_id: IdParam.optional(),
  action: SafeText().max(100, 'is too long').optional(),
  target_type: SafeText().max(100, 'is too long').optional(),
  target_id: SafeText().max(100, 'is too long').optional(),
  /** From this instant (a date: its start, UTC). */
  from: DateText.optional(),
  /** Before this instant (a date: the end of that day, UTC). */
  to: DateText.optional(),
  page: z
    .string()
    .regex(/^\d{1,6}$/, 'must be a whole number from 1')
    .transform(Number)
    .pipe(z.number().int().min(1, 'must be a whole number from 1'))
    .default(1),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, 'must be a whole number from 1 to 200')
    .transform(Number)
    .pipe(z.number().int().min(1, 'must be a whole number from 1 to 200').max(200, 'must be a whole number from 1 to 200'))
    .default(50),
});
export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  operator: z.object({ operator_id: z.number().int(), email: z.string() }).nullable(),
  /** What was done, e.g. 'accessRequest.approve', 'operator.invite'. */
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string() }),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditResponse = successEnvelope({ entries: z.array(AuditEntry), page: z.number().int(), limit: z.number().int(), total: z.number().int() });

export const AccessRequestStatus = z.enum(['Pending', 'Approved', 'Rejected']);

export const AccessRequest = z.object({
  id: z.number().int(),
  status: AccessRequestStatus,
  created_at: z.string(),
  decided_at: z.string().nullable(),
  affiliate: z.object({ affiliate_id: z.number().int(), name: z.string(), email: z.string() }),
  campaign: z.object({ campaign_id: z.number().int(), name: z.string() }),
  estimated_leads: z.string(),
  traffic_type: z.string(),
  description: z.string(),
  custom_answers: z.array(z.object({ question: z.string(), answer: z.string() })),
  creative: z.enum(['E', 'M']),
  sources: z.array(z.string()),
  /** Path of the ad-placement image under the operator API (GET with the operator token), or null. */
  creative_file: z.string().nullable(),
  reject_reason: z.string(),
});
export type AccessRequest = z.infer<typeof AccessRequest>;

export const AccessRequestsQuery = z.object({
  status: AccessRequestStatus.default('Pending'),
});
export const AccessRequestsResponse = successEnvelope({ requests: z.array(AccessRequest) });
export const AccessDecisionResponse = successEnvelope({ request: AccessRequest });
export const RejectBody = z.object({
  reason: SafeText()
    .max(1000, 'The reason can be at most 1000 characters.')
    .refine((v) => v.trim() !== '', 'Give the affiliate a reason for the rejection.'),
});

export const AdvertiserPostbackResponse = successEnvelope({
  campaign_id: z.number().int(),
  advertiser: z.object({ advertiser_id: z.number().int(), name: z.string() }),
  /**
   * What the network hands the advertiser: the server-to-server conversion URL with its secret, the
   * advertiser's macros in braces ({click_id} required; {txid} and {amount} optional). '' when the
   * advertiser has no secret (its server-to-server postbacks are refused).
   */
  postback_url: z.string(),
  /** The browser pixel for pixel- and iFrame-tracked campaigns (no secret: it runs on the advertiser's page). */
  pixel_url: z.string(),
});

const tags = ['operator'];

export const operatorEndpoints = {
  operatorSignIn: endpoint({
    method: 'POST',
    path: '/operator/session',
    access: 'public',
    tags,
    summary: 'Operator sign-in, first step: e-mail and password -> a challenge for the authenticator code (or its set-up)',
    body: OperatorSignInBody,
    response: OperatorSignInResponse,
    errors: [403],
  }),
  operatorSignInCode: endpoint({
    method: 'POST',
    path: '/operator/session/code',
    access: 'public',
    tags,
    summary: "Operator sign-in, second step: the authenticator's code (at set-up, its first code) -> an operator token",
    body: OperatorCodeBody,
    response: OperatorSessionResponse,
    errors: [403],
  }),
  acceptInvite: endpoint({
    method: 'POST',
    path: '/operator/invites/accept',
    access: 'public',
    tags,
    summary: "Accepts an operator's invitation: the link's token and a password; the authenticator is set up at the first sign-in",
    body: AcceptInviteBody,
    response: AcceptInviteResponse,
    errors: [403],
  }),
  operatorSignOut: endpoint({
    method: 'POST',
    path: '/operator/session/end',
    access: 'operator',
    roles: ROLES.all,
    tags,
    summary: "Ends the operator's session",
    response: SuccessOnly,
    errors: [403],
  }),
  operatorMe: endpoint({
    method: 'GET',
    path: '/operator/session',
    access: 'operator',
    roles: ROLES.all,
    tags,
    summary: "The signed-in operator (e-mail, role) and when the session ends: the console's check of a stored token",
    response: OperatorMeResponse,
    errors: [403],
  }),
  listAccessRequests: endpoint({
    method: 'GET',
    path: '/operator/accessRequests',
    access: 'operator',
    roles: ROLES.readers,
    tags,
    summary: 'Access requests to By Request campaigns, Pending by default, oldest first',
    query: AccessRequestsQuery,
    response: AccessRequestsResponse,
    errors: [403],
  }),
  approveAccessRequest: endpoint({
    method: 'POST',
    path: '/operator/accessRequests/:id/approve',
    access: 'operator',
    roles: ROLES.approvers,
    tags,
    summary: "Approve a pending request: the affiliate's status becomes Approved and they are notified",
    params: IdParams,
    response: AccessDecisionResponse,
    errors: [403, 404, 409],
  }),
  rejectAccessRequest: endpoint({
    method: 'POST',
    path: '/operator/accessRequests/:id/reject',
    access: 'operator',
    roles: ROLES.approvers,
    tags,
    summary: "Reject a pending request with a reason: the affiliate's status becomes Rejected and they are notified",
    params: IdParams,
    body: RejectBody,
    response: AccessDecisionResponse,
    errors: [403, 404, 409],
  }),
  advertiserPostback: endpoint({
    method: 'GET',
    path: '/operator/campaigns/:id/postback',
    access: 'operator',
    roles: ['admin', 'manager', 'finance'],
    tags,
    summary: "The conversion postback and pixel of a campaign's advertiser, to hand to the advertiser",
    params: IdParams,
    response: AdvertiserPostbackResponse,
    errors: [403, 404],
  }),
  accessRequestImage: endpoint({
    method: 'GET',
    path: '/operator/accessRequests/:id/image',
    access: 'operator',
    roles: ROLES.readers,
    tags,
    summary: "The request's ad-placement image",
    params: IdParams,
    response: { raw: 'image/*' },
    errors: [403, 404],
  }),
  listOperators: endpoint({
    method: 'GET',
    path: '/operator/operators',
    access: 'operator',
    roles: ROLES.admin,
    tags,
    summary: 'The operator accounts with their roles and status',
    response: OperatorsResponse,
    errors: [403],
  }),
  inviteOperator: endpoint({
    method: 'POST',
    path: '/operator/operators',
    access: 'operator',
    roles: ROLES.admin,
    tags,
    summary: 'Invites an operator: e-mail and role; the e-mailed one-time link (72 hours) sets the password',
    body: InviteBody,
    response: InviteResponse,
    errors: [403, 409],
  }),
  changeOperatorRole: endpoint({
    method: 'POST',
    path: '/operator/operators/:id/role',
    access: 'operator',
    roles: ROLES.admin,
    tags,
    summary: "Changes an operator's role (the last active admin keeps theirs)",
    params: IdParams,
    body: RoleBody,
    response: OperatorResponse,
    errors: [403, 404, 409],
  }),
  disableOperator: endpoint({
    method: 'POST',
    path: '/operator/operators/:id/disable',
    access: 'operator',
    roles: ROLES.admin,
    tags,
    summary: "Disables an operator and ends their sessions (not the last active admin)",
    params: IdParams,
    response: OperatorResponse,
    errors: [403, 404, 409],
  }),
  resetOperator: endpoint({
    method: 'POST',
    path: '/operator/operators/:id/reset',
    access: 'operator',
    roles: ROLES.admin,
    tags,
    summary: 'Resets an operator: ends their sessions, clears the authenticator and e-mails a new invitation link',
    params: IdParams,
    response: InviteResponse,
    errors: [403, 404],
  }),
  operatorAudit: endpoint({
    method: 'GET',
    path: '/operator/audit',
    access: 'operator',
    roles: ROLES.admin,
    tags,
    summary: 'The audit log of operator writes, newest first, filtered by operator, action, target and dates',
    query: AuditQuery,
    response: AuditResponse,
    errors: [403],
  }),
};

/** The roles that may call an operator endpoint (its `roles`); undefined for any other endpoint. */
export function rolesFor(ep: AnyEndpoint): readonly OperatorRole[] | undefined {
  return ep.access === 'operator' ? ep.roles : undefined;
}
