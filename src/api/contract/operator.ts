import { z } from 'zod';
import { IdParams, SafeText } from './common';
import { endpoint } from './endpoint';
import { SuccessOnly, successEnvelope } from './envelope';

/**
 * The network operator's API. Operators are accounts of their own
 * (`operators`, created with `npm run operator -- create EMAIL`), never affiliates: they sign in with
 * `POST /operator/session` and send the answer's token in `x-operator-token`. An affiliate's token
 * opens none of these routes, and an operator token opens no affiliate route. No portal screen yet:
 * curl or any HTTP client (docs/campaigns.md "Access requests").
 */

export const OperatorSignInBody = z.object({
  email: SafeText().max(254, 'is too long').refine((v) => v.trim() !== '', 'Enter your e-mail address.'),
  password: z.string().max(200, 'is too long').refine((v) => v !== '', 'Enter your password.'),
});
export const OperatorSignInResponse = successEnvelope({
  /** Send as `x-operator-token`; expires after OPERATOR_SESSION_HOURS (default 12). */
  token: z.string(),
  expires_at: z.string(),
});

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
    summary: 'Operator sign-in: e-mail and password of an operator account -> an operator token',
    body: OperatorSignInBody,
    response: OperatorSignInResponse,
    errors: [403],
  }),
  operatorSignOut: endpoint({
    method: 'POST',
    path: '/operator/session/end',
    access: 'operator',
    tags,
    summary: "Ends the operator's session",
    response: SuccessOnly,
  }),
  listAccessRequests: endpoint({
    method: 'GET',
    path: '/operator/accessRequests',
    access: 'operator',
    tags,
    summary: 'Access requests to By Request campaigns, Pending by default, oldest first',
    query: AccessRequestsQuery,
    response: AccessRequestsResponse,
  }),
  approveAccessRequest: endpoint({
    method: 'POST',
    path: '/operator/accessRequests/:id/approve',
    access: 'operator',
    tags,
    summary: "Approve a pending request: the affiliate's status becomes Approved and they are notified",
    params: IdParams,
    response: AccessDecisionResponse,
    errors: [404, 409],
  }),
  rejectAccessRequest: endpoint({
    method: 'POST',
    path: '/operator/accessRequests/:id/reject',
    access: 'operator',
    tags,
    summary: "Reject a pending request with a reason: the affiliate's status becomes Rejected and they are notified",
    params: IdParams,
    body: RejectBody,
    response: AccessDecisionResponse,
    errors: [404, 409],
  }),
  advertiserPostback: endpoint({
    method: 'GET',
    path: '/operator/campaigns/:id/postback',
    access: 'operator',
    tags,
    summary: "The conversion postback and pixel of a campaign's advertiser, to hand to the advertiser",
    params: IdParams,
    response: AdvertiserPostbackResponse,
    errors: [404],
  }),
  accessRequestImage: endpoint({
    method: 'GET',
    path: '/operator/accessRequests/:id/image',
    access: 'operator',
    tags,
    summary: "The request's ad-placement image",
    params: IdParams,
    response: { raw: 'image/*' },
    errors: [404],
  }),
};
