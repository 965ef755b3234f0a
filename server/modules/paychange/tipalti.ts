import { createHmac } from 'node:crypto';
import type { PayProviderAdapter } from './providers';

/**
 * Tipalti's payee dashboard in an iFrame (spec 001 section 7): the address carries the payer's name,
 * the payee's id in Tipalti (idap: our publisher id), a timestamp (Unix seconds) and hashkey, the
 * HMAC-SHA256 (hex) of the query string before it, keyed with the payer's iFrame key. The spec's
 * portal signed it in the browser; here the server does, so TIPALTI_KEY never leaves it.
 */
export interface TipaltiSettings {
  /** TIPALTI_PAYER: the payer name Tipalti gave the network. */
  payer: string;
  /** TIPALTI_KEY: the iFrame signing key ("master key"). */
  key: string;
  /** TIPALTI_ENV: sandbox (ui2.sandbox.tipalti.com) or production (ui2.tipalti.com). */
  env: 'sandbox' | 'production';
  /** TIPALTI_IFRAME_URL: another base address (a private Tipalti domain); default by env. */
  baseUrl?: string;
}

const TIPALTI_BASE = { sandbox: 'https://ui2.sandbox.tipalti.com', production: 'https://ui2.tipalti.com' } as const;

function tipaltiBase(settings: Pick<TipaltiSettings, 'env' | 'baseUrl'>): string {
  return (settings.baseUrl ?? TIPALTI_BASE[settings.env]).replace(/\/+$/, '');
}

/** The signed dashboard address. Pure: tested without the network. */
export function tipaltiIframeUrl(settings: TipaltiSettings, idap: string, now: Date): string {
  const query = new URLSearchParams({ idap, payer: settings.payer, ts: String(Math.floor(now.getTime() / 1000)) }).toString();
  const hashkey = createHmac('sha256', settings.key).update(query).digest('hex');
  return `${tipaltiBase(settings)}/PayeeDashboard/Home?${query}&hashkey=${hashkey}`;
}

export function tipaltiAdapter(settings: TipaltiSettings): PayProviderAdapter {
  return {
    platform: 'Tipalti',
    kind: 'live',
    frameOrigins: [new URL(tipaltiBase(settings)).origin],
    start: async ({ affiliateId, now }) => tipaltiIframeUrl(settings, String(affiliateId), now),
  };
}
