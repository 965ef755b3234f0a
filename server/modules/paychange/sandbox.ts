import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { PAY_METHODS, type PayPlatform } from '../../../src/api/contract/paychange';
import { ISO_COUNTRIES } from '../../../src/shared/countries';
import type { PayProviderAdapter } from './providers';

/**
 * The built-in sandbox provider (docs/settings.md "Payment platforms"): with no real provider
 * configured, the modal's iframe shows the product's own page, which looks like an embedded provider
 * form and completes to /paycompletion. The page is opened and submitted with a token, because an
 * iframe's form carries no session header:
 *
 *   v1.<request id>.<affiliate id>.<provider>.<expiry, Unix seconds>.<HMAC-SHA256, base64url>
 *
 * signed with a key derived (HKDF) from the server's TOTP key (the same on every server process);
 * bound to one affiliate and one provider, expiring, and single-use through its paychange_requests
 * row (completed_at). The token is the CSRF proof: nothing else authorises the form.
 */

/** How long a sandbox page may stay open before its form is refused. */
export const SANDBOX_TOKEN_MS = 30 * 60_000;

export type SandboxProvider = 'payoneer' | 'tipalti';
const providerSlug = (platform: PayPlatform): SandboxProvider => (platform === 'Payoneer' ? 'payoneer' : 'tipalti');
export const platformOfSlug = (slug: SandboxProvider): PayPlatform => (slug === 'payoneer' ? 'Payoneer' : 'Tipalti');

/** The signing key of sandbox tokens, derived from the server's secret key (never the key itself). */
export function sandboxTokenKey(serverKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', serverKey, Buffer.alloc(0), 'paychange sandbox token v1', 32));
}

export interface SandboxClaims {
  requestId: string;
  affiliateId: number;
  provider: SandboxProvider;
  /** Unix seconds. */
  expires: number;
}

const sign = (key: Buffer, body: string) => createHmac('sha256', key).update(`paychange-sandbox.${body}`).digest('base64url');

export function signSandboxToken(key: Buffer, claims: SandboxClaims): string {
  const body = `v1.${claims.requestId}.${claims.affiliateId}.${claims.provider}.${claims.expires}`;
  return `${body}.${sign(key, body)}`;
}

