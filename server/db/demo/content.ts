import { paths } from '../../../src/shared/paths';
import { referralTermsSentence } from '../../../src/shared/programTerms';

/** Fixed texts of the demo network: managers, news, notifications, resources, help. */

export const SECURITY_QUESTIONS: Array<[number, string, 1 | 2]> = [
  [1, 'What was the name of your first pet?', 1],
  [2, 'What is the name of the street you grew up on?', 1],
  [3, 'What was the make of your first car?', 1],
  [4, 'What is your favourite book?', 1],
  [5, 'In what city did your parents meet?', 1],
  [6, 'What was the name of your first school?', 2],
  [7, 'What is your oldest cousin\u2019s first name?', 2],
  [8, 'What was your childhood nickname?', 2],
  [9, 'What was the first concert you attended?', 2],
  [10, 'What is the middle name of your oldest sibling?', 2],
];

export const MANAGERS = [
  { name: 'Rachel Kim', email: 'rachel.kim@network.example', phone: '+1 (416) 555-0141', im_handle: '@rachel_am' },
  { name: 'Marcus Bell', email: 'marcus.bell@network.example', phone: '+1 (416) 555-0178', im_handle: '@marcus_bell_am' },
  { name: 'Sofia Alvarez', email: 'sofia.alvarez@network.example', phone: '+1 (647) 555-0112', im_handle: '@sofia_alv' },
  { name: 'Daniel Okoro', email: 'daniel.okoro@network.example', phone: '+1 (647) 555-0190', im_handle: '@dan_okoro' },
  { name: 'Hannah Weiss', email: 'hannah.weiss@network.example', phone: '+1 (905) 555-0133', im_handle: '@hannah_weiss' },
  { name: 'Priya Raman', email: 'priya.raman@network.example', phone: '+1 (905) 555-0166', im_handle: '@priya_r_am' },
];

/** News items, newest first; `daysAgo` places them relative to the seed day. */
export const NEWS: Array<{ type: 'alert' | 'reminder' | 'other'; daysAgo: number; html: string }> = [
  { type: 'alert', daysAgo: 1, html: '<p><strong>Payout increase:</strong> all Solar campaigns now pay up to <strong>$95</strong> per qualified lead in the US.</p>' },
  { type: 'reminder', daysAgo: 3, html: `<p>Payments for last week go out on <strong>Wednesday</strong>. Make sure your payment details are up to date in <a href="${paths.settings}">Settings</a>.</p>` },
  { type: 'other', daysAgo: 6, html: `<p>New in the portal: build tracking links with up to five Sub IDs and see them in the <a href="${paths.reports('subid')}">Sub ID report</a>.</p>` },
  { type: 'alert', daysAgo: 9, html: '<p>Campaign #1042 is paused by the advertiser until further notice. Please pause your traffic.</p>' },
  { type: 'other', daysAgo: 13, html: `<p>MaxMoney: the <strong>Beat Your Best</strong> promo is live. Register on the <a href="${paths.maxmoney}">MaxMoney</a> page.</p>` },
  { type: 'reminder', daysAgo: 20, html: '<p>Reminder: incentive traffic is allowed only on campaigns that list it. Check the traffic icons before you promote.</p>' },
  { type: 'other', daysAgo: 27, html: '<p>Twelve new Gaming campaigns added this week, including CPI offers for Android and iOS in Tier 1 countries.</p>' },
  { type: 'alert', daysAgo: 35, html: '<p>Email traffic: please download the latest suppression lists before every send.</p>' },
  { type: 'other', daysAgo: 44, html: '<p>Meet us at the affiliate summit next month: book a meeting with your affiliate manager.</p>' },
  { type: 'reminder', daysAgo: 58, html: `<p>Secure your account with Google 2-Factor Authentication in <a href="${paths.settings}">Settings</a>.</p>` },
  { type: 'other', daysAgo: 75, html: `<p>${referralTermsSentence()} See <a href="${paths.refer}">Referral Program</a>.</p>` },
  { type: 'other', daysAgo: 96, html: '<p>Reports now show conversions with device and location details.</p>' },
];

/** Names of the dashboard demo affiliates, by their key in DEMO_ACCOUNTS. */
export const DASHBOARD_DEMO_NAMES: Record<
  'survey' | 'noPayment' | 'badMail' | 'noMobile' | 'docs' | 'telegram' | 'bonus' | 'bonusUnlocked' | 'bonusEnded' | 'newbie',
  [string, string]
