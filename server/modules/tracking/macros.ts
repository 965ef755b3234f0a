/**
 * Macros of landing page URLs and affiliate postbacks (docs/tracking.md). One list: it is what
 * GET /api/application/help/18 shows. Values are URL-encoded when they go into a URL and
 * HTML-escaped when they go into an HTML postback.
 */
export interface MacroSpec {
  name: string;
  meaning: string;
  /** Older #...# spelling still accepted (the demo network's saved postbacks use it). */
  legacy?: string;
}

export const POSTBACK_MACROS: MacroSpec[] = [
  { name: 'click_id', meaning: 'Unique ID of the click (22 characters)' },
  { name: 'transaction_id', meaning: "The advertiser's transaction ID of the conversion", legacy: 'leadid' },
  { name: 'payout', meaning: 'Your payout for the conversion, in dollars (e.g. 12.50)', legacy: 'rate' },
  { name: 'sale_amount', meaning: 'Sale amount reported by the advertiser (revshare campaigns)', legacy: 'sale' },
  { name: 'campaign_id', meaning: 'Campaign ID', legacy: 'oid' },
  { name: 'campaign_name', meaning: 'Campaign name' },
  { name: 'affiliate_id', meaning: 'Your affiliate ID' },
  { name: 'creative_id', meaning: 'Creative ID (0 for raw, search and contextual links)', legacy: 'cid' },
  { name: 'landing_page_id', meaning: 'Landing page ID', legacy: 'lpid' },
  { name: 'sub1', meaning: 'Sub ID 1 of the click', legacy: 's1' },
  { name: 'sub2', meaning: 'Sub ID 2 of the click', legacy: 's2' },
  { name: 'sub3', meaning: 'Sub ID 3 of the click', legacy: 's3' },
  { name: 'sub4', meaning: 'Sub ID 4 of the click', legacy: 's4' },
  { name: 'sub5', meaning: 'Sub ID 5 of the click', legacy: 's5' },
  { name: 'date', meaning: 'Date and time of the conversion, network time (Eastern), YYYY-MM-DD HH:MM:SS', legacy: 'date' },
  { name: 'ip', meaning: 'IP address of the visitor who clicked', legacy: 'ip' },
  { name: 'status', meaning: "The conversion's status: approved or pending; reversed in the reversal postback" },
  { name: 'reason', meaning: "The advertiser's reason for a reversal (reversal postback; empty otherwise)" },
];

export type MacroValues = Partial<Record<string, string | number>>;

const MACRO = /\{([a-z0-9_]+)\}|#([a-z0-9]+)#/gi;
const legacyToName = new Map(POSTBACK_MACROS.filter((m) => m.legacy).map((m) => [m.legacy!.toLowerCase(), m.name]));

/** Replaces known macros; unknown ones are left as written. */
export function fillMacros(template: string, values: MacroValues, encode: (value: string) => string): string {
  return template.replace(MACRO, (whole, braced: string | undefined, hashed: string | undefined) => {
    const name = braced ? braced.toLowerCase() : legacyToName.get(hashed!.toLowerCase());
    if (!name) return whole;
    const value = values[name];
    return value === undefined ? whole : encode(String(value));
  });
}

export const encodeForUrl = (value: string) => encodeURIComponent(value);
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Removes every macro (to validate the shape of a URL that contains some). */
export function stripMacros(template: string): string {
  return template.replace(MACRO, 'x');
}

/** The macro help text (GET /application/help/18), generated from the list above. */
export function macroHelpHtml(): string {
  const rows = POSTBACK_MACROS.map(
    (m) => `<tr><td>{${m.name}}</td><td>${escapeHtml(m.meaning)}${m.legacy ? ` (also #${m.legacy}#)` : ''}</td></tr>`,
  ).join('\n');
  return `<p>Use these macros in your pixel or postback; they are replaced when a conversion fires. In URL postbacks the values are URL-encoded; in HTML postbacks they are HTML-escaped.</p>
<table><thead><tr><th>Macro</th><th>Replaced with</th></tr></thead><tbody>
${rows}
</tbody></table>
<p>Example: <code>https://tracker.example/postback?clickid={sub1}&amp;payout={payout}&amp;txid={transaction_id}</code></p>`;
}
