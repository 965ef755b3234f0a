import { formatInTimeZone } from 'date-fns-tz';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { BodyOf } from '../../../src/api/contract/endpoint';
import { APPLICATION_STAGES, type ReApplicationDetails, type joinEndpoints } from '../../../src/api/contract/register';
import { managerHours } from '../../../src/shared/programTerms';
import { numericId } from '../../../src/shared/registration';
import type { DB } from '../../db/schema';
import { hashToken } from '../../lib/crypto';

/**
 * Joining the network (spec 002; docs/registration.md) after the registration's one transaction
 * (application.ts): the e-mail verification link, the wizard's tracking records and the
 * re-application; the operator's review is in review.ts.
 */

const hourText = (h: number) => `${((h + 11) % 12) + 1}:00 ${h < 12 ? 'AM' : 'PM'}`;
/** Spec 002 §2: the verify page's business hours, '9:00 AM-4:00 PM' (Eastern, Monday to Friday), from the one managerHours. */
export const BUSINESS_HOURS = `${hourText(managerHours.opensHour)}-${hourText(managerHours.closesHour)}`;
/** The verify page's two remaining steps (spec 002 §2, status 2). */
export const REMAINING_STEPS = [
  'Application review: our compliance and affiliate management teams review your application.',
  'Phone interview: a mandatory phone interview with your affiliate manager.',
];
export const messages = {
  notPending: 'This application has already been decided.',
  notFound: 'There is no application with this id.',
  imageNotFound: 'This application has no such image.',
} as const;

/** An e-mail address as stored and compared: trimmed, lower case. */
const lower = (email: string) => email.trim().toLowerCase();

export async function emailTaken(db: Kysely<DB> | Transaction<DB>, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('affiliates')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', lower(email)))
    .executeTakeFirst();
  return row !== undefined;
}

export interface VerifyAnswer {
  status: 0 | 1 | 2;
  affiliate_id: number | null;
  affiliateManager: { name: string; phone: string; telegram: string };
  list: string[];
  businessHours: string;
  currentTime: string;
  dayOfWeek: string;
}

/**
 * GET /verifyRegistration?i&e: the link's code for this affiliate, unused and not expired, is spent
 * and the address marked verified. 2 when the account still waits for review, 1 when it is already
 * active; 0 for anything else (unknown id or code, expired, a rejected account), the same answer for
 * each so the call tells nothing about which accounts exist.
 *
 * The code is spent by its first use (it confirms once, and nothing else), but the same link opened
 * again within its lifetime reads the outcome again without changing anything: a reload of the page,
 * or a mail scanner (Outlook's Safe Links and the like) that opened the link before the publisher,
 * must not turn a confirmed address into "this link is invalid".
 */
