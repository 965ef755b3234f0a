import type { Advertiser, OfferCampaign } from '../../src/api/contract/opsOffers';
import { opsOffersEndpoints } from '../../src/api/contract/opsOffers';
import type { Reply } from '../../src/api/endpoints';
import { campaignFixture } from './campaignDetail';
import { mocksOf } from './http';

/** The back office's advertisers and campaigns (docs/ops-offers.md): handlers and story data. */
export const offersMocks = {
  advertisers: mocksOf(opsOffersEndpoints.listAdvertisers),
  advertiser: mocksOf(opsOffersEndpoints.getAdvertiser),
  createAdvertiser: mocksOf(opsOffersEndpoints.createAdvertiser),
  updateAdvertiser: mocksOf(opsOffersEndpoints.updateAdvertiser),
  postback: mocksOf(opsOffersEndpoints.advertiserPostbackUrl),
  rotate: mocksOf(opsOffersEndpoints.rotateAdvertiserSecret),
  options: mocksOf(opsOffersEndpoints.offerOptions),
  campaigns: mocksOf(opsOffersEndpoints.listOfferCampaigns),
  campaign: mocksOf(opsOffersEndpoints.getOfferCampaign),
  createCampaign: mocksOf(opsOffersEndpoints.createOfferCampaign),
  updateCampaign: mocksOf(opsOffersEndpoints.updateOfferCampaign),
  pause: mocksOf(opsOffersEndpoints.pauseOfferCampaign),
  resume: mocksOf(opsOffersEndpoints.resumeOfferCampaign),
  expire: mocksOf(opsOffersEndpoints.expireOfferCampaign),
  preview: mocksOf(opsOffersEndpoints.previewOfferCampaign),
};

export const sampleAdvertisers: Advertiser[] = [
  {
    advertiser_id: 3,
    name: 'Acme Insurance',
    contact_email: 'partners@acme.example',
    notes: 'Pays on the 5th.\nAsk for Dana.',
    status: 'active',
    campaigns: { active: 4, paused: 1, expired: 2 },
    has_secret: true,
    secret_rotated_at: '2026-10-02T09:00:00.000Z',
    previous_secret_until: '2026-10-09T09:00:00.000Z',
    created_at: '2025-04-11T12:00:00.000Z',
    updated_at: '2026-10-02T09:00:00.000Z',
  },
  {
    advertiser_id: 7,
    name: 'Blue Lake Games',
    contact_email: '',
    notes: '',
    status: 'active',
    campaigns: { active: 1, paused: 0, expired: 0 },
    has_secret: true,
    secret_rotated_at: null,
    previous_secret_until: null,
    created_at: '2026-06-01T12:00:00.000Z',
    updated_at: '2026-06-01T12:00:00.000Z',
  },
  {
    advertiser_id: 9,
    name: 'Old Mortgage Co',
    contact_email: 'ops@oldmortgage.example',
    notes: '',
    status: 'inactive',
    campaigns: { active: 0, paused: 0, expired: 5 },
    has_secret: false,
    secret_rotated_at: null,
    previous_secret_until: null,
    created_at: '2024-01-20T12:00:00.000Z',
    updated_at: '2026-02-14T12:00:00.000Z',
  },
];

export const advertisersAnswer = (advertisers = sampleAdvertisers, total = advertisers.length, page = 1) => ({
  success: true as const,
  advertisers,
  page,
  limit: 50,
  total,
});

export const postbackAnswer = (previousUntil: string | null = '2026-10-09T09:00:00.000Z') => ({
  success: true as const,
  advertiser: { advertiser_id: 3, name: 'Acme Insurance' },
  postback_url: 'https://track.network.example/postback?advertiser=3&secret=Zm9vYmFyYmF6cXV4&click_id={click_id}&txid={txid}&amount={amount}',
  pixel_url: 'https://track.network.example/pixel?advertiser=3&click_id={click_id}',
  secret_rotated_at: '2026-10-02T09:00:00.000Z',
  previous_secret_until: previousUntil,
});

export const sampleOptions: Reply<typeof opsOffersEndpoints.offerOptions> = {
  success: true,
  categories: [
    { category_id: 1, name: 'Finance', subcategories: [{ subcategory_id: 11, name: 'Insurance' }, { subcategory_id: 12, name: 'Loans' }] },
    { category_id: 2, name: 'Games', subcategories: [{ subcategory_id: 21, name: 'Mobile games' }] },
  ],
  traffic_types: ['email', 'contextual', 'display', 'search', 'incentive', 'social', 'native', 'mobile', 'brand_bid'],
  operating_systems: ['Android', 'iOS', 'Linux', 'macOS', 'Windows'],
  tracking_types: [
    { code: 'S', label: 'Server to server' },
    { code: 'M', label: 'Server to server (multiple)' },
    { code: 'L', label: 'Pixel' },
    { code: 'I', label: 'iFrame' },
    { code: 'A', label: 'API' },
    { code: 'G', label: 'Global' },
    { code: 'H', label: 'Host and Post' },
  ],
};

