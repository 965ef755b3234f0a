import type { PayPlatform } from '../../../src/api/contract/paychange';
import { payoneerAdapter, type PayoneerSettings } from './payoneer';
import { sandboxAdapter } from './sandbox';
import { tipaltiAdapter, type TipaltiSettings } from './tipalti';

/**
 * Payment providers behind one interface (docs/settings.md "Payment platforms"). A real provider is
 * used when its environment variables are set (server/config.ts); otherwise the product's own
 * sandbox provider page stands in, so the whole flow works in the demo.
 */

/** What a provider needs to open its page for one affiliate. Everything comes from the database. */
export interface PayChangeStart {
  /** The pay-change request row (paychange_requests.id). */
  requestId: string;
  affiliateId: number;
  now: Date;
  /** The sandbox token's end (the real providers' links expire on their side). */
  expiresAt: Date;
  /** The product's own /paycompletion, absolute. */
  redirectUrl: string;
  payee: {
    name: string;
    email: string;
    mobile: string;
    address1: string;
    address2: string;
    city: string;
    /** ISO 3166-1 alpha-2, or '' when not on file. */
    country: string;
    zipcode: string;
  };
}

export interface PayProviderAdapter {
  readonly platform: PayPlatform;
  /** 'sandbox': the product's own page (completion saved by the product); 'live': the provider's. */
  readonly kind: 'sandbox' | 'live';
  /** Origins the provider's page comes from: the portal's Content-Security-Policy frame-src. */
  readonly frameOrigins: readonly string[];
  /** The address of the provider's page for the modal's iframe. Throws ProviderUnavailable. */
  start(input: PayChangeStart): Promise<string>;
}

/** A real provider could not be reached or answered nonsense: told to the affiliate as 503. */
export class ProviderUnavailable extends Error {}

/** The real providers' settings (config PAYONEER_*, TIPALTI_*); absent: the sandbox page. */
export interface PaychangeSettings {
  payoneer?: PayoneerSettings;
  tipalti?: TipaltiSettings;
}

export interface Providers {
  Payoneer: PayProviderAdapter;
  Tipalti: PayProviderAdapter;
}

export function createProviders(
  settings: PaychangeSettings,
  sandboxKey: Buffer,
  fetchImpl: typeof fetch = fetch,
): Providers {
  return {
    Payoneer: settings.payoneer ? payoneerAdapter(settings.payoneer, fetchImpl) : sandboxAdapter('Payoneer', sandboxKey),
    Tipalti: settings.tipalti ? tipaltiAdapter(settings.tipalti) : sandboxAdapter('Tipalti', sandboxKey),
  };
}

/** Origins of the real providers' pages, for frame-src (the sandbox page is the product's own: 'self'). */
export function providerFrameOrigins(settings: PaychangeSettings): string[] {
  const origins = [
    ...(settings.payoneer ? payoneerAdapter(settings.payoneer).frameOrigins : []),
    ...(settings.tipalti ? tipaltiAdapter(settings.tipalti).frameOrigins : []),
  ];
  return [...new Set(origins)];
}
