import { z } from 'zod';
import { SafeText } from './common';
import { PaymentPlatform } from './affiliate';
import { endpoint } from './endpoint';
import { successEnvelope } from './envelope';

/**
 * Payment platforms (spec 001 sections 2.5, 4 "Payment modal", 6, 7 "Payment", 9; docs/settings.md
 * "Payment platforms"). The affiliate picks Payoneer or Tipalti; the server answers the address of the
 * provider's page, shown in the Payment Settings modal's iframe. The server builds that address
 * itself (a real provider's link, or the product's own sandbox page when no provider is configured)
 * and signs it: no key reaches the browser. From Tuesday 09:00 to Wednesday 12:00 New York time both
 * calls answer 409 with the spec's warning (src/shared/payBlackout.ts).
 */

export const PAY_PLATFORMS = ['Payoneer', 'Tipalti'] as const;
export type PayPlatform = (typeof PAY_PLATFORMS)[number];

/** The payout methods each provider offers (spec 001 section 9), as stored in `payment_method`. */
export const PAY_METHODS = {
  Payoneer: ['Bank Transfer', 'Prepaid Card'],
  Tipalti: ['ACH', 'Wire Transfer', 'Local Bank Transfer (eCheck)', 'PayPal'],
} as const satisfies Record<PayPlatform, readonly string[]>;

const text = (max: number) => SafeText().max(max, 'is too long');

/**
 * The spec's Payoneer body. The server checks its shape and then trusts none of it: the payee's
 * details come from the affiliate's record, and `redirect_url` is used only when it is the product's
 * own /paycompletion.
 */
export const PayoneerChangeRequest = z.object({
  payee_id: z.union([z.number().int().min(0).max(2_147_483_647), text(64)]),
  lock_type: z.literal('ADDRESS', { message: "must be 'ADDRESS'" }),
  payee: z.object({
    contact: z.object({ email: text(254), mobile: text(40).optional() }),
    address: z.object({
      address_line_1: text(200),
      address_line_2: text(200).optional(),
      city: text(100),
      country: text(60),
      zip_code: text(20),
    }),
  }),
  redirect_url: text(2048),
});
export type PayoneerChangeRequest = z.input<typeof PayoneerChangeRequest>;

const PayChangeAnswer = {
  /** The provider page's address for the modal's iframe (a relative address for the built-in sandbox). */
  iframe: z.string(),
  /** The affiliate's payment method and platform as they are now (a change is made on the provider's page). */
  method: z.string(),
  platform: PaymentPlatform,
};
export const PayoneerChangeResponse = successEnvelope(PayChangeAnswer);
export type PayoneerChangeResponse = z.infer<typeof PayoneerChangeResponse>;
export const TipaltiChangeResponse = successEnvelope(PayChangeAnswer);
export type TipaltiChangeResponse = z.infer<typeof TipaltiChangeResponse>;

/** The built-in sandbox provider page: the signed token it was opened with. */
export const SandboxPageQuery = z.object({ t: text(600) });
/** The sandbox page's form (application/x-www-form-urlencoded); checked by the handler, which answers the form again with its message. */
export const SandboxSubmitBody = z.object({
  t: text(600),
  method: text(60).optional(),
  payee_name: text(200).optional(),
  country: text(60).optional(),
});
/** The request id in Payoneer's return address (the one the server gave Payoneer as redirect_url). */
export const PayoneerReturnParams = z.object({ request: SafeText().max(64, 'is too long') });
export const SandboxProviderParams = z.object({
  provider: z.enum(['payoneer', 'tipalti'], { message: 'must be payoneer or tipalti' }),
});

/** The built-in sandbox provider's page: opened (GET) and submitted (POST) at the same address. */
const sandboxPage = {
  path: '/paychange/sandbox/:provider',
  access: 'public',
  tags: ['payment'],
  params: SandboxProviderParams,
  response: { raw: 'text/html' },
  errors: [403, 409],
} as const;

export const paychangeEndpoints = {
  payoneerChange: endpoint({
    method: 'POST',
    path: '/paychange/payoneer',
    access: 'session',
    tags: ['payment'],
    summary:
      "Start a Payoneer change (spec 001 section 7): answers the provider page's address for the modal's iframe; the change is marked pending (tmp_payoneer) once the payee submits there and Payoneer sends them back (payoneerReturn). 409 during the Tuesday-Wednesday blackout",
    body: PayoneerChangeRequest,
    response: PayoneerChangeResponse,
    errors: [403, 409, 503],
  }),
  payoneerReturn: endpoint({
    method: 'GET',
    path: '/paychange/payoneer/return/:request',
    access: 'public',
    tags: ['payment'],
    summary:
      "Where Payoneer's page sends the payee once they have submitted (the redirect_url the server gave Payoneer): marks that Payoneer change pending (tmp_payoneer) and answers a page that goes on at once to the portal's /paycompletion. An unknown or used request answers the same and marks nothing",
    params: PayoneerReturnParams,
    response: { raw: 'text/html' },
  }),
  tipaltiChange: endpoint({
    method: 'POST',
    path: '/paychange/tipalti',
    access: 'session',
    tags: ['payment'],
    summary:
      "Start a Tipalti change (spec 001 section 7): answers the Tipalti payee dashboard's address, signed by the server (the key never reaches the browser). 409 during the blackout",
    response: TipaltiChangeResponse,
    errors: [403, 409, 503],
  }),
  sandboxPayPage: endpoint({
    method: 'GET',
    ...sandboxPage,
    summary:
      "The built-in sandbox provider page (no provider configured): an HTML form opened in the modal's iframe with a signed, expiring, single-use token bound to the affiliate and the provider",
    query: SandboxPageQuery,
  }),
  sandboxPaySubmit: endpoint({
    method: 'POST',
    ...sandboxPage,
    summary:
      "The sandbox page's form: the token is the proof (no session header reaches an iframe's form); saves the platform and method and redirects (303) to /paycompletion",
    body: SandboxSubmitBody,
  }),
};
