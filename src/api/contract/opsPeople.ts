import { z } from 'zod';
import { IdParam, IdParams, SafeText } from './common';
import { FLAG_PERFORMANCE_BONUS } from './dashboard';
import { endpoint } from './endpoint';
import { successEnvelope } from './envelope';
import { AuditQuery } from './operator';
import { OperatorRole, ROLES } from './roles';
import { FLAG_INVALID_EMAIL } from '../../shared/profileOptions';

/**
 * The back office's people (docs/ops-people.md): the affiliates (search, detail, their manager,
 * suspension, flags, cap overrides, payment details and balance), the affiliate managers, and the
 * link of an operator account to the managers row it acts for. An operator of role `manager` reads
 * and changes only the affiliates of the manager their account is linked to; the server answers 403
 * with a sentence for any other (docs/ops-people.md "Scoping").
 */

/** An affiliate's standing: `suspended` is the back office's (cannot sign in, links stop paying until reactivated). */
export const AFFILIATE_STATUSES = ['pending', 'active', 'inactive', 'rejected', 'terminated', 'suspended'] as const;
export const AffiliateStatus = z.enum(AFFILIATE_STATUSES, { error: 'The status is pending, active, inactive, rejected, terminated or suspended.' });
export type AffiliateStatus = z.infer<typeof AffiliateStatus>;

/** The flags an operator may set or clear, with what each does in the portal (spec 000 §3, 001 §3, 002 §1). */
export const AFFILIATE_FLAGS = {
  [FLAG_INVALID_EMAIL]: 'The e-mail address is invalid: the portal asks the affiliate to correct it.',
  148: 'Payment-processor documents are missing: the dashboard asks for them.',
  175: 'Search-safe: the link builder offers the search-safe checkbox.',
  183: 'The chat-app announcement was dismissed.',
  [FLAG_PERFORMANCE_BONUS]: 'Opted in to the performance bonus.',
} as const satisfies Record<number, string>;
export const AFFILIATE_FLAG_NUMBERS = Object.keys(AFFILIATE_FLAGS).map(Number);
const FLAG_LIST = `${AFFILIATE_FLAG_NUMBERS.slice(0, -1).join(', ')} or ${AFFILIATE_FLAG_NUMBERS.at(-1)}`;

/** Daily caps an operator may set on an affiliate's campaign (conversions per network day). */
export const DAILY_CAP_MAX = 1_000_000;

/** Text a person types: their sentence when it is missing or not text, and never a NUL (SafeText). */
const Typed = (missing: string, max: number, tooLong: string) => z.string({ error: missing }).max(max, tooLong).pipe(SafeText());

const page = AuditQuery.shape.page;
const limit = AuditQuery.shape.limit;

export const AffiliateSearchQuery = z.object({
  /** Part of the name, e-mail address or company, or the affiliate id. */
  q: SafeText().max(200, 'The search text can be at most 200 characters.').optional(),
  status: AffiliateStatus.optional(),
  manager_id: IdParam.optional(),
  page,
  limit,
});

const ManagerRef = z.object({ manager_id: z.number().int(), name: z.string() });

export const AffiliateSummary = z.object({
  affiliate_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  status: AffiliateStatus,
  registered_at: z.string(),
  last_login_at: z.string().nullable(),
  manager: ManagerRef.nullable(),
  flags: z.array(z.number().int()),
});
export type AffiliateSummary = z.infer<typeof AffiliateSummary>;
export const AffiliateSearchResponse = successEnvelope({
  affiliates: z.array(AffiliateSummary),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});

