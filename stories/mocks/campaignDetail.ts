import { campaignDetailEndpoints, CAMPAIGN_NOT_FOUND, type CampaignDetail } from '../../src/api/contract/campaignDetail';
import { answer, failure, networkError, pending, type MockOptions } from './http';
import { pictureOf } from './shell';

/**
 * MSW handlers and fixtures of the campaign page: GET /campaign/{id}, the bookmark
 * calls and the e-mail suppression list. Fixtures are typed by the contract; images are inline SVG.
 */
const { getCampaign, addBookmark, removeBookmark, getEmailSuppression } = campaignDetailEndpoints;

const banner = (id: number, width: number, height: number) => ({
  creative_id: id,
  type: 'banner' as const,
  name: `Banner ${width}x${height}`,
  image: pictureOf(`Nova ${width}x${height}`, 210, width, height),
  width,
  height,
  download: `/cdn/creatives/7/1205/${id}.svg?download=1`,
});

export const campaignFixture: CampaignDetail = {
  campaign_id: 1205,
  is_bookmarked: false,
  allowed_countries: ['CA', 'GB', 'US'],
  all_countries: 'N',
  allowed_traffic_types: { R: 'Y', L: 'Y', S: 'Y', C: 'N', E: 'Y', I: 'N', M: 'Y', N: 'N', B: 'N' },
  os_list: ['Android', 'iOS'],
  categories: { category: 'Finance', main_category_id: 2, subcategory: 'Personal Loans', subcategory_id: 14 },
  details: {
    name: 'NovaLend Personal Loans - Qualified Lead (US/CA)',
    thumbnail: pictureOf('NovaLend Personal Loans', 200, 320, 240),
    cap: 200,
    affiliate_cap: 50,
    // Today: 12 of Your Daily Cap's 50 leads sent.
    cap_left_today: 38,
    status: 'By Request',
    advertiser_id: 7,
    affiliate_campaign_status: 'Approved',
    epc: 1.42,
    expiry_date: '2027-03-31',
    tracking_type: 'S',
    supports_multiple_postback: 'Y',
    description: 'Personal loans from $1,000 to $50,000.\nPays on a qualified lead: the applicant completes the form and passes the soft credit check.',
    landing_page_sample: 'https://novalend.example.com/apply',
    geo_filtering: 'Y',
    os_filtering: 'N',
    desktop_traffic: 'Y',
    mobile_traffic: 'Y',
    paused: 'N',
    request_limit_reached: 'N',
  },
  commission: [
    { rate_id: 1, description: 'Qualified Lead', rate_type: '$ per lead', rate: 26.5, rate_text: '$26.50 per lead', status: 'Active', is_default: 'Y' },
    { rate_id: 2, description: 'Funded Account', rate_type: '$ per lead', rate: 120, rate_text: '$120.00 per lead', status: 'Active', is_default: 'N' },
  ],
  landing_pages: [
    { landing_page_id: 31, name: 'Apply now', url: 'https://novalend.example.com/apply', thumbnail: pictureOf('Apply now', 150, 320, 400), full: pictureOf('Apply now', 150, 1024, 1280), default_lp: 'Y' },
    { landing_page_id: 32, name: 'Rate calculator', url: 'https://novalend.example.com/rates', thumbnail: pictureOf('Rate calculator', 30, 320, 400), full: pictureOf('Rate calculator', 30, 1024, 1280), default_lp: 'N' },
  ],
  creatives: [
    banner(501, 300, 250),
    banner(502, 728, 90),
    { creative_id: 601, type: 'text', name: 'Text link', text: 'Get a personal loan in minutes with NovaLend' },
    { creative_id: 701, type: 'textEmail', name: 'Solo text', subject: 'Your loan offer is waiting', body: 'Hi,\nCheck your rate in two minutes.\n[link]' },
    { creative_id: 801, type: 'htmlEmail', name: 'Solo html', subject: 'Rates from 5.99% APR', body: '<p>Rates from <b>5.99% APR</b></p>' },
  ],
  search_restrictions: 'No bidding on the brand name.\nNo direct linking from search ads.',
  email_restrictions: { rules: 'Use only the approved subject and from lines.', suppression: 'Y', subject_lines: ['Your loan offer is waiting'], from_lines: ['NovaLend Offers'] },
  postback: { type: '', code: '' },
};

export const campaignDetailHandlers = {
  campaign: (campaign: Omit<Partial<CampaignDetail>, 'details'> & { details?: Partial<CampaignDetail['details']> } = {}, spy?: MockOptions) =>
    answer(getCampaign, { success: true, campaign: { ...campaignFixture, ...campaign, details: { ...campaignFixture.details, ...campaign.details } } }, spy),
  notFound: () => failure(getCampaign, CAMPAIGN_NOT_FOUND, 404),
  networkError: () => networkError(getCampaign),
  pending: () => pending(getCampaign),
  addBookmark: (spy?: MockOptions) => answer(addBookmark, { success: true }, spy),
  removeBookmark: (spy?: MockOptions) => answer(removeBookmark, { success: true }, spy),
  addBookmarkFails: () => failure(addBookmark, 'Bookmarks are not available right now. Please try again.', 500),
  suppression: (urls: string[]) => answer(getEmailSuppression, { success: true, urls: urls.map((url) => ({ url })) }),
};
