import type { AccessRequest } from '../../src/api/contract/operator';
import { operatorEndpoints } from '../../src/api/contract/operator';
import { opsPeopleEndpoints, type AffiliateDetail, type AffiliateSummary, type Manager } from '../../src/api/contract/opsPeople';
import { publisherReviewEndpoints, type PendingPublisher } from '../../src/api/contract/register';
import { mocksOf } from './http';

/** The back office's people in stories: affiliates, managers, the approval queues and their images. */
export const peopleMocks = {
  search: mocksOf(opsPeopleEndpoints.searchAffiliates),
  detail: mocksOf(opsPeopleEndpoints.affiliateDetail),
  manager: mocksOf(opsPeopleEndpoints.changeAffiliateManager),
  suspend: mocksOf(opsPeopleEndpoints.suspendAffiliate),
  reactivate: mocksOf(opsPeopleEndpoints.reactivateAffiliate),
  setFlag: mocksOf(opsPeopleEndpoints.setAffiliateFlag),
  clearFlag: mocksOf(opsPeopleEndpoints.clearAffiliateFlag),
  cap: mocksOf(opsPeopleEndpoints.setAffiliateCap),
  managers: mocksOf(opsPeopleEndpoints.listManagers),
  createManager: mocksOf(opsPeopleEndpoints.createManager),
  editManager: mocksOf(opsPeopleEndpoints.editManager),
  deactivateManager: mocksOf(opsPeopleEndpoints.deactivateManager),
  activateManager: mocksOf(opsPeopleEndpoints.activateManager),
  link: mocksOf(opsPeopleEndpoints.linkOperatorManager),
  publishers: mocksOf(publisherReviewEndpoints.listPublishers),
  idImage: mocksOf(publisherReviewEndpoints.publisherIdImage),
  approvePublisher: mocksOf(publisherReviewEndpoints.approvePublisher),
  rejectPublisher: mocksOf(publisherReviewEndpoints.rejectPublisher),
  requests: mocksOf(operatorEndpoints.listAccessRequests),
  requestImage: mocksOf(operatorEndpoints.accessRequestImage),
  approveRequest: mocksOf(operatorEndpoints.approveAccessRequest),
  rejectRequest: mocksOf(operatorEndpoints.rejectAccessRequest),
};