export const AffiliateFlag = z.object({
  flag: z.number().int(),
  /** What the flag does; null for a number this list does not know. */
  label: z.string().nullable(),
  set_at: z.string(),
});
export const CapOverride = z.object({
  campaign_id: z.number().int(),
  campaign_name: z.string(),
  /** The affiliate's status on the campaign. */
  access_status: z.string(),
  /** The affiliate's own cap: conversions per network day. */
  daily_cap: z.number().int(),
  /** The campaign's cap for everyone, or null. */
  campaign_daily_cap: z.number().int().nullable(),
});
/**
 * How the affiliate is paid. The network keeps no account number: the platform (Payoneer, Tipalti)
 * holds the bank details, so this is the platform, the method chosen there and the payee's name.
 */
export const PaymentDetails = z.object({
  platform: z.enum(['', 'Payoneer', 'Tipalti']),
  method: z.string(),
  payee: z.string(),
  /** A Payoneer change was started and is waiting for Payoneer's answer. */
  change_pending: z.boolean(),
  /** When the affiliate last completed a change of platform or method, or null. */
  changed_at: z.string().nullable(),
});
export const Suspension = z.object({
  at: z.string(),
  reason: z.string(),
  by: z.object({ operator_id: z.number().int(), email: z.string() }).nullable(),
});
export const AffiliateDetail = z.object({
  affiliate_id: z.number().int(),
  status: AffiliateStatus,
  /** Present while the affiliate is suspended. */
  suspension: Suspension.nullable(),
  profile: z.object({
    first_name: z.string(),
    last_name: z.string(),
    company: z.string(),
    email: z.string(),
    email_verified: z.boolean(),
    mobile: z.string(),
    phone: z.string(),
    im_handle: z.string(),
    time_zone: z.string(),
    contact_time: z.number().int(),
    address: z.object({ address_1: z.string(), address_2: z.string(), city: z.string(), state: z.string(), country: z.string(), zipcode: z.string() }),
    website: z.string(),
    promotion: z.string(),
    two_factor: z.boolean(),
    registered_at: z.string(),
    last_login_at: z.string().nullable(),
  }),
  manager: ManagerRef.nullable(),
  flags: z.array(AffiliateFlag),
  cap_overrides: z.array(CapOverride),
  payment: PaymentDetails,
  /** The ledger's balance in dollars: where the affiliate's statement's running balance ends (docs/ledger.md). */
  balance: z.number(),
});
export type AffiliateDetail = z.infer<typeof AffiliateDetail>;
export const AffiliateDetailResponse = successEnvelope({ affiliate: AffiliateDetail });
export const AffiliatePaymentResponse = successEnvelope({ affiliate_id: z.number().int(), payment: PaymentDetails, balance: z.number() });

const ManagerId = z
  .number({ error: 'Choose an affiliate manager (their id), or null for none.' })
  .int('Choose an affiliate manager (their id), or null for none.')
  .min(1, 'Choose an affiliate manager (their id), or null for none.')
  .max(2_147_483_647, 'Choose an affiliate manager (their id), or null for none.')
  .nullable();
export const AffiliateManagerBody = z.object({ manager_id: ManagerId });
export const SuspendBody = z.object({
  reason: Typed('Give the reason for the suspension.', 1000, 'The reason can be at most 1000 characters.').refine((v) => v.trim() !== '', 'Give the reason for the suspension.'),
});
export const FlagParams = z.object({
  id: IdParam,
  flag: z
    .string()
    .refine((v) => AFFILIATE_FLAG_NUMBERS.some((flag) => String(flag) === v), `The flag is one of ${FLAG_LIST}.`)
    .transform(Number),
});
export const CapParams = z.object({ id: IdParam, campaign: IdParam });
const CAP_MESSAGE = `The daily cap is a whole number of conversions from 1 to ${DAILY_CAP_MAX.toLocaleString('en-US')}, or null to remove it.`;
export const CapBody = z.object({
  daily_cap: z.number({ error: CAP_MESSAGE }).int(CAP_MESSAGE).min(1, CAP_MESSAGE).max(DAILY_CAP_MAX, CAP_MESSAGE).nullable(),
});

// ---------- affiliate managers ----------

