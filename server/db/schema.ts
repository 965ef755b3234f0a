import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * Kysely table types for migrations/0001_initial.ts. Both engines are configured (db/database.ts)
 * to read numeric and int8 as JS numbers and `date` as a 'YYYY-MM-DD' string.
 */
type Default<T> = ColumnType<T, T | undefined, T>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Money = ColumnType<number, number | string | undefined, number | string>;
type Day = ColumnType<string, string, string>;
type Id = Generated<number>;

export interface CountriesTable { code: string; name: string }
export interface SecurityQuestionsTable { id: number; question: string; question_group: number }
export interface ManagersTable {
  id: Id; name: string; email: string; phone: Default<string>; im_handle: Default<string>;
  photo_style: Default<number>; is_active: Default<boolean>; created_at: Timestamp;
}

export interface AffiliatesTable {
  id: Id;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  company: Default<string>;
  phone: Default<string>;
  mobile_phone: Default<string>;
  time_zone: Default<string>;
  contact_time: Default<number>;
  im_handle: Default<string>;
  address1: Default<string>;
  address2: Default<string>;
  city: Default<string>;
  state: Default<string>;
  non_state: Default<string>;
  country_code: Default<string | null>;
  zipcode: Default<string>;
  promotion: Default<string>;
  website: Default<string>;
  incentive: Default<boolean>;
  hear_about_source: Default<string>;
  hear_about: Default<string>;
  experience_level: Default<number | null>;
  experience_description: Default<string>;
  desired_offer: Default<string>;
  general_mailings: Default<boolean>;
  campaign_notices: Default<boolean>;
  security_q1: Default<number | null>;
  security_a1_hash: Default<string | null>;
  security_q2: Default<number | null>;
  security_a2_hash: Default<string | null>;
  otp_secret: Default<string | null>;
  otp_enabled: Default<boolean>;
  /** The last TOTP time step accepted (migration 0002): a code at or before it is a replay. */
  otp_last_step: Default<number | null>;
  otp_prompt_date: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  country_verified: Default<boolean>;
  /** The spec's mb-p (two-factor policy indicator, spec 002 section 4). */
  login_p: Default<number>;
  /** The spec's mb-o (123 is special: never forced to set up two-factor). */
  login_o: Default<number>;
  status: Default<'pending' | 'active' | 'inactive' | 'rejected' | 'terminated'>;
  email_verified_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  manager_id: Default<number | null>;
  referrer_id: Default<number | null>;
  payment_platform: Default<'' | 'Payoneer' | 'Tipalti'>;
  payment_method: Default<string>;
  payee: Default<string>;
  tmp_payoneer: Default<number>;
  maxmoney_balance: Money;
  max_by_request: Default<number>;
  registration_date: Timestamp;
  last_login_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AffiliateFlagsTable { affiliate_id: number; flag: number; created_at: Timestamp }
export interface AffiliateDocumentsTable {
  id: Id; affiliate_id: number | null; application_token: string | null; side: 'front' | 'back' | 'payment';
  file_path: Default<string>; mime_type: string; size_bytes: number; created_at: Timestamp;
  /** Migration 0016: the image itself for registration's ID images (kept in the database, docs/registration.md). */
  content: Default<Buffer | null>;
}
export interface AffiliateTargetCountriesTable { affiliate_id: number; country_code: string }
export interface AffiliateTargetVerticalsTable { affiliate_id: number; subcategory_id: number }
export interface ApplicationsTable {
  token: string; email: Default<string>; stage: Default<string>;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  affiliate_id: Default<number | null>; created_at: Timestamp; updated_at: Timestamp;
}
export interface MarketingCampaignsTable { id: Id; header: string; image: Default<string>; content: Default<string> }

export type SessionStage = 'active' | 'otp' | 'verify' | 'otp_setup';
export interface SessionsTable {
  id: Id; affiliate_id: number; token_hash: string; stage: SessionStage; ip: Default<string>;
  user_agent: Default<string>; created_at: Timestamp; last_seen_at: Timestamp; expires_at: Date | string;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Migration 0012: saves of the profile are accepted until then (after a settings code check). */
  settings_verified_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
export interface VerificationCodesTable {
  id: Id; affiliate_id: number | null;
  purpose: 'login' | 'settings' | 'reset_password' | 'email_verification';
  method: Default<string>; code_hash: string; token_hash: Default<string | null>; attempts: Default<number>;
  created_at: Timestamp; expires_at: Date | string;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
/** Sign-in attempts (migration 0006: also wrong authenticator and e-mail/SMS codes, by kind). */
export interface LoginAttemptsTable {
  id: Generated<number>; account_key: string; ip: string; succeeded: boolean; created_at: Timestamp;
  kind: Default<'password' | 'otp' | 'code'>;
}
/** The API's request limits (@fastify/rate-limit store, server/plugins/rateLimitStore.ts). */
export interface RateLimitHitsTable { key: string; hits: number; expires_at: ColumnType<string, number, number> }
export interface PageViewsTable {
  id: Generated<number>; affiliate_id: number; screen_name: string; query_string: Default<string>; created_at: Timestamp;
}
export interface OutboxMessagesTable {
  id: Id; channel: 'email' | 'sms'; recipient: string; subject: Default<string>; body: string;
  created_at: Timestamp; sent_at: Date | null; error: string | null;
}

export interface CategoriesTable { id: number; name: string; sort: Default<number> }
export interface SubcategoriesTable { id: number; category_id: number; name: string }
export interface AdvertisersTable { id: Id; name: string; postback_secret: Default<string> }

export type TrafficType =
  | 'email' | 'contextual' | 'display' | 'search' | 'incentive' | 'social' | 'native' | 'mobile' | 'brand_bid';

export interface CampaignsTable {
  id: Id;
  advertiser_id: number;
  subcategory_id: number;
  name: string;
  description: Default<string>;
  status: Default<'active' | 'paused' | 'expired'>;
  by_request: Default<boolean>;
  highlight: Default<boolean>;
  epc: Money;
  expiry_date: ColumnType<string | null, string | null | undefined, string | null>;
  /** S/M server-to-server, L pixel, I iFrame, A API, G global, H host and post (spec 000 section 9). */
  tracking_type: Default<string>;
  supports_multiple_postback: Default<boolean>;
  geo_filtering: Default<boolean>;
  os_filtering: Default<boolean>;
  desktop_traffic: Default<boolean>;
  mobile_traffic: Default<boolean>;
  daily_cap: Default<number | null>;
  preview_url: Default<string>;
  search_restrictions: Default<string>;
  email_rules: Default<string>;
  email_suppression: Default<boolean>;
  email_subject_lines: Default<string>;
  email_from_lines: Default<string>;
  approval_preface: Default<string>;
  approval_question1: Default<string>;
  approval_question2: Default<string>;
  approval_question3: Default<string>;
  thumbnail_style: Default<number>;
  popularity: Default<number>;
  is_gaming: Default<boolean>;
  /** review: the operator decides each request; auto: approved at once (migration 0010). */
  approval_mode: Default<'auto' | 'review'>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface CampaignRatesTable {
  id: Id; campaign_id: number; description: string; rate_type: 'F' | 'P'; rate: Money;
  status: Default<'Active' | 'Inactive'>; is_default: Default<boolean>;
}
export interface CampaignTrafficTypesTable { campaign_id: number; traffic_type: TrafficType }
export interface CampaignCountriesTable { campaign_id: number; country_code: string }
export interface CampaignOsTable { campaign_id: number; os: string }
export interface LandingPagesTable {
  id: Id; campaign_id: number; name: string; url: string; is_default: Default<boolean>;
  thumbnail_style: Default<number>; status: Default<'active' | 'inactive'>;
}
export type CreativeType = 'banner' | 'text' | 'textEmail' | 'htmlEmail';
export interface CreativesTable {
  id: Id; campaign_id: number; type: CreativeType; name: string; width: Default<number | null>;
  height: Default<number | null>; body: Default<string>; subject: Default<string>; status: Default<'active' | 'inactive'>;
}
export interface EmailSuppressionUrlsTable { id: Id; campaign_id: number; url: string }
export interface BookmarksTable { affiliate_id: number; campaign_id: number; created_at: Timestamp }
export interface CampaignViewsTable { affiliate_id: number; campaign_id: number; viewed_at: Timestamp }
export type AccessStatus = 'Approved' | 'Pending' | 'Rejected' | 'Request approval to run';
export interface CampaignAccessTable {
  affiliate_id: number; campaign_id: number; status: AccessStatus; daily_cap: Default<number | null>;
  is_manager_pick: Default<boolean>; updated_at: Timestamp;
}
export interface AccessRequestsTable {
  id: Id; affiliate_id: number; campaign_id: number; status: Default<'Pending' | 'Approved' | 'Rejected'>;
  estimated_leads: string; traffic_type: string; description: string; custom1: Default<string>;
  custom2: Default<string>; custom3: Default<string>; creative: 'E' | 'M'; source1: Default<string>;
  source2: Default<string>; source3: Default<string>; creative_file: Default<string | null>;
  created_at: Timestamp; decided_at: Default<Date | null>; reject_reason: Default<string>; decided_by: Default<number | null>;
}
export interface OperatorsTable { id: Id; email: string; password_hash: string; created_at: Timestamp; disabled_at: Default<Date | null> }
export interface OperatorSessionsTable {
  id: Id; operator_id: number; token_hash: string; created_at: Timestamp; expires_at: ColumnType<Date, Date | string, Date | string>;
  revoked_at: Default<Date | null>;
}
export interface PostbacksTable {
  id: Id; affiliate_id: number; campaign_id: number | null; type: '' | 'L' | 'I' | 'S'; code: Default<string>;
  updated_at: Timestamp;
}

export interface NewsTable { id: Id; type: 'alert' | 'reminder' | 'other'; news_date: Day; body_html: string }
export interface NotificationsTable {
  id: Id; body_html: string; affiliate_id: Default<number | null>; created_at: Timestamp;
  expires_at: Default<Date | null>;
}
export interface NotificationDismissalsTable { notification_id: number; affiliate_id: number; dismissed_at: Timestamp }
export interface SliderItemsTable {
  id: Id; campaign_id: number | null; description: string; button: Default<string>; url: Default<string>;
  pinned: Default<boolean>; sort: Default<number>; active: Default<boolean>;
}
export interface ResourceCategoriesTable { id: number; name: string }
export interface ResourcesTable {
  id: Id; category_id: number; name: string; description: string; url: string; promo_code: Default<string>;
  promo_description: Default<string>; image_style: Default<number>;
}
export interface HelpTextsTable { id: number; body_html: string }

export type PromoType = 'NEVER_RUN' | 'OFFER_SPECIFIC' | 'BEAT_YOUR_BEST';
export interface MaxmoneyPromosTable {
  id: Id; type: PromoType; name: string; start_date: Day; end_date: Day; reward: Money;
  top_earnings_threshold: Money; best_period: Default<string>;
}
export interface MaxmoneyPromoCampaignsTable { promo_id: number; campaign_id: number }
export interface MaxmoneyBybTiersTable { promo_id: number; reward_threshold: Money; reward_pct: Money }
export interface MaxmoneyRegistrationsTable {
  promo_id: number; affiliate_id: number; registered_at: Timestamp;
  /** 0017: set by the crediting job with the earnings and points credited (docs/rewards.md). */
  credited_at: Default<Date | null>; credited_earnings: Default<number | null>; credited_points: Default<number | null>;
}
export interface MaxmoneyTransactionsTable {
  id: Id; affiliate_id: number; entry_date: Timestamp;
  entry_type: 'Earned' | 'Promo' | 'Redeem' | 'Redeemed' | 'Adjustment'; amount: Money; notes: Default<string>;
  promo_id: Default<number | null>;
  /** 0017: the account-balance line a settled redemption was paid by. */
  balance_line_id: Default<number | null>;
}
export interface AccountBalanceLinesTable {
  id: Id; affiliate_id: number; line_date: Day;
  type: 'Earnings' | 'Payment' | 'Referral' | 'Bonus' | 'Adjustment' | 'Reversal' | 'MaxMoney';
  amount: Money; notes: Default<string>;
}
export interface ReferralsTable {
  referrer_id: number; referred_id: number; referred_at: Timestamp; approved_at: Default<Date | string | null>;
}
export interface ReferralCommissionsTable { id: Id; referrer_id: number; referred_id: number; period_date: Day; amount: Money }
/** 0018: the referral credits put on the account-balance ledger, each once (docs/referrals.md). */
export interface ReferralCreditsTable {
  affiliate_id: number; kind: 'income' | 'referral_bonus' | 'first_payment_bonus'; period_date: Day;
  line_id: Default<number | null>; created_at: Timestamp;
}

export interface TrackingLinksTable {
  id: Id; code: string; affiliate_id: number; campaign_id: number; traffic_type: string;
  creative_id: Default<number | null>; landing_page_id: Default<number | null>; sub1: Default<string>;
  sub2: Default<string>; sub3: Default<string>; sub4: Default<string>; sub5: Default<string>;
  safesearch: Default<boolean>; created_at: Timestamp;
  /** 0003: link builder creative type (R, S, C built-in; B, T, E, H picked creatives). */
  creative_type: Default<string>;
}
export interface ClicksTable {
  id: Generated<number>; click_key: string; affiliate_id: number; campaign_id: number;
  tracking_link_id: Default<number | null>; creative_id: Default<number>; landing_page_id: Default<number>;
  sub1: Default<string>; sub2: Default<string>; sub3: Default<string>; sub4: Default<string>; sub5: Default<string>;
  ip: Default<string>; country_code: Default<string>; region: Default<string>; city: Default<string>;
  device: Default<string>; os: Default<string>; browser: Default<string>; referrer: Default<string>;
  clicked_at: Timestamp;
  /** 0003 */
  traffic_type: Default<string>; user_agent: Default<string>;
}
export interface ConversionsTable {
  id: Generated<number>; click_id: Default<number | null>; affiliate_id: number; campaign_id: number;
  rate_id: Default<number | null>; creative_id: Default<number>; landing_page_id: Default<number>;
  sub1: Default<string>; sub2: Default<string>; sub3: Default<string>; sub4: Default<string>; sub5: Default<string>;
  status: 'approved' | 'pending' | 'rejected' | 'reversed'; rate_type: 'F' | 'P'; sale_amount: Money; payout: Money;
  advertiser_ref: Default<string>; ip: Default<string>; country_code: Default<string>; region: Default<string>;
  city: Default<string>; device: Default<string>; os: Default<string>; system: Default<string>;
  converted_at: Timestamp;
  /** 0003: 'postback', 'pixel' or 'demo'. advertiser_ref is the advertiser's transaction id. */
  intake: Default<string>;
}
/** 0003: the outbox of affiliate postbacks (one row per conversion and postback to fire). */
export interface PostbackDeliveriesTable {
  id: Generated<number>; conversion_id: number | null; affiliate_id: number; postback_id: number | null; type: string;
  url: string; status: Default<'pending' | 'delivered' | 'failed'>; attempts: Default<number>;
  next_attempt_at: Timestamp; last_error: Default<string>; created_at: Timestamp; delivered_at: Default<Date | string | null>;
  /** 0009: a test postback (no conversion; tried once); its campaign, null for the global postback. */
  is_test: Default<boolean>; campaign_id: Default<number | null>;
}
/** 0003: every delivery attempt (time, status code, latency, error), for a delivery log. */
export interface PostbackAttemptsTable {
  id: Generated<number>; delivery_id: number; attempted_at: Timestamp; status_code: number | null;
  latency_ms: Default<number>; error: Default<string>;
}
export interface ReversalsTable {
  id: Generated<number>; conversion_id: number; affiliate_id: number; reversed_at: Timestamp;
  reason: Default<string>; amount: Money;
}
export interface StatsDailyTable {
  day: Day; affiliate_id: number; campaign_id: number; creative_id: Default<number>; landing_page_id: Default<number>;
  sub1: Default<string>; clicks: Default<number>; leads: Default<number>; sales: Money; earnings: Money;
  /** 0019: the batch slot that wrote the row (tracking/rollupShards.ts); a key's rows are summed. */
  shard: Default<number>;
}
/** 0011: the same sums per quarter of an hour (UTC), for reports cut in the affiliate's own zone. */
export interface StatsQuarterTable {
  bucket: Timestamp; affiliate_id: number; campaign_id: number; creative_id: Default<number>; landing_page_id: Default<number>;
  sub1: Default<string>; clicks: Default<number>; leads: Default<number>; sales: Money; earnings: Money;
  /** 0019: as stats_daily's. */
  shard: Default<number>;
}
export interface AppMetaTable { key: string; value: string; updated_at: Timestamp }
/** 0004: usage-tracking events of the portal's menu links (spec 000 section 7). */
export interface UsageEventsTable {
  id: Generated<number>; affiliate_id: number; source: string; platform: string; page: string;
  element_type: Default<string>; reference_type: Default<string>; reference_id: Default<string>;
  reference_name: Default<string>; created_at: Timestamp;
}
/** 0004: last dismissal of a dashboard notice per affiliate (snoozes and records of the calls). */
/** Migration 0013: one row per pay-change started from the Payment Settings modal (docs/settings.md). */
export interface PaychangeRequestsTable {
  id: string; affiliate_id: number; platform: 'Payoneer' | 'Tipalti'; kind: 'sandbox' | 'live';
  created_at: Timestamp; expires_at: Timestamp;
  completed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  method: ColumnType<string | null, string | null | undefined, string | null>;
  payee_name: ColumnType<string | null, string | null | undefined, string | null>;
  country: ColumnType<string | null, string | null | undefined, string | null>;
}
/** Migration 0015 (docs/recovery.md): reset links e-mailed (token hashed) and captchas already used. */
export interface PasswordResetsTable {
  id: Id; affiliate_id: number; token_hash: string; created_at: Timestamp; expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  code_serial: Default<number>;
  code_sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
export interface CaptchaUsesTable { id: string; expires_at: Timestamp }
export interface AffiliateNoticeDismissalsTable {
  affiliate_id: number; notice: 'telegram' | 'paymentMethod' | 'missingMobile' | 'tipaltiMissingDocs';
  dismissed_at: Timestamp;
}

export interface DB {
  countries: CountriesTable;
  security_questions: SecurityQuestionsTable;
  managers: ManagersTable;
  affiliates: AffiliatesTable;
  affiliate_flags: AffiliateFlagsTable;
  affiliate_documents: AffiliateDocumentsTable;
  affiliate_target_countries: AffiliateTargetCountriesTable;
  affiliate_target_verticals: AffiliateTargetVerticalsTable;
  applications: ApplicationsTable;
  marketing_campaigns: MarketingCampaignsTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  login_attempts: LoginAttemptsTable;
  rate_limit_hits: RateLimitHitsTable;
  page_views: PageViewsTable;
  outbox_messages: OutboxMessagesTable;
  categories: CategoriesTable;
  subcategories: SubcategoriesTable;
  advertisers: AdvertisersTable;
  campaigns: CampaignsTable;
  campaign_rates: CampaignRatesTable;
  campaign_traffic_types: CampaignTrafficTypesTable;
  campaign_countries: CampaignCountriesTable;
  campaign_os: CampaignOsTable;
  landing_pages: LandingPagesTable;
  creatives: CreativesTable;
  email_suppression_urls: EmailSuppressionUrlsTable;
  bookmarks: BookmarksTable;
  campaign_views: CampaignViewsTable;
  campaign_access: CampaignAccessTable;
  access_requests: AccessRequestsTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  postbacks: PostbacksTable;
  news: NewsTable;
  notifications: NotificationsTable;
  notification_dismissals: NotificationDismissalsTable;
  slider_items: SliderItemsTable;
  resource_categories: ResourceCategoriesTable;
  resources: ResourcesTable;
  help_texts: HelpTextsTable;
  maxmoney_promos: MaxmoneyPromosTable;
  maxmoney_promo_campaigns: MaxmoneyPromoCampaignsTable;
  maxmoney_byb_tiers: MaxmoneyBybTiersTable;
  maxmoney_registrations: MaxmoneyRegistrationsTable;
  maxmoney_transactions: MaxmoneyTransactionsTable;
  account_balance_lines: AccountBalanceLinesTable;
  referrals: ReferralsTable;
  referral_commissions: ReferralCommissionsTable;
  referral_credits: ReferralCreditsTable;
  tracking_links: TrackingLinksTable;
  clicks: ClicksTable;
  conversions: ConversionsTable;
  reversals: ReversalsTable;
  stats_daily: StatsDailyTable;
  stats_quarter: StatsQuarterTable;
  postback_deliveries: PostbackDeliveriesTable;
  postback_attempts: PostbackAttemptsTable;
  app_meta: AppMetaTable;
  usage_events: UsageEventsTable;
  affiliate_notice_dismissals: AffiliateNoticeDismissalsTable;
  paychange_requests: PaychangeRequestsTable;
  password_resets: PasswordResetsTable;
  captcha_uses: CaptchaUsesTable;
}

export type Affiliate = Selectable<AffiliatesTable>;
export type NewAffiliate = Insertable<AffiliatesTable>;
