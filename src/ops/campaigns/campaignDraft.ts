import type { CampaignInput, OfferCampaign, RateInput } from '../../api/contract/opsOffers';

/** One rate as the editor holds it: amounts as typed. */
export interface RateDraft {
  key: string;
  rate_id?: number;
  description: string;
  rate_type: 'F' | 'P';
  rate: string;
  revenue_type: 'F' | 'P';
  revenue: string;
  active: boolean;
  is_default: boolean;
}

/** The campaign editor's fields as typed (numbers and lists as text), turned into the API's body by `toInput`. */
export interface CampaignDraft {
  name: string;
  description: string;
  category_id: number | null;
  subcategory_id: number | null;
  expiry_date: string;
  by_request: boolean;
  approval_mode: 'review' | 'auto';
  approval_preface: string;
  questions: [string, string, string];
  rates: RateDraft[];
  traffic_types: string[];
  geo_filtering: boolean;
  countries: string;
  desktop_traffic: boolean;
  mobile_traffic: boolean;
  os_filtering: boolean;
  os: string[];
  daily_cap: string;
  search_restrictions: string;
  email_rules: string;
  email_subject_lines: string;
  email_from_lines: string;
  suppression_links: string;
  highlight: boolean;
  tracking_type: string;
  supports_multiple_postback: boolean;
  fallback_url: string;
  preview_url: string;
  epc: string;
  popularity: string;
  is_gaming: boolean;
}

let nextKey = 0;
export const newRate = (isDefault: boolean): RateDraft => ({
  key: `new-${++nextKey}`,
  description: '',
  rate_type: 'F',
  rate: '',
  revenue_type: 'F',
  revenue: '',
  active: true,
  is_default: isDefault,
});

export const emptyDraft = (): CampaignDraft => ({
  name: '',
  description: '',
  category_id: null,
  subcategory_id: null,
  expiry_date: '',
  by_request: false,
  approval_mode: 'review',
  approval_preface: '',
  questions: ['', '', ''],
  rates: [newRate(true)],
  traffic_types: [],
  geo_filtering: false,
  countries: '',
  desktop_traffic: true,
  mobile_traffic: true,
  os_filtering: false,
  os: [],
  daily_cap: '',
  search_restrictions: '',
  email_rules: '',
  email_subject_lines: '',
  email_from_lines: '',
  suppression_links: '',
  highlight: false,
  tracking_type: 'S',
  supports_multiple_postback: false,
  fallback_url: '',
  preview_url: '',
  epc: '0',
  popularity: '0',
  is_gaming: false,
});

/** The editor's draft of a stored campaign. */
export function draftOf(c: OfferCampaign): CampaignDraft {
  const q = c.questions;
  return {
    name: c.name,
    description: c.description,
    category_id: c.category_id,
    subcategory_id: c.subcategory_id,
    expiry_date: c.expiry_date ?? '',
    by_request: c.by_request,
    approval_mode: c.approval_mode ?? 'review',
    approval_preface: c.approval_preface,
    questions: [q[0] ?? '', q[1] ?? '', q[2] ?? ''],
    rates: c.rates.map((r) => ({
      key: `rate-${r.rate_id}`,
      rate_id: r.rate_id,
      description: r.description,
      rate_type: r.rate_type,
      rate: String(r.rate),
      revenue_type: r.revenue_type,
      revenue: String(r.revenue),
      active: r.status === 'Active',
      is_default: r.is_default,
    })),
    traffic_types: c.traffic_types,
    geo_filtering: c.geo_filtering,
    countries: c.countries.join(', '),
    desktop_traffic: c.desktop_traffic,
    mobile_traffic: c.mobile_traffic,
    os_filtering: c.os_filtering,
    os: c.os,
    daily_cap: c.daily_cap === null ? '' : String(c.daily_cap),
    search_restrictions: c.search_restrictions,
    email_rules: c.email_rules,
    email_subject_lines: c.email_subject_lines.join('\n'),
    email_from_lines: c.email_from_lines.join('\n'),
    suppression_links: c.suppression_links.join('\n'),
    highlight: c.highlight,
    tracking_type: c.tracking_type,
    supports_multiple_postback: c.supports_multiple_postback,
    fallback_url: c.fallback_url,
    preview_url: c.preview_url,
    epc: String(c.epc),
    popularity: String(c.popularity),
    is_gaming: c.is_gaming,
  };
}

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');