const Name = Typed("Enter the manager's name.", 100, 'The name can be at most 100 characters.').refine((v) => v.trim() !== '', "Enter the manager's name.");
const ManagerEmail = Typed("Enter the manager's e-mail address.", 254, 'The e-mail address can be at most 254 characters.').refine(
  (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim()),
  'Enter a valid e-mail address for the manager.',
);
/** Checked by the server with the portal's phone rule (libphonenumber): '' for none. */
const Phone = Typed('Enter the phone number, or leave it empty.', 40, 'The phone number can be at most 40 characters.');
/** The Telegram username the contact card and its QR code (t.me link) use: '' for none. */
const Telegram = Typed('Enter the Telegram username, or leave it empty.', 40, 'The Telegram username can be at most 32 characters.').refine(
  (v) => v.trim() === '' || /^@?[A-Za-z0-9_]{5,32}$/.test(v.trim()),
  'The Telegram username has 5 to 32 letters, digits or underscores (with or without the @).',
);
export const ManagerBody = z.object({ name: Name, email: ManagerEmail, phone: Phone.default(''), im_handle: Telegram.default('') });
/** Only the fields sent change. */
export const ManagerEditBody = z.object({ name: Name.optional(), email: ManagerEmail.optional(), phone: Phone.optional(), im_handle: Telegram.optional() });

export const Manager = z.object({
  manager_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** Telegram username, with its @. */
  im_handle: z.string(),
  /** A deactivated manager gets no new publishers and cannot be given affiliates. */
  is_active: z.boolean(),
  created_at: z.string(),
  /** Their affiliates, of every status. */
  affiliates: z.number().int(),
  /** The operator accounts that act as this manager. */
  operators: z.array(z.object({ operator_id: z.number().int(), email: z.string() })),
});
export type Manager = z.infer<typeof Manager>;
export const ManagersResponse = successEnvelope({ managers: z.array(Manager) });
export const ManagerResponse = successEnvelope({ manager: Manager });

export const OperatorManagerBody = AffiliateManagerBody;
export const OperatorManagerResponse = successEnvelope({
  operator: z.object({ operator_id: z.number().int(), email: z.string(), role: OperatorRole, manager: ManagerRef.nullable() }),
});

const tags = ['operator'];

