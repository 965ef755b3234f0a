import { ProviderUnavailable, type PayChangeStart, type PayProviderAdapter } from './providers';

/**
 * Payoneer's payee registration link (Payouts API v4): the server gets an access token with the
 * program's client credentials (OAuth 2 client_credentials), then asks
 * POST {api}/v4/programs/{program_id}/payees/registration-link for a one-time onboarding address,
 * with the payee's id (our publisher id), contact and address from the affiliate's record, the
 * address locked (lock_type ADDRESS) and redirect_url the product's /paycompletion. The answer's
 * result.registration_link goes into the modal's iframe.
 */
export interface PayoneerSettings {
  /** PAYONEER_PROGRAM_ID */
  programId: string;
  /** PAYONEER_CLIENT_ID, PAYONEER_CLIENT_SECRET: the program's API client. */
  clientId: string;
  clientSecret: string;
  /** PAYONEER_ENV: sandbox or production; picks the default addresses below. */
  env: 'sandbox' | 'production';
  /** PAYONEER_API_URL: default https://api.sandbox.payoneer.com or https://api.payoneer.com. */
  apiUrl?: string;
  /** PAYONEER_AUTH_URL: the token endpoint; default login(.sandbox).payoneer.com/api/v2/oauth2/token. */
  authUrl?: string;
  /** PAYONEER_FRAME_ORIGIN: where registration links point; default https://payouts(.sandbox).payoneer.com. */
  frameOrigin?: string;
}

const DEFAULTS = {
  sandbox: {
    api: 'https://api.sandbox.payoneer.com',
    auth: 'https://login.sandbox.payoneer.com/api/v2/oauth2/token',
    frame: 'https://payouts.sandbox.payoneer.com',
  },
  production: {
    api: 'https://api.payoneer.com',
    auth: 'https://login.payoneer.com/api/v2/oauth2/token',
    frame: 'https://payouts.payoneer.com',
  },
} as const;

function payoneerAddresses(settings: PayoneerSettings) {
  const d = DEFAULTS[settings.env];
  return {
    api: (settings.apiUrl ?? d.api).replace(/\/+$/, ''),
    auth: settings.authUrl ?? d.auth,
    frame: new URL(settings.frameOrigin ?? d.frame).origin,
  };
}

export interface HttpRequest {
  url: string;
  method: 'POST';
  headers: Record<string, string>;
  body: string;
}

/** The token request. Pure. */
export function payoneerTokenRequest(settings: PayoneerSettings): HttpRequest {
  const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');
  return {
    url: payoneerAddresses(settings).auth,
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'read write' }).toString(),
  };
}

const splitName = (name: string) => {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return { first_name: parts.slice(0, -1).join(' ') || parts[0] || '', last_name: parts.length > 1 ? parts[parts.length - 1] : '' };
};

/** The registration-link request for one affiliate. Pure: tested without the network. */
function payoneerRegistrationRequest(settings: PayoneerSettings, accessToken: string, start: PayChangeStart): HttpRequest {
  const { payee } = start;
  const body = {
    payee_id: String(start.affiliateId),
    redirect_url: start.redirectUrl,
    lock_type: 'ADDRESS',
    payee: {
      type: 'INDIVIDUAL',
      contact: { ...splitName(payee.name), email: payee.email, ...(payee.mobile ? { mobile: payee.mobile } : {}) },
      address: {
        address_line_1: payee.address1,
        address_line_2: payee.address2,
        city: payee.city,
        country: payee.country,
        zip_code: payee.zipcode,
      },
    },
  };
  return {
    url: `${payoneerAddresses(settings).api}/v4/programs/${encodeURIComponent(settings.programId)}/payees/registration-link`,
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  };
}

/** The registration link of Payoneer's answer, when it is an https address on Payoneer's page origin. */
export function registrationLinkOf(answer: unknown, frameOrigin: string): string | null {
  const link = (answer as { result?: { registration_link?: unknown } } | null)?.result?.registration_link;
  if (typeof link !== 'string') return null;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' && url.origin === frameOrigin ? url.toString() : null;
  } catch {
    return null;
  }
}

const TIMEOUT_MS = 10_000;

export function payoneerAdapter(settings: PayoneerSettings, fetchImpl: typeof fetch = fetch): PayProviderAdapter {
  const addresses = payoneerAddresses(settings);
  let token: { value: string; until: number } | null = null;

  async function send(request: HttpRequest): Promise<unknown> {
    let res: Response;
    try {
      res = await fetchImpl(request.url, { method: request.method, headers: request.headers, body: request.body, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (err) {
      throw new ProviderUnavailable(`Payoneer did not answer: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (!res.ok) throw new ProviderUnavailable(`Payoneer answered ${res.status}`);
    return res.json().catch(() => null);
  }

  async function accessToken(now: number): Promise<string> {
    if (token && token.until > now) return token.value;
    const answer = (await send(payoneerTokenRequest(settings))) as { access_token?: unknown; expires_in?: unknown } | null;
    if (typeof answer?.access_token !== 'string') throw new ProviderUnavailable('Payoneer gave no access token');
    const seconds = typeof answer.expires_in === 'number' ? answer.expires_in : 300;
    token = { value: answer.access_token, until: now + Math.max(0, seconds - 60) * 1000 };
    return token.value;
  }

  return {
    platform: 'Payoneer',
    kind: 'live',
    frameOrigins: [addresses.frame],
    start: async (start) => {
      const answer = await send(payoneerRegistrationRequest(settings, await accessToken(start.now.getTime()), start));
      const link = registrationLinkOf(answer, addresses.frame);
      if (!link) throw new ProviderUnavailable('Payoneer answered no usable registration link');
      return link;
    },
  };
}
