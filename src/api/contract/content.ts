import { z } from 'zod';
import { RateType } from './campaign';
import { SafeText } from './common';
import { endpoint } from './endpoint';
import { successEnvelope } from './envelope';

/**
 * Shell content (spec 000 sections 2, 3, 4, 7; spec 002 section 7).
 *
 *   GET  /news                          -> NewsResponse                 (token)
 *   GET  /affiliate/notifications       -> NotificationsResponse        (token)
 *   POST /affiliate/notifications       DismissNotificationRequest      -> DismissNotificationResponse (token)
 *        { news_id: 12 } dismisses one; { news_id: 'all' } is Clear All
 *   GET  /campaignSlider                -> SliderResponse               (token; pinned first)
 *   POST /announcements/dismiss/telegram -> AnnouncementDismissResponse  (token; sets flag 183)
 *   GET  /usage/event?source&platform&page&userID[&element_type&reference_type&reference_id&reference_name]
 *                                       -> UsageEventResponse           (token; path ours, see USAGE_EVENT_PATH)
 */

/** News item (spec 000 section 3). `news` is HTML written by the network. */
export const NewsItem = z.object({
  /** A stable list key: equal to `id`. */
  key_id: z.number().int(),
  id: z.number().int(),
  type: z.enum(['alert', 'reminder', 'other']),
  /** YYYY-MM-DD; the dropdown shows YYYY/MM/DD. */
  news_date: z.string(),
  news: z.string(),
});
export type NewsItem = z.infer<typeof NewsItem>;

/** The newest news first, at most NEWS_LIMIT items. */
export const NewsResponse = successEnvelope({ news_updates: z.array(NewsItem) });
export type NewsResponse = z.infer<typeof NewsResponse>;
export const NEWS_LIMIT = 20;

/** Notification pop-up (spec 000 section 3): `news` is HTML. */
export const Notification = z.object({ news_id: z.number().int(), news: z.string() });
export type Notification = z.infer<typeof Notification>;

/** The affiliate's undismissed notifications, newest first. */
export const NotificationsResponse = successEnvelope({ notifications: z.array(Notification) });
export type NotificationsResponse = z.infer<typeof NotificationsResponse>;

/** POST /affiliate/notifications: one notification by id (number or digits), or 'all' (Clear All). */
export const DismissNotificationRequest = z.object({
  news_id: z.union(
    [
      z.literal('all'),
      z.number().int().min(1).max(2_147_483_647),
      z
        .string()
        .regex(/^\d{1,10}$/)
        .transform(Number)
        .pipe(z.number().int().min(1).max(2_147_483_647)),
    ],
    { error: "must be a notification id or 'all'" },
  ),
});
export type DismissNotificationRequestInput = z.input<typeof DismissNotificationRequest>;

export const DismissNotificationResponse = successEnvelope({
  /** How many notifications this call dismissed (0 when already dismissed). */
  dismissed: z.number().int(),
});
export type DismissNotificationResponse = z.infer<typeof DismissNotificationResponse>;

/** Slider item (spec 000 section 3). Images are URLs. */
export const SliderItem = z.object({
  campaign_id: z.number().int(),
  image: z.string(),
  thumbnail: z.string(),
  description: z.string(),
  rate: z.number(),
  rate_type: RateType,
  /** Label of the slide's button. */
  button: z.string(),
  /** Where the button goes: a path inside the portal (by default /campaign/{campaign_id}). */
  url: z.string(),
  campaign_name: z.string(),
  pinned: z.enum(['Y', 'N']),
});
export type SliderItem = z.infer<typeof SliderItem>;

/** Pinned slides first, then in the network's order. */
export const SliderResponse = successEnvelope({ sliders: z.array(SliderItem) });
export type SliderResponse = z.infer<typeof SliderResponse>;

/**
 * Answer of the modal dismissal calls (POST /announcements/dismiss/*, POST /tipaltiMissingDocs):
 * the spec shows none; we answer the affiliate's flags after the change so the portal can update
 * its copy of GET /affiliate without another call.
 */
export const AnnouncementDismissResponse = successEnvelope({ affiliate_flags: z.array(z.number().int()) });
export type AnnouncementDismissResponse = z.infer<typeof AnnouncementDismissResponse>;

/**
 * Usage tracking (spec 000 section 7): a GET fired when a menu link is clicked. The spec sends it to
 * a separate tracking host whose path is not shown; ours is USAGE_EVENT_PATH on the API base by
 * default (the portal may point it at another host, see docs/dashboard.md).
 */
export const USAGE_EVENT_PATH = '/usage/event';

const UsageText = (max: number) => SafeText().trim().min(1, 'is required').max(max, 'is too long');
const UsageOptional = (max: number) => SafeText().trim().max(max, 'is too long').optional();

export const UsageEventQuery = z.object({
  /** What sent it, e.g. 'portal'. */
  source: UsageText(50),
  /** 'desktop' or 'mobile' (free text up to 20 characters). */
  platform: UsageText(20),
  /** The route path the click happened on. */
  page: UsageText(500),
  /** The affiliate id; must be the signed-in affiliate's. */
  userID: z
    .string()
    .regex(/^\d{1,10}$/, 'must be an affiliate id')
    .transform(Number)
    .pipe(z.number().int().min(1, 'must be an affiliate id').max(2_147_483_647, 'must be an affiliate id')),
  element_type: UsageOptional(50),
  reference_type: UsageOptional(50),
  reference_id: UsageOptional(100),
  reference_name: UsageOptional(200),
});
export type UsageEventQueryInput = z.input<typeof UsageEventQuery>;

export const UsageEventResponse = successEnvelope({});
export type UsageEventResponse = z.infer<typeof UsageEventResponse>;

const tags = ['content'];

export const contentEndpoints = {
  getNews: endpoint({
    method: 'GET',
    path: '/news',
    access: 'session',
    tags,
    summary: 'News of the bell dropdown, newest first (spec 000 sections 3, 4, 7)',
    response: NewsResponse,
  }),
  getNotifications: endpoint({
    method: 'GET',
    path: '/affiliate/notifications',
    access: 'session',
    tags,
    summary: "The affiliate's notification pop-ups not yet dismissed (spec 000 sections 3, 4, 7)",
    response: NotificationsResponse,
  }),
  dismissNotification: endpoint({
    method: 'POST',
    path: '/affiliate/notifications',
    access: 'session',
    tags,
    summary: "Dismiss one notification (news_id) or all of them (news_id 'all', Clear All)",
    body: DismissNotificationRequest,
    response: DismissNotificationResponse,
    errors: [404],
  }),
  getCampaignSlider: endpoint({
    method: 'GET',
    path: '/campaignSlider',
    access: 'session',
    tags,
    summary: 'Slides of the dashboard slider, pinned first (spec 000 sections 2, 3, 7)',
    response: SliderResponse,
  }),
  trackUsage: endpoint({
    method: 'GET',
    path: USAGE_EVENT_PATH,
    access: 'session',
    tags,
    summary: 'Usage tracking: a menu link was clicked (spec 000 section 7; path ours)',
    query: UsageEventQuery,
    response: UsageEventResponse,
    errors: [403],
  }),
};