/** A typed amount as a number; NaN when it is not one (the server then says what it needs). */
const amount = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(/[$,%\s]/g, '')));

/** The sentences the editor says before sending (the server's own, from src/api/contract/opsOffers.ts). */
export const campaignFormMessages = {
  name: "Enter the campaign's name.",
  category: 'Choose a category.',
  subcategory: 'Choose a subcategory.',
  traffic: 'Allow at least one traffic type.',
  rateDescription: 'Describe each rate (for example "Lead" or "Sale").',
  payout: 'Enter the affiliate payout as a number.',
  revenue: "Enter the advertiser's revenue as a number.",
  advertiser: 'Choose the advertiser.',
} as const;

/** What the editor finds missing before sending: field → sentence. */
export function draftProblems(d: CampaignDraft, needsAdvertiser: boolean, advertiserId: number | null): Partial<Record<string, string>> {
  const problems: Partial<Record<string, string>> = {};
  if (needsAdvertiser && advertiserId === null) problems.advertiser = campaignFormMessages.advertiser;
  if (d.name.trim() === '') problems.name = campaignFormMessages.name;
  if (d.category_id === null) problems.category = campaignFormMessages.category;
  if (d.subcategory_id === null) problems.subcategory = campaignFormMessages.subcategory;
  if (d.traffic_types.length === 0) problems.traffic = campaignFormMessages.traffic;
  d.rates.forEach((r) => {
    if (r.description.trim() === '') problems[`${r.key}.description`] = campaignFormMessages.rateDescription;
    if (Number.isNaN(amount(r.rate))) problems[`${r.key}.rate`] = campaignFormMessages.payout;
    if (Number.isNaN(amount(r.revenue))) problems[`${r.key}.revenue`] = campaignFormMessages.revenue;
  });
  return problems;
}

/** The API's body of the draft (PUT /operator/campaigns/:id; POST adds the advertiser and status). */
export function toInput(d: CampaignDraft): CampaignInput {
  const rates: RateInput[] = d.rates.map((r) => ({
    ...(r.rate_id !== undefined ? { rate_id: r.rate_id } : {}),
    description: r.description.trim(),
    rate_type: r.rate_type,
    rate: amount(r.rate),
    revenue_type: r.revenue_type,
    revenue: amount(r.revenue),
    status: r.active ? 'Active' : 'Inactive',
    is_default: r.is_default,
  }));
  return {
    name: d.name.trim(),
    description: d.description,
    category_id: d.category_id ?? 0,
    subcategory_id: d.subcategory_id ?? 0,
    expiry_date: d.expiry_date.trim() === '' ? null : d.expiry_date.trim(),
    by_request: d.by_request,
    approval_mode: d.by_request ? d.approval_mode : null,
    approval_preface: d.by_request ? d.approval_preface : '',
    questions: d.by_request ? d.questions.map((q) => q.trim()).filter((q) => q !== '') : [],
    rates,
    traffic_types: d.traffic_types as CampaignInput['traffic_types'],
    geo_filtering: d.geo_filtering,
    countries: d.geo_filtering ? d.countries.split(/[\s,]+/).filter((c) => c !== '') : [],
    desktop_traffic: d.desktop_traffic,
    mobile_traffic: d.mobile_traffic,
    os_filtering: d.os_filtering,
    os: d.os as CampaignInput['os'],
    daily_cap: d.daily_cap.trim() === '' ? null : amount(d.daily_cap),
    search_restrictions: d.search_restrictions,
    email_rules: d.email_rules,
    email_subject_lines: linesOf(d.email_subject_lines),
    email_from_lines: linesOf(d.email_from_lines),
    suppression_links: linesOf(d.suppression_links),
    highlight: d.highlight,
    tracking_type: d.tracking_type as CampaignInput['tracking_type'],
    supports_multiple_postback: d.supports_multiple_postback,
    fallback_url: d.fallback_url.trim(),
    preview_url: d.preview_url.trim(),
    epc: d.epc.trim() === '' ? 0 : amount(d.epc),
    popularity: d.popularity.trim() === '' ? 0 : amount(d.popularity),
    is_gaming: d.is_gaming,
  };
}
