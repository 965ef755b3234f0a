import type { z } from 'zod';
import type { AdvertiserPostbackUrls } from '../../../src/api/contract/operator';
import { newToken } from '../../lib/crypto';

/**
 * An advertiser's postback secret and the addresses the network hands them (docs/ops-offers.md
 * "Postback secret"). The campaign's postback endpoint (server/modules/access/operator.ts) and the
 * advertiser's (./routes.ts) answer the same addresses from here.
 */

/**
 * How long the secret replaced by a rotation is still accepted. A week lets the advertiser's team
 * deploy the new URL in its next release, weekend included, without losing conversions; much longer
 * would keep a leaked secret useful. A leaked secret is rotated with `end_previous_now` instead.
 */
export const SECRET_GRACE_MS = 7 * 24 * 3600_000;

/** A new secret: 256 random bits, URL-safe (base64url). */
export const newPostbackSecret = (): string => newToken();

export interface AdvertiserSecrets {
  postback_secret: string;
  previous_postback_secret: string;
  previous_secret_until: Date | string | null;
  secret_rotated_at: Date | string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Until when the replaced secret is accepted, or null when none is at `now` (the conversion intake's rule: tracking/conversionRules.ts). */
export function previousSecretUntil(row: AdvertiserSecrets, now: Date): string | null {
  if (row.previous_postback_secret === '' || row.previous_secret_until === null) return null;
  return new Date(row.previous_secret_until).getTime() > now.getTime() ? iso(row.previous_secret_until) : null;
}

/** The server-to-server postback URL with the current secret ('' without one) and the browser pixel. */
export function postbackUrls(trackingBaseUrl: string, row: AdvertiserSecrets, now: Date): z.infer<typeof AdvertiserPostbackUrls> {
  const secret = row.postback_secret === '' ? '' : `&secret=${encodeURIComponent(row.postback_secret)}`;
  return {
    postback_url: secret ? `${trackingBaseUrl}/postback?click_id={click_id}&txid={txid}&amount={amount}${secret}` : '',
    pixel_url: `${trackingBaseUrl}/pixel?click_id={click_id}`,
    secret_rotated_at: iso(row.secret_rotated_at),
    previous_secret_until: previousSecretUntil(row, now),
  };
}