> = {
  survey: ['Quinn', 'Parker'],
  noPayment: ['Morgan', 'Ellis'],
  badMail: ['Avery', 'Brooks'],
  noMobile: ['Jamie', 'Fischer'],
  docs: ['Drew', 'Harper'],
  telegram: ['Skyler', 'Grant'],
  bonus: ['Rowan', 'Patel'],
  bonusUnlocked: ['Emerson', 'Cho'],
  bonusEnded: ['Finley', 'Ward'],
  newbie: ['Noa', 'Lindqvist'],
};

/** A notification addressed to one dashboard demo affiliate (telegram@): nobody else sees it. */
export const PRIVATE_NOTIFICATION = '<p>Your affiliate manager scheduled your onboarding call for this week.</p>';

export const NOTIFICATIONS = [
  '<p><strong>Welcome to the new portal!</strong> Your dashboard now shows your earnings at a glance.</p>',
  '<p>Your payment threshold is <strong>$100</strong>. Smaller balances roll over to the next week.</p>',
];

export const RESOURCE_CATEGORIES: Array<[number, string]> = [
  [1, 'Tracking & Analytics'],
  [2, 'Traffic Sources'],
  [3, 'Creative Tools'],
  [4, 'Hosting & Domains'],
];

export const RESOURCES: Array<{ category: number; name: string; description: string; url: string; promo_code?: string; promo_description?: string }> = [
  { category: 1, name: 'ClickLens', description: 'Self-hosted click tracker with landing page rotation and bot filtering.', url: 'https://clicklens.example/', promo_code: 'AFF20', promo_description: '20% off the first three months' },
  { category: 1, name: 'FunnelMetrics', description: 'Funnel analytics and A/B testing for affiliate landers.', url: 'https://funnelmetrics.example/' },
  { category: 2, name: 'NativeReach', description: 'Native ad network with premium publisher inventory in 40 countries.', url: 'https://nativereach.example/', promo_code: 'MATCH100', promo_description: 'Deposit match up to $100' },
  { category: 2, name: 'PushPilot', description: 'Push notification traffic with smart bidding.', url: 'https://pushpilot.example/', promo_code: 'PP50', promo_description: '$50 bonus on first deposit' },
  { category: 2, name: 'SearchFeedPro', description: 'Search and contextual feeds with keyword-level reporting.', url: 'https://searchfeedpro.example/' },
  { category: 3, name: 'BannerForge', description: 'Resize and animate banners for every IAB size in one click.', url: 'https://bannerforge.example/', promo_code: 'FORGE', promo_description: 'Free month on the Pro plan' },
  { category: 3, name: 'SpyFrame', description: 'Ad intelligence: see which creatives run on which sources.', url: 'https://spyframe.example/' },
  { category: 4, name: 'FastLander Hosting', description: 'Landing page hosting on a global CDN with free TLS.', url: 'https://fastlander.example/', promo_code: 'LAND10', promo_description: '10% off yearly plans' },
  { category: 4, name: 'DomainDock', description: 'Bulk domain registration and DNS for media buyers.', url: 'https://domaindock.example/' },
];

/** GET /application/help/18: the macros of pixels and postbacks. */
export const MACRO_HELP_HTML = `<p>Use these macros in your pixel or postback; they are replaced when a lead fires.</p>
<table><thead><tr><th>Macro</th><th>Replaced with</th></tr></thead><tbody>
<tr><td>#s1# ... #s5#</td><td>Sub IDs 1 to 5 of the tracking link</td></tr>
<tr><td>#oid#</td><td>Campaign ID</td></tr>
<tr><td>#cid#</td><td>Creative ID</td></tr>
<tr><td>#lpid#</td><td>Landing page ID</td></tr>
<tr><td>#rate#</td><td>Your payout for the lead</td></tr>
<tr><td>#sale#</td><td>Sale amount (revshare campaigns)</td></tr>
<tr><td>#leadid#</td><td>Unique lead ID</td></tr>
<tr><td>#ip#</td><td>IP address of the visitor</td></tr>
<tr><td>#date#</td><td>Date and time of the lead (Eastern)</td></tr>
</tbody></table>`;