export const sampleCampaign: OfferCampaign = {
  campaign_id: 41,
  advertiser: { advertiser_id: 3, name: 'Acme Insurance' },
  status: 'active',
  state: 'active',
  category: 'Finance',
  subcategory: 'Insurance',
  name: 'Acme Auto Quote',
  description: 'A car insurance quote in two minutes.',
  category_id: 1,
  subcategory_id: 11,
  expiry_date: '2027-06-30',
  by_request: true,
  approval_mode: 'review',
  approval_preface: 'Tell us about your traffic.',
  questions: ['Where will you promote it?'],
  rates: [
    { rate_id: 501, description: 'Lead', rate_type: 'F', rate: 12.5, revenue_type: 'F', revenue: 18, status: 'Active', is_default: true },
    { rate_id: 502, description: 'Sale', rate_type: 'P', rate: 35, revenue_type: 'P', revenue: 50, status: 'Inactive', is_default: false },
  ],
  traffic_types: ['email', 'search', 'social'],
  geo_filtering: true,
  countries: ['CA', 'US'],
  desktop_traffic: true,
  mobile_traffic: true,
  os_filtering: false,
  os: [],
  daily_cap: 200,
  search_restrictions: 'No brand bidding on "Acme".',
  email_rules: 'Use the approved subject lines only.',
  email_subject_lines: ['Save on car insurance today'],
  email_from_lines: ['Acme Savings'],
  suppression_links: ['https://acme.example/suppression.csv'],
  highlight: false,
  tracking_type: 'S',
  supports_multiple_postback: false,
  fallback_url: '',
  preview_url: 'https://acme.example/sample',
  epc: 0.85,
  popularity: 10,
  is_gaming: false,
  created_at: '2026-09-01T12:00:00.000Z',
  updated_at: '2026-11-20T12:00:00.000Z',
};

export type CampaignListItem = Reply<typeof opsOffersEndpoints.listOfferCampaigns>['campaigns'][number];

export const sampleCampaignItems: CampaignListItem[] = [
  {
    campaign_id: 41,
    name: 'Acme Auto Quote',
    advertiser: { advertiser_id: 3, name: 'Acme Insurance' },
    category: 'Finance',
    subcategory: 'Insurance',
    state: 'active',
    by_request: true,
    payout_text: '$12.50 per lead',
    revenue_text: '$18.00 per lead',
    daily_cap: 200,
    expiry_date: '2027-06-30',
    updated_at: '2026-11-20T12:00:00.000Z',
  },
  {
    campaign_id: 40,
    name: 'Acme Home Cover',
    advertiser: { advertiser_id: 3, name: 'Acme Insurance' },
    category: 'Finance',
    subcategory: 'Insurance',
    state: 'paused',
    by_request: false,
    payout_text: '35% of sale',
    revenue_text: '50% of sale',
    daily_cap: null,
    expiry_date: null,
    updated_at: '2026-11-10T12:00:00.000Z',
  },
  {
    campaign_id: 12,
    name: 'Dragon Quest Install',
    advertiser: { advertiser_id: 7, name: 'Blue Lake Games' },
    category: 'Games',
    subcategory: 'Mobile games',
    state: 'expired',
    by_request: false,
    payout_text: '$2.00 per lead',
    revenue_text: '$3.10 per lead',
    daily_cap: 1000,
    expiry_date: '2026-08-31',
    updated_at: '2026-09-01T12:00:00.000Z',
  },
];

export const campaignsAnswer = (campaigns = sampleCampaignItems, total = campaigns.length, page = 1) => ({
  success: true as const,
  campaigns,
  page,
  limit: 50,
  total,
});

/** The preview of the sample campaign: the affiliate's page and card. */
export const previewAnswer = (over: Partial<{ visible: boolean; message: string; paused: boolean }> = {}): Reply<typeof opsOffersEndpoints.previewOfferCampaign> => {
  const visible = over.visible ?? true;
  return {
    success: true,
    visible,
    message: over.message ?? '',
    campaign: visible
      ? {
          ...campaignFixture,
          campaign_id: 41,
          details: {
            ...campaignFixture.details,
            affiliate_campaign_status: 'Not requested',
            status: 'By Request',
            name: 'Acme Auto Quote', cap: 200, expiry_date: '2027-06-30', paused: over.paused ? 'Y' : 'N', description: 'A car insurance quote in two minutes.' },
        }
      : null,
    card: {
      campaign_id: 41,
      name: 'Acme Auto Quote',
      thumbnail: '',
      rate_text: '$12.50 per lead',
      rate_type: '$ per lead',
      highlight: 'N',
      epc: 0.85,
      rate: 12.5,
      incentive_traffic: 'N',
      email_traffic: 'Y',
      contextual_traffic: 'N',
      mobile_traffic: 'N',
      native_traffic: 'N',
      search_traffic: 'Y',
      display_traffic: 'N',
      social_media_traffic: 'Y',
      brand_bid_traffic: 'N',
      paused: over.paused ? 'Y' : 'N',
    },
  };
};
