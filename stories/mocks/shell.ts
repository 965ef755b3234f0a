import { HttpResponse } from 'msw';
import { affiliateEndpoints, type AffiliateResponse } from '../../src/api/contract/affiliate';
import { campaignEndpoints, type CampaignListName, type CampaignSummary } from '../../src/api/contract/campaign';
import { contentEndpoints, type NewsItem, type Notification } from '../../src/api/contract/content';
import { paths } from '../../src/shared/paths';
import { RATE_TYPE_LABELS, rateText } from '../../src/shared/rateText';
import { qrImage } from './auth';
import { answer, failure, failureResponse, mock, networkError, pending, pendingResponse, perRender, type MockOptions } from './http';

/**
 * MSW handlers and fixtures for the signed-in shell (spec 000 §2, §4, §7): the affiliate record,
 * news, notifications, the campaign lists, quick search and usage tracking. Every fixture is typed
 * by the contract; every image is an inline SVG data URL (nothing is fetched, screenshots stay fixed).
 */

/** A flat picture with initials, as a data URL: deterministic for a given label and hue. */
export function pictureOf(label: string, hue: number, width = 240, height = 180): string {
  const initials = label
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0] ?? '')
    .join('')
    .toUpperCase();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="hsl(${hue},55%,42%)"/><circle cx="${width * 0.8}" cy="${height * 0.25}" r="${height * 0.35}" fill="hsl(${hue},60%,55%)"/><text x="50%" y="58%" text-anchor="middle" font-family="Liberation Sans, DejaVu Sans, sans-serif" font-size="${Math.round(height / 3)}" font-weight="700" fill="#fff">${initials}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

export const managerFixture = {
  name: 'Avery Manager',
  email: 'avery@example.com',
  phone: '+1 416 555 0199',
  im_handle: '@avery_am',
  image: pictureOf('Avery Manager', 200, 88, 88),
  telegram_qr_code: qrImage(3),
};

export const affiliateFixture: AffiliateResponse = {
  success: true,
  publisher_id: 1001,
  affiliate_personal_information: {
    name: 'Jordan Demo',
    company: 'Demo Media',
    email: 'demo@example.com',
    phone: '',
    mobile_phone: '+1 416 555 0100',
    time_zone: '11,-5',
    contact_time: { value: 6, text: 'Anytime' },
    im_handle: '@jordandemo',
    registration_date: '2026-09-01',
  },
  affiliate_address: { address1: '1 King St W', address2: '', city: 'Toronto', state: 'ON', country_code: 'CA', zipcode: 'M5H 1A1' },
  maxmoney_balance: 1234.5,
  affiliate_manager: managerFixture,
  promotional_methods: { promotion: 'E-mail newsletters', website: 'https://example.com', incentive: 'N', global_callback_type: '', global_callback_code: '', reversal_callback_url: '' },
  email_preferences: { general_mailings: 'Y', campaign_notices: 'Y' },
  security: {
    question1: { question_id: 1, description: 'First pet?', answer: '' },
    question2: { question_id: 7, description: 'First school?', answer: '' },
  },
  otp_details: {},
  payment_information: { payee: 'Jordan Demo', method: 'PayPal', platform: 'Tipalti', tmp_payoneer: 0 },
  affiliate_flags: [183],
};

const names = [
  'NovaLend Personal Loans',
  'SolarBright Home Quotes',
  'FitTrack Pro Trial',
  'AutoShield Insurance',
  'DebtFree Relief Now',
  'CasinoRoyale Welcome',
  'TravelNest Hotel Deals',
  'SkinGlow Serum Sample',
  'HomeGuard Security',
  'LearnFast Language App',
  'PetPal Food Box',
  'CryptoSafe Wallet',
];

/** Twelve campaigns; the second one is highlighted (highlight Y). */
export const campaignsFixture: CampaignSummary[] = names.map((name, i) => {
  const revshare = i % 4 === 3;
  const rate = revshare ? 20 + i : 8 + i * 3.25;
  return {
    campaign_id: 1201 + i,
    name,
    thumbnail: pictureOf(name, (i * 37) % 360),
    rate_text: rateText(revshare ? 'P' : 'F', rate),
    rate_type: RATE_TYPE_LABELS[revshare ? 'P' : 'F'],
    highlight: i === 1 ? 'Y' : 'N',
    epc: i % 5 === 0 ? 0 : 0.35 + i / 10,
    rate,
    incentive_traffic: 'N',
    email_traffic: 'Y',
    contextual_traffic: 'Y',
    mobile_traffic: 'Y',
    native_traffic: i % 2 ? 'Y' : 'N',
    search_traffic: 'N',
    display_traffic: 'Y',
    social_media_traffic: 'Y',
    brand_bid_traffic: 'N',
  };
});

export const newsFixture: NewsItem[] = [
  { key_id: 31, id: 31, type: 'alert', news_date: '2026-11-20', news: '<p><strong>Payment day moved:</strong> this week\'s payments go out on Friday.</p>' },
  { key_id: 30, id: 30, type: 'reminder', news_date: '2026-11-02', news: `<p>Update your tax form before <a href="${paths.settings}">December 1</a>.</p>` },
  { key_id: 29, id: 29, type: 'other', news_date: '2026-10-15', news: '<p>Twelve new finance campaigns are live.</p><script>window.__hacked = true</script>' },
];

export const notificationsFixture: Notification[] = [
  { news_id: 41, news: '<p><strong>New campaign:</strong> SolarBright Home Quotes now pays $42.00 per lead.</p>' },
  { news_id: 40, news: '<p>Your request for <em>FitTrack Pro Trial</em> was approved.</p>' },
];


const { getAffiliate } = affiliateEndpoints;
const { getNews, getNotifications, dismissNotification, trackUsage } = contentEndpoints;
const { getCampaigns, quickSearch } = campaignEndpoints;