/** A small picture the image endpoints answer with (an SVG card in one colour), as the server would: bytes with their type. */
export function imageResponse(colour = '#3b6fd4', text = 'ID') {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="150" viewBox="0 0 240 150"><rect width="240" height="150" rx="12" fill="${colour}"/><rect x="16" y="16" width="60" height="76" rx="6" fill="#fff" opacity="0.8"/><rect x="92" y="24" width="120" height="12" fill="#fff"/><rect x="92" y="48" width="90" height="10" fill="#fff" opacity="0.8"/><text x="16" y="130" font-family="sans-serif" font-size="18" fill="#fff">${text}</text></svg>`;
  return new Response(svg, { headers: { 'content-type': 'image/svg+xml' } });
}

export const sampleManagers: Manager[] = [
  {
    manager_id: 1, name: 'Jane Doe', email: 'jane@network.example', phone: '+1 415 555 0134', im_handle: '@jane_doe', is_active: true,
    created_at: '2025-02-01T09:00:00.000Z', affiliates: 42, operators: [{ operator_id: 2, email: 'grace@network.example' }],
  },
  { manager_id: 2, name: 'Sam Lee', email: 'sam@network.example', phone: '', im_handle: '', is_active: true, created_at: '2025-06-10T09:00:00.000Z', affiliates: 7, operators: [] },
  { manager_id: 3, name: 'Old Timer', email: 'old@network.example', phone: '+44 20 7946 0000', im_handle: '@old_timer', is_active: false, created_at: '2024-01-15T09:00:00.000Z', affiliates: 3, operators: [] },
];

const jane = { manager_id: 1, name: 'Jane Doe' };

export const sampleAffiliates: AffiliateSummary[] = [
  { affiliate_id: 1042, name: 'Ana Lima', email: 'ana@example.com', company: 'Lima Media', status: 'active', registered_at: '2026-11-02T10:00:00.000Z', last_login_at: '2026-11-22T08:00:00.000Z', manager: jane, flags: [175] },
  { affiliate_id: 1041, name: 'Bo Chen', email: 'bo@example.com', company: '', status: 'suspended', registered_at: '2026-10-20T10:00:00.000Z', last_login_at: null, manager: jane, flags: [] },
  { affiliate_id: 1040, name: 'Cleo Park', email: 'cleo@example.com', company: 'Park Ads', status: 'pending', registered_at: '2026-10-11T10:00:00.000Z', last_login_at: null, manager: { manager_id: 2, name: 'Sam Lee' }, flags: [121] },
];

export const sampleDetail: AffiliateDetail = {
  affiliate_id: 1042,
  status: 'active',
  suspension: null,
  profile: {
    first_name: 'Ana', last_name: 'Lima', company: 'Lima Media', email: 'ana@example.com', email_verified: true, mobile: '+55 11 91234 5678', phone: '', im_handle: '@ana_lima',
    time_zone: 'America/Sao_Paulo', contact_time: 2,
    address: { address_1: 'Rua Augusta 100', address_2: '', city: 'São Paulo', state: 'SP', country: 'BR', zipcode: '01304-000' },
    website: 'https://lima.example', promotion: 'Search and e-mail', two_factor: true, registered_at: '2026-11-02T10:00:00.000Z', last_login_at: '2026-11-22T08:00:00.000Z',
  },
  manager: jane,
  flags: [{ flag: 175, label: 'Search-safe: the link builder offers the search-safe checkbox.', set_at: '2026-11-03T12:00:00.000Z' }],
  cap_overrides: [{ campaign_id: 501, campaign_name: 'Summer Sweepstakes', access_status: 'Approved', daily_cap: 40, campaign_daily_cap: 100 }],
  payment: { platform: 'Payoneer', method: 'Bank transfer', payee: 'Ana Lima', change_pending: false, changed_at: '2026-11-05T09:00:00.000Z' },
  balance: 1234.5,
};

export const suspendedDetail: AffiliateDetail = {
  ...sampleDetail,
  status: 'suspended',
  suspension: { at: '2026-11-21T14:00:00.000Z', reason: 'Incentivised traffic on a no-incent offer.', by: { operator_id: 1, email: 'ada@network.example' } },
};

export const samplePublishers: PendingPublisher[] = [
  {
    affiliate_id: 2001, status: 'pending', registered_at: '2026-11-20T09:15:00.000Z', email: 'new.pub@example.com', email_verified: true, first_name: 'Noor', last_name: 'Haddad',
    company: 'Haddad Digital', mobile: '+971 50 123 4567', phone: '', time_zone: 'Asia/Dubai', contact_time: 1, im_handle: '@noor_h',
    address: { address_1: '12 Marina Walk', address_2: '', city: 'Dubai', state: '', non_state: 'Dubai', country: 'AE', zipcode: '00000' },
    hear_about_source: 'google', hear_about: '', experience_level: 2, experience_description: 'Two years of sweepstakes traffic.', promotion: 'Social ads',
    desired_offer: 'Sweepstakes', website: 'https://haddad.example', manager: jane,
    application: { token: 'abc', existing_account: 'no', other_affiliate_id: '', other_email: '', referrer: 1042, mktg: null, blg: null, http_referrer: 'https://search.example/' },
    id_images: { front: '/api/operator/publishers/2001/idImage/front', back: '/api/operator/publishers/2001/idImage/back' },
  },
  {
    affiliate_id: 2002, status: 'pending', registered_at: '2026-11-21T16:40:00.000Z', email: 'kai@example.com', email_verified: false, first_name: 'Kai', last_name: 'Berg',
    company: '', mobile: '+46 70 123 45 67', phone: '', time_zone: 'Europe/Stockholm', contact_time: 3, im_handle: '',
    address: { address_1: 'Storgatan 1', address_2: '', city: 'Stockholm', state: '', non_state: '', country: 'SE', zipcode: '111 22' },
    hear_about_source: 'other', hear_about: 'A friend', experience_level: 0, experience_description: '', promotion: 'A blog', desired_offer: '', website: '',
    manager: null,
    application: { token: 'def', existing_account: 'yes', other_affiliate_id: '877', other_email: 'kai.old@example.com', referrer: null, mktg: null, blg: null, http_referrer: '' },
    id_images: { front: '/api/operator/publishers/2002/idImage/front', back: null },
  },
];

export const sampleRequests: AccessRequest[] = [
  {
    id: 41, status: 'Pending', created_at: '2026-11-21T11:00:00.000Z', decided_at: null,
    affiliate: { affiliate_id: 1042, name: 'Ana Lima', email: 'ana@example.com' }, campaign: { campaign_id: 777, name: 'Premium Finance Leads' },
    estimated_leads: '250', traffic_type: 'Email', description: 'My own opt-in list of 40,000 subscribers.',
    custom_answers: [{ question: 'Which countries do you send?', answer: 'US and CA' }], creative: 'M', sources: ['Newsletter', 'Landing page'],
    creative_file: '/api/operator/accessRequests/41/image', reject_reason: '',
  },
  {
    id: 42, status: 'Pending', created_at: '2026-11-22T09:30:00.000Z', decided_at: null,
    affiliate: { affiliate_id: 1040, name: 'Cleo Park', email: 'cleo@example.com' }, campaign: { campaign_id: 778, name: 'Crypto Wallet Install' },
    estimated_leads: '40', traffic_type: 'Social', description: 'Short videos.', custom_answers: [], creative: 'E', sources: [], creative_file: null, reject_reason: '',
  },
];
