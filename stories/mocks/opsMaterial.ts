import type { Manager } from '../../src/api/contract/opsPeople';
import { opsPeopleEndpoints } from '../../src/api/contract/opsPeople';
import { imageEndpoints } from '../../src/api/contract/images';
import { opsMaterialEndpoints, type OpsCreative, type OpsLandingPage } from '../../src/api/contract/opsMaterial';
import { opsOffersEndpoints } from '../../src/api/contract/opsOffers';
import type { z } from 'zod';
import type { OfferCampaignListItem } from '../../src/api/contract/opsOffers';
import { mock, mocksOf } from './http';
import { pictureOf } from './shell';

/** The console's campaign material in stories: a campaign's landing pages and creatives, the picker's campaigns, the managers. */
const ep = opsMaterialEndpoints;
export const materialMocks = {
  campaigns: mocksOf(opsOffersEndpoints.listOfferCampaigns),
  managers: mocksOf(opsPeopleEndpoints.listManagers),
  landingPages: mocksOf(ep.listLandingPages),
  addLandingPage: mocksOf(ep.addLandingPage),
  editLandingPage: mocksOf(ep.editLandingPage),
  deleteLandingPage: mocksOf(ep.deleteLandingPage),
  screenshot: mocksOf(ep.uploadLandingPageScreenshot),
  removeScreenshot: mocksOf(ep.removeLandingPageScreenshot),
  creatives: mocksOf(ep.listCreatives),
  addBanner: mocksOf(ep.addBanner),
  replaceImage: mocksOf(ep.replaceBannerImage),
  addTextLink: mocksOf(ep.addTextLink),
  addEmail: mocksOf(ep.addEmail),
  editCreative: mocksOf(ep.editCreative),
  deleteCreative: mocksOf(ep.deleteCreative),
  managerPhoto: mocksOf(ep.uploadManagerPhoto),
  managerQr: mocksOf(ep.uploadManagerQr),
};

/** A 1×1 PNG, whole: the upload field accepts it by its bytes, as the server would. */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
export const pngFile = (name = 'banner.png') => new File([Uint8Array.from(atob(PNG_1X1), (c) => c.charCodeAt(0))], name, { type: 'image/png' });

export const CAMPAIGN = { campaign_id: 1205, name: 'NovaLend Personal Loans', advertiser_id: 7 };

export const sampleLandingPages: OpsLandingPage[] = [
  {
    landing_page_id: 31,
    campaign_id: 1205,
    name: 'Main offer page',
    url: 'https://novalend.example/apply?click={click_id}&s1={sub1}',
    is_default: true,
    screenshot: pictureOf('Main offer', 200, 240, 180),
    image: pictureOf('Main offer', 200, 240, 180),
  },
  {
    landing_page_id: 32,
    campaign_id: 1205,
    name: 'Quiz funnel',
    url: 'https://novalend.example/quiz?click={click_id}',
    is_default: false,
    screenshot: null,
    image: pictureOf('Quiz funnel', 30, 240, 180),
  },
];

export const sampleCreatives: OpsCreative[] = [
  { creative_id: 51, campaign_id: 1205, name: 'Spring rectangle', type: 'banner', width: 300, height: 250, image: pictureOf('Spring rectangle', 140, 300, 250), uploaded: true },
  { creative_id: 52, campaign_id: 1205, name: 'Leaderboard', type: 'banner', width: 728, height: 90, image: pictureOf('Leader board', 260, 728, 90), uploaded: false },
  { creative_id: 53, campaign_id: 1205, name: 'Rate headline', type: 'text', text: 'Personal loans from 5.9% APR: check your rate in 2 minutes' },
  {
    creative_id: 54,
    campaign_id: 1205,
    name: 'Welcome mail',
    type: 'htmlEmail',
    subject: 'Your rate is waiting',
    text: 'Check your rate: [TRACKING_LINK]',
    html: '<p>Check <strong>your rate</strong>: <a href="[TRACKING_LINK]">apply</a></p>',
  },
  { creative_id: 55, campaign_id: 1205, name: 'Reminder', type: 'textEmail', subject: 'Still thinking it over?', text: 'Your offer stays open: [TRACKING_LINK]', html: '' },
];

type Campaign = z.infer<typeof OfferCampaignListItem>;
const campaign = (campaign_id: number, name: string, advertiser: string, state: Campaign['state']): Campaign => ({
  campaign_id,
  name,
  advertiser: { advertiser_id: campaign_id % 10, name: advertiser },
  category: 'Finance',
  subcategory: 'Personal Loans',
  state,
  by_request: false,
  payout_text: '$12.50 per lead',
  revenue_text: '$15.00 per lead',
  daily_cap: null,
  expiry_date: null,
  updated_at: '2026-11-20T10:00:00.000Z',
});
export const sampleCampaigns: Campaign[] = [
  campaign(1205, 'NovaLend Personal Loans', 'NovaLend', 'active'),
  campaign(1187, 'SunCell Solar Quotes', 'SunCell', 'paused'),
  campaign(1102, 'Winter Travel Deals', 'Polar Trips', 'expired'),
];

export const sampleManagers: Manager[] = [
  { manager_id: 3, name: 'Avery Manager', email: 'avery@example.com', phone: '+1 416 555 0199', im_handle: '@avery_am', is_active: true, created_at: '2025-02-01T09:00:00.000Z', affiliates: 41, operators: [] },
  { manager_id: 4, name: 'Jordan Lee', email: 'jordan@example.com', phone: '', im_handle: '', is_active: false, created_at: '2025-06-01T09:00:00.000Z', affiliates: 0, operators: [] },
];

const svgResponse = (body: string) => new Response(body, { headers: { 'content-type': 'image/svg+xml' } });
const drawn = (label: string, hue: number) => decodeURIComponent(pictureOf(label, hue, 160, 160).replace('data:image/svg+xml,', ''));

/** The material's lists as the server answers them, and the drawn manager pictures. */
export const materialDefaults = () => [
  materialMocks.campaigns.answer({ success: true, campaigns: sampleCampaigns, page: 1, limit: 20, total: sampleCampaigns.length }),
  materialMocks.landingPages.answer({ success: true, campaign: CAMPAIGN, landing_pages: sampleLandingPages }),
  materialMocks.creatives.answer({ success: true, campaign: CAMPAIGN, creatives: sampleCreatives }),
  materialMocks.managers.answer({ success: true, managers: sampleManagers }),
  mock(imageEndpoints.managerPhoto, () => svgResponse(drawn('Avery Manager', 300))),
  mock(imageEndpoints.managerQr, () => svgResponse(drawn('Q R', 0))),
];