/* ---- GET /affiliate ---- */
export const affiliateHandlers = {
  loaded: (affiliate: AffiliateResponse = affiliateFixture) => answer(getAffiliate, affiliate),
  pending: (spy?: MockOptions) => pending(getAffiliate, spy),
  /** Answers once `until` settles (a story lets the page draw first, then the answer come). */
  held: (until: Promise<unknown>, affiliate: AffiliateResponse = affiliateFixture) =>
    mock(getAffiliate, async () => {
      await until;
      return affiliate;
    }),
  failure: (message = 'An internal error occurred. Please try again later', status = 500, options?: MockOptions) => failure(getAffiliate, message, status, options),
  /** A 200 answer without `success: true`. */
  notSuccess: () => mock(getAffiliate, () => HttpResponse.json({ success: false, errors: { message: 'Your session could not be loaded.' } })),
  networkError: () => networkError(getAffiliate),
  /** Fails with `status` the first time, then answers the record (Try again). */
  failureOnce: (status: number, affiliate: AffiliateResponse = affiliateFixture) => {
    const calls = perRender(() => ({ count: 0 }));
    return mock(getAffiliate, () => (calls().count++ === 0 ? failureResponse('The record could not be read.', status) : affiliate));
  },
  /** No answer the first time, then the record (Try again). */
  networkErrorOnce: (affiliate: AffiliateResponse = affiliateFixture) => {
    const calls = perRender(() => ({ count: 0 }));
    return mock(getAffiliate, () => (calls().count++ === 0 ? HttpResponse.error() : affiliate));
  },
};

/* ---- GET /news ---- */
export const newsHandlers = {
  loaded: (items: NewsItem[] = newsFixture) => answer(getNews, { success: true, news_updates: items }),
  empty: () => answer(getNews, { success: true, news_updates: [] }),
  failure: (message = 'News is not available right now.', status = 500) => failure(getNews, message, status),
  networkError: () => networkError(getNews),
  pending: () => pending(getNews),
};

/* ---- GET / POST /affiliate/notifications ---- */
export const notificationHandlers = {
  /** Answers the given lists in turn (the last repeats): the refresh after Clear All gets the next. */
  loaded: (...lists: Notification[][]) => {
    const calls = perRender(() => ({ count: 0 }));
    const all = lists.length ? lists : [notificationsFixture];
    return answer(getNotifications, () => {
      const notifications = all[Math.min(calls().count, all.length - 1)];
      calls().count += 1;
      return { success: true as const, notifications };
    });
  },
  empty: () => answer(getNotifications, { success: true, notifications: [] }),
  failure: () => failure(getNotifications, 'An internal error occurred. Please try again later', 500),
  unauthorized: () => failure(getNotifications, 'Your session has expired. Please sign in again.', 401),
  dismiss: (spy?: MockOptions) => answer(dismissNotification, { success: true, dismissed: 1 }, spy),
};

/* ---- GET /campaigns/{for} ---- */
export type ListAnswers = Partial<Record<CampaignListName, CampaignSummary[] | 'pending' | 'failure' | 'network'>>;

/** Default: the sidebars and rows each get a slice of the fixture. */
export const defaultLists: ListAnswers = {
  recentlyapproved: campaignsFixture.slice(0, 3),
  ampicks: campaignsFixture.slice(3, 5),
  suggested: campaignsFixture.slice(6, 12),
  popular: campaignsFixture.slice(0, 6),
  new: campaignsFixture.slice(6, 12),
};

export const campaignHandlers = {
  lists: (answers: ListAnswers = defaultLists, spy?: MockOptions) =>
    mock(
      getCampaigns,
      async ({ params, query }) => {
        const list = answers[params.for as CampaignListName] ?? [];
        if (list === 'pending') return pendingResponse();
        if (list === 'failure') return failureResponse('The campaign lists are being updated. Please try again in a minute.', 503);
        if (list === 'network') return HttpResponse.error();
        const limit = Number(query.limit ?? 30);
        return { success: true as const, campaigns: list.slice(0, limit), page: 0, has_more: list.length > limit };
      },
      spy,
    ),
};

/* ---- GET /search?q= ---- */
export const quickSearchHandlers = {
  /** Campaigns of the fixture whose name or #ID contains the term. */
  matches: (spy?: MockOptions) =>
    answer(
      quickSearch,
      ({ query }) => {
        const q = (query.q ?? '').trim().toLowerCase().replace(/^#/, '');
        const matchingCampaigns = campaignsFixture
          .filter((c) => c.name.toLowerCase().includes(q) || String(c.campaign_id).includes(q))
          .map((c) => ({ campaign_id: c.campaign_id, name: c.name }));
        return { success: true as const, matchingCampaigns };
      },
      spy,
    ),
  failure: (spy?: MockOptions) => failure(quickSearch, 'Search is unavailable.', 500, spy),
  /** A 200 answer without `success: true` (spec 000 §8: treated as a failure). */
  notSuccess: (spy?: MockOptions) => mock(quickSearch, () => HttpResponse.json({ success: false, errors: { message: 'Search is unavailable.' } }), spy),
  pending: () => pending(quickSearch),
};

/* ---- GET /usage/event ---- */
export const usageHandlers = {
  recorded: (spy?: MockOptions) => answer(trackUsage, { success: true }, spy),
};

/** Everything the shell calls, answered with the default fixtures; later handlers in a story override. */
export function shellHandlers() {
  return [
    affiliateHandlers.loaded(),
    newsHandlers.loaded(),
    notificationHandlers.empty(),
    notificationHandlers.dismiss(),
    campaignHandlers.lists(),
    quickSearchHandlers.matches(),
    usageHandlers.recorded(),
  ];
}