export const opsPeopleEndpoints = {
  searchAffiliates: endpoint({
    method: 'GET',
    path: '/operator/affiliates',
    access: 'operator',
    roles: ROLES.readers,
    tags,
    summary: 'Affiliates by name, e-mail, company or id, status and manager, newest first, a page at a time (a manager sees their own)',
    query: AffiliateSearchQuery,
    response: AffiliateSearchResponse,
    errors: [403],
  }),
  affiliateDetail: endpoint({
    method: 'GET',
    path: '/operator/affiliates/:id',
    access: 'operator',
    roles: ROLES.readers,
    tags,
    summary: "An affiliate's profile, status, manager, flags, cap overrides, payment details and ledger balance",
    params: IdParams,
    response: AffiliateDetailResponse,
    errors: [403, 404],
  }),
  affiliatePayment: endpoint({
    method: 'GET',
    path: '/operator/affiliates/:id/payment',
    access: 'operator',
    roles: ROLES.all,
    tags,
    summary: "An affiliate's payment details and ledger balance (also for finance)",
    params: IdParams,
    response: AffiliatePaymentResponse,
    errors: [403, 404],
  }),
  changeAffiliateManager: endpoint({
    method: 'POST',
    path: '/operator/affiliates/:id/manager',
    access: 'operator',
    roles: ROLES.approvers,
    tags,
    summary: "Gives the affiliate another manager (or none); the manager must be active",
    params: IdParams,
    body: AffiliateManagerBody,
    response: AffiliateDetailResponse,
    errors: [403, 404, 409],
  }),
  suspendAffiliate: endpoint({
    method: 'POST',
    path: '/operator/affiliates/:id/suspend',
    access: 'operator',
    roles: ROLES.approvers,
    tags,
    summary: 'Suspends an active affiliate with a reason: their sessions end at once and sign-in is refused until reactivated',
    params: IdParams,
    body: SuspendBody,
    response: AffiliateDetailResponse,
    errors: [403, 404, 409],
  }),
  reactivateAffiliate: endpoint({
    method: 'POST',
    path: '/operator/affiliates/:id/reactivate',
    access: 'operator',
    roles: ROLES.approvers,
    tags,
    summary: 'Reactivates a suspended affiliate: they can sign in again',
    params: IdParams,
    response: AffiliateDetailResponse,
    errors: [403, 404, 409],
  }),
  setAffiliateFlag: endpoint({
    method: 'POST',
    path: '/operator/affiliates/:id/flags/:flag',
    access: 'operator',
    roles: ROLES.approvers,
    tags,
    summary: "Sets one of the affiliate's flags (121, 148, 175, 183, 185)",
    params: FlagParams,
    response: AffiliateDetailResponse,
    errors: [403, 404],
  }),
  clearAffiliateFlag: endpoint({
    method: 'POST',
    path: '/operator/affiliates/:id/flags/:flag/clear',
    access: 'operator',
    roles: ROLES.approvers,
    tags,
    summary: "Clears one of the affiliate's flags",
    params: FlagParams,
    response: AffiliateDetailResponse,
    errors: [403, 404],
  }),
  setAffiliateCap: endpoint({
    method: 'POST',
    path: '/operator/affiliates/:id/caps/:campaign',
    access: 'operator',
    roles: ROLES.approvers,
    tags,
    summary: "Sets (a number) or removes (null) the affiliate's own daily cap on a campaign they run or asked to run",
    params: CapParams,
    body: CapBody,
    response: AffiliateDetailResponse,
    errors: [403, 404, 409],
  }),
  listManagers: endpoint({
    method: 'GET',
    path: '/operator/managers',
    access: 'operator',
    roles: ROLES.readers,
    tags,
    summary: 'The affiliate managers with their contact card, affiliate count and linked operator accounts',
    response: ManagersResponse,
    errors: [403],
  }),
  createManager: endpoint({
    method: 'POST',
    path: '/operator/managers',
    access: 'operator',
    roles: ROLES.admin,
    tags,
    summary: "Adds an affiliate manager: name, e-mail, phone and Telegram username (the portal's contact card)",
    body: ManagerBody,
    response: ManagerResponse,
    errors: [403],
  }),
  editManager: endpoint({
    method: 'POST',
    path: '/operator/managers/:id',
    access: 'operator',
    roles: ROLES.approvers,
    tags,
    summary: "Changes a manager's contact card (the fields sent); a manager operator edits only their own",
    params: IdParams,
    body: ManagerEditBody,
    response: ManagerResponse,
    errors: [403, 404],
  }),
  deactivateManager: endpoint({
    method: 'POST',
    path: '/operator/managers/:id/deactivate',
    access: 'operator',
    roles: ROLES.admin,
    tags,
    summary: 'Deactivates a manager: no new publishers or affiliates are given to them (their affiliates stay theirs)',
    params: IdParams,
    response: ManagerResponse,
    errors: [403, 404],
  }),
  activateManager: endpoint({
    method: 'POST',
    path: '/operator/managers/:id/activate',
    access: 'operator',
    roles: ROLES.admin,
    tags,
    summary: 'Activates a deactivated manager again',
    params: IdParams,
    response: ManagerResponse,
    errors: [403, 404],
  }),
  linkOperatorManager: endpoint({
    method: 'POST',
    path: '/operator/operators/:id/manager',
    access: 'operator',
    roles: ROLES.admin,
    tags,
    summary: "Links an operator account to the affiliate manager it acts as (null: no link); a manager operator sees only that manager's affiliates",
    params: IdParams,
    body: OperatorManagerBody,
    response: OperatorManagerResponse,
    errors: [403, 404, 409],
  }),
};