export async function verifyRegistration(db: Kysely<DB>, i: string, e: string, now: Date): Promise<VerifyAnswer> {
  const clock = {
    businessHours: BUSINESS_HOURS,
    currentTime: formatInTimeZone(now, managerHours.timeZone, 'h:mm a'),
    dayOfWeek: formatInTimeZone(now, managerHours.timeZone, 'EEEE'),
  };
  const invalid: VerifyAnswer = { status: 0, affiliate_id: null, affiliateManager: { name: '', phone: '', telegram: '' }, list: [], ...clock };
  const id = numericId(i);
  const code = e.trim();
  if (id === null || code === '') return invalid;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('verification_codes as v')
      .innerJoin('affiliates as a', 'a.id', 'v.affiliate_id')
      .leftJoin('managers as m', 'm.id', 'a.manager_id')
      .select(['v.id', 'v.expires_at', 'v.used_at', 'a.status', 'm.name', 'm.phone', 'm.im_handle'])
      .where('v.affiliate_id', '=', id)
      .where('v.purpose', '=', 'email_verification')
      .where('v.code_hash', '=', hashToken(code))
      .forUpdate('v')
      .executeTakeFirst();
    if (!row || new Date(row.expires_at).getTime() <= now.getTime()) return invalid;
    if (row.status !== 'pending' && row.status !== 'active') return invalid;
    if (row.used_at === null) {
      await trx.updateTable('verification_codes').set({ used_at: now }).where('id', '=', row.id).execute();
      await trx
        .updateTable('affiliates')
        .set({ email_verified_at: sql<Date>`coalesce(email_verified_at, ${now})`, updated_at: now })
        .where('id', '=', id)
        .execute();
    }
    const active = row.status === 'active';
    return {
      status: active ? 1 : 2,
      affiliate_id: id,
      affiliateManager: { name: row.name ?? '', phone: row.phone ?? '', telegram: row.im_handle ?? '' },
      list: active ? [] : REMAINING_STEPS,
      ...clock,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// The wizard's tracking records
// ---------------------------------------------------------------------------------------------

type TrackBody = BodyOf<typeof joinEndpoints.trackApplication>;

/**
 * POST /register/trackApplication: the application's stage (spec 002 §4 label, or a failed submit's
 * message) and its data so far, by token. An application already submitted keeps its record (the
 * call then changes nothing and still answers success: the wizard tracks 'Successful' after submitting).
 */
export async function trackApplication(db: Kysely<DB>, body: TrackBody, now: Date): Promise<void> {
  const token = body.token.toLowerCase();
  const stage = body.details.trim().slice(0, 500);
  const level = body.experienceLevel === undefined || body.experienceLevel === '' ? null : Number(body.experienceLevel);
  const details = {
    name: body.name.trim(), contact: body.contact.trim(), contactTime: body.contactTime.trim(), streetAddress1: body.streetAddress1.trim(), streetAddress2: body.streetAddress2.trim(),
    city: body.city.trim(), state: body.state.trim(), countryCode: body.countryCode.trim().toUpperCase(), zipCode: body.zipCode.trim(),
    phone: body.phone.trim(), mobile: body.mobile.trim(), im: body.im.trim(), experienceDescription: body.experienceDescription.trim(),
    experienceLevel: level,
    /** Whether the label is one of §4's or a failed submit's message. */
    failed: !(APPLICATION_STAGES as readonly string[]).includes(stage),
  };
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('applications').select('affiliate_id').where('token', '=', token).forUpdate().executeTakeFirst();
    // Submitted: the record is the registration's; the wizard's 'Successful' label after it changes nothing.
    if (row?.affiliate_id) return;
    const values = { email: body.email.trim(), stage, details: JSON.stringify(details), updated_at: now };
    if (row) await trx.updateTable('applications').set(values).where('token', '=', token).execute();
    else await trx.insertInto('applications').values({ token, ...values, created_at: now }).execute();
  });
}

/**
 * POST /register/trackApplication/removeIdEntry: forgets the identification entry of an application
 * still open (its ID images exist only once submitted, so this clears the record's identification
 * stage). The answer is the same whether or not such an application exists.
 */
export async function removeIdEntry(db: Kysely<DB>, token: string, email: string, now: Date): Promise<void> {
  await db
    .updateTable('applications')
    .set({ stage: 'Address', updated_at: now })
    .where('token', '=', token.toLowerCase())
    .where('affiliate_id', 'is', null)
    .where('stage', '=', 'Identification')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', lower(email)))
    .execute();
  await db.deleteFrom('affiliate_documents').where('application_token', '=', token.toLowerCase()).where('affiliate_id', 'is', null).execute();
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * GET /register/reApplication?token: the details to prefill (spec 002 §3), or null without such an
 * application. `contact` is the company (the tracking record's), `contact_time` the contact time's number.
 */
export async function reApplication(db: Kysely<DB>, token: string): Promise<ReApplicationDetails | null> {
  const row = await db.selectFrom('applications').select(['email', 'details']).where('token', '=', token.toLowerCase()).executeTakeFirst();
  if (!row) return null;
  const d = (typeof row.details === 'string' ? JSON.parse(row.details) : row.details) as Record<string, unknown>;
  const level = d.experienceLevel;
  return {
    e_mail: row.email,
    contact: str(d.contact),
    contact_time: /^\d+$/.test(str(d.contactTime)) ? str(d.contactTime) : '',
    name: str(d.name),
    street_address_1: str(d.streetAddress1),
    street_address_2: str(d.streetAddress2),
    city: str(d.city),
    state: str(d.state),
    country_code: str(d.countryCode),
    zip_code: str(d.zipCode),
    phone: str(d.phone),
    mobile_phone: str(d.mobile),
    im_id: str(d.im),
    experience_level: typeof level === 'number' && level >= 0 && level <= 3 ? level : null,
    experience_description: str(d.experienceDescription),
  };
}
