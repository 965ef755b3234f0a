import { z } from 'zod';
import { CampaignIdInput } from './tracking';
import { endpoint } from './endpoint';
import { successEnvelope } from './envelope';

/**
 * The affiliate's own postback delivery log and the test postback (beyond the spec): the
 * Global Postback screen shows every recent delivery, a campaign's postback form that campaign's.
 *
 *   GET  /postbacks/deliveries?campaign_id=   -> deliveries (newest first, at most 50)
 *   POST /postbacks/test { campaign_id? }     -> the test delivery, after its first attempt (or pending)
 *
 * A test fires the saved postback (the campaign's own, else the global one; without campaign_id the
 * global one) with sample macro values through the same SSRF-guarded worker as real deliveries.
 * URLs are shown with secrets masked (query values whose name looks like a key, token, secret,
 * password or signature, and user:password in the authority). docs/tracking.md "Delivery log".
 */

/** 'cancelled': the conversion was reversed before its postback was delivered, so it is not sent. */
export const DeliveryState = z.enum(['pending', 'delivered', 'failed', 'cancelled']);
export type DeliveryState = z.infer<typeof DeliveryState>;

export const PostbackDelivery = z.object({
  id: z.number().int(),
  /** ISO time the delivery was queued (the conversion's time). */
  created_at: z.string(),
  campaign_id: z.number().int(),
  campaign_name: z.string(),
  /** L URL, S server-to-server URL. */
  type: z.string(),
  /** What it reports: a conversion, or a reversal (the reversal postback). */
  event: z.enum(['conversion', 'reversal']),
  /** With secrets masked. */
  url: z.string(),
  status: DeliveryState,
  attempts: z.number().int(),
  /** HTTP status of the last attempt; null when it got no answer (timeout, refused, blocked). */
  last_status_code: z.number().int().nullable(),
  /** Milliseconds of the last attempt; null before the first. */
  last_latency_ms: z.number().int().nullable(),
  /** Why the last attempt failed ('' when it did not). */
  last_error: z.string(),
  /** ISO time of the next try while pending, else null. */
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  /** A test sent with "Send test postback". */
  is_test: z.boolean(),
});
export type PostbackDelivery = z.infer<typeof PostbackDelivery>;

export const DeliveriesQuery = z.object({ campaign_id: CampaignIdInput.optional() });
export const DeliveriesResponse = successEnvelope({ deliveries: z.array(PostbackDelivery) });
export type DeliveriesResponse = z.infer<typeof DeliveriesResponse>;

export const TestPostbackBody = z.object({ campaign_id: CampaignIdInput.optional() });
export const TestPostbackResponse = successEnvelope({ message: z.string(), delivery: PostbackDelivery });
export type TestPostbackResponse = z.infer<typeof TestPostbackResponse>;

const tags = ['postbacks'];

export const postbackLogEndpoints = {
  listDeliveries: endpoint({
    method: 'GET',
    path: '/postbacks/deliveries',
    access: 'session',
    tags,
    summary: "The affiliate's own recent postback deliveries, newest first (all, or one campaign's)",
    query: DeliveriesQuery,
    response: DeliveriesResponse,
    errors: [404],
  }),
  sendTestPostback: endpoint({
    method: 'POST',
    path: '/postbacks/test',
    access: 'session',
    tags,
    summary: 'Fire the saved postback once with sample macro values (campaign_id: that campaign’s, else the global one)',
    body: TestPostbackBody,
    response: TestPostbackResponse,
    errors: [403, 404, 409],
  }),
};