const TOKEN_SHAPE = /^v1\.([A-Za-z0-9_-]{22})\.([1-9]\d{0,9})\.(payoneer|tipalti)\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** The claims of a well-formed token with a right signature, else null (expiry is checked by the caller). */
export function readSandboxToken(key: Buffer, token: string): SandboxClaims | null {
  const m = TOKEN_SHAPE.exec(token);
  if (!m) return null;
  const body = token.slice(0, token.lastIndexOf('.'));
  const expected = Buffer.from(sign(key, body));
  const given = Buffer.from(m[5]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { requestId: m[1], affiliateId: Number(m[2]), provider: m[3] as SandboxProvider, expires: Number(m[4]) };
}

export function sandboxAdapter(platform: PayPlatform, serverKey: Buffer): PayProviderAdapter {
  const key = sandboxTokenKey(serverKey);
  return {
    platform,
    kind: 'sandbox',
    frameOrigins: [],
    start: async ({ requestId, affiliateId, expiresAt }) => {
      const provider = providerSlug(platform);
      const t = signSandboxToken(key, { requestId, affiliateId, provider, expires: Math.floor(expiresAt.getTime() / 1000) });
      return `/api/paychange/sandbox/${provider}?t=${encodeURIComponent(t)}`;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The page: plain server-rendered HTML, every value escaped, no script (the CSP allows none inline).

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The methods' descriptions on the form (spec 001 section 9 names them). */
const METHOD_NOTES: Record<string, string> = {
  'Bank Transfer': 'Paid to your bank account in your local currency.',
  'Prepaid Card': 'Paid to a Payoneer prepaid Mastercard.',
  ACH: 'US bank accounts, 2-3 business days.',
  'Wire Transfer': 'Any bank worldwide; bank fees may apply.',
  'Local Bank Transfer (eCheck)': 'Paid to a bank account in your country.',
  PayPal: 'Paid to your PayPal account.',
};

const BRAND: Record<PayPlatform, { accent: string; ink: string }> = {
  Payoneer: { accent: '#c2410c', ink: '#ffffff' },
  Tipalti: { accent: '#1d4ed8', ink: '#ffffff' },
};

function layout(platform: PayPlatform, title: string, main: string): string {
  const brand = BRAND[platform];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1f2933;background:#f4f5f7}
header{background:${brand.accent};color:${brand.ink};padding:14px 20px;display:flex;align-items:center;justify-content:space-between;gap:12px}
header strong{font-size:20px;letter-spacing:.02em}
header span{font-size:13px;border:1px solid currentColor;border-radius:999px;padding:1px 10px}
main{max-width:560px;margin:0 auto;padding:20px}
h1{font-size:22px;margin:0 0 12px}
.note{background:#fff8e6;border:1px solid #b7791f;border-radius:6px;padding:10px 12px;font-size:14px;margin:0 0 16px}
.error{background:#fdecec;border:1px solid #b42318;color:#8a1c12;border-radius:6px;padding:10px 12px;margin:0 0 16px}
form{background:#fff;border:1px solid #d5d9e0;border-radius:8px;padding:20px}
label,legend{display:block;font-weight:600;margin:0 0 4px}
input[type=text],select{width:100%;font:inherit;padding:8px 10px;border:1px solid #7b8494;border-radius:6px;background:#fff;color:inherit}
.field{margin:0 0 16px}
fieldset{border:0;margin:0 0 16px;padding:0}
.choice{display:flex;gap:10px;align-items:flex-start;border:1px solid #d5d9e0;border-radius:6px;padding:10px 12px;margin:6px 0;font-weight:400}
.choice small{display:block;color:#4b5563}
button{font:inherit;font-weight:600;background:${brand.accent};color:${brand.ink};border:0;border-radius:6px;padding:10px 18px;cursor:pointer}
button:focus-visible,input:focus-visible,select:focus-visible{outline:3px solid #111827;outline-offset:2px}
</style></head>
<body><header><strong>${escapeHtml(platform)}</strong><span>Sandbox</span></header>
<main>${main}</main></body></html>`;
}

export interface SandboxFormValues {
  token: string;
  payeeName: string;
  country: string;
  method: string;
}

/** The provider form. */
export function sandboxFormPage(platform: PayPlatform, values: SandboxFormValues, error?: string): string {
  const provider = providerSlug(platform);
  const methods = PAY_METHODS[platform] as readonly string[];
  const countryOptions = [
    `<option value=""${values.country === '' ? ' selected' : ''}>Choose your country</option>`,
    ...ISO_COUNTRIES.map((c) => `<option value="${c.alpha2}"${c.alpha2 === values.country ? ' selected' : ''}>${escapeHtml(c.name)}</option>`),
  ].join('');
  const choices = methods
    .map(
      (m, i) => `<label class="choice" for="method-${i}"><input type="radio" id="method-${i}" name="method" value="${escapeHtml(m)}"${m === values.method ? ' checked' : ''} required>
<span>${escapeHtml(m)}<small>${escapeHtml(METHOD_NOTES[m] ?? '')}</small></span></label>`,
    )
    .join('\n');
  const main = `<h1>How would you like to be paid?</h1>
<p class="note">This is the product's built-in sandbox ${escapeHtml(platform)} page: no ${escapeHtml(platform)} account is configured, so nothing is sent to ${escapeHtml(platform)}. Your choice is saved as your payment details.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/api/paychange/sandbox/${provider}">
<input type="hidden" name="t" value="${escapeHtml(values.token)}">
<div class="field"><label for="payee_name">Payee name</label>
<input type="text" id="payee_name" name="payee_name" value="${escapeHtml(values.payeeName)}" maxlength="100" autocomplete="name" required></div>
<div class="field"><label for="country">Country</label>
<select id="country" name="country" required>${countryOptions}</select></div>
<fieldset><legend>Payment method</legend>
${choices}
</fieldset>
<button type="submit">Save payment details</button>
</form>`;
  return layout(platform, `${platform}: payment details`, main);
}

/** A page that only says why the form cannot be used (expired, already used, not valid, blackout). */
export function sandboxMessagePage(platform: PayPlatform, message: string): string {
  return layout(platform, `${platform}: payment details`, `<h1>Payment details</h1>\n<p class="error" role="alert">${escapeHtml(message)}</p>`);
}
