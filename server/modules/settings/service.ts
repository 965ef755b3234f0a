import type { Kysely, Transaction, Updateable } from 'kysely';
import type { DB } from '../../db/schema';
import { hashPassword, verifyPassword, type ScryptCost } from '../../lib/crypto';
import { ApiError, badRequest } from '../../lib/errors';
import { accountKey, admitAttempt, recordAttempt, type LoginLimits } from '../session/loginLimiter';
import { queueNotice, type NoticeContext } from '../session/notices';
import { countryByAlpha2 } from '../../../src/shared/countries';
import { emailProblem } from '../../../src/shared/emailRules';
import { INVALID_MOBILE, isValidPhone } from '../../../src/shared/phone';
import {
  CONTACT_TIMES,
  EMAIL_UNDELIVERABLE,
  FLAG_INVALID_EMAIL,
  PROMOTION_MIN_LENGTH,
  SETTINGS_WINDOW_MINUTES,
  countryHasStates,
  isWebsite,
  passwordProblem,
  profileMessages,
  statesOf,
  timeZoneOption,
} from '../../../src/shared/profileOptions';
import { settingsFieldMessages } from '../../../src/api/contract/settings';
import type { z } from 'zod';
import type {
  AddressDetailsRequest,
  EmailPreferencesRequest,
  PersonalDetailsRequest,
  PhoneDetailsRequest,
  PromotionalDetailsRequest,
  SecurityDetailsRequest,
} from '../../../src/api/contract/settings';

/**
 * The settings verification window (docs/settings.md): 15 minutes after a right settings code, and
 * 15 minutes again after each successful save, for that session only. Long enough to edit several
 * cards, short enough that a session left open on a shared computer is locked again soon.
 */
export const SETTINGS_WINDOW_MS = SETTINGS_WINDOW_MINUTES * 60_000;

export const settingsMessages = {
  locked: 'Please verify your account to change your settings (a verification lasts 15 minutes).',
  invalidPhone: 'Invalid phone number',
  website: profileMessages.invalidWebsite,
  emailTaken: 'This email address is already used by another account.',
  wrongPassword: 'Your current password is not correct.',
  question1: 'Please choose a first security question from the list.',
  question2: 'Please choose a second security question from the list.',
  saved: {
    personal: 'Your personal information has been saved.',
    phone: 'Your phone numbers have been saved.',
    address: 'Your address has been saved.',
    promotional: 'Your promotional methods have been saved.',
    email: 'Your email preferences have been saved.',
    security: 'Your security settings have been saved.',
  },
} as const;

/** Opens (or renews) the window for one session after a right settings code. Returns its end. */
export async function openSettingsWindow(db: Kysely<DB> | Transaction<DB>, sessionId: number, now: Date): Promise<Date> {
  const until = new Date(now.getTime() + SETTINGS_WINDOW_MS);
  await db.updateTable('sessions').set({ settings_verified_until: until }).where('id', '=', sessionId).execute();
  return until;
}

/** The end of the session's window, or null when it is closed. */
async function settingsWindow(db: Kysely<DB> | Transaction<DB>, sessionId: number, now: Date, lock = false): Promise<Date | null> {
  let query = db.selectFrom('sessions').select('settings_verified_until').where('id', '=', sessionId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  const until = row?.settings_verified_until ? new Date(row.settings_verified_until) : null;
  return until && until.getTime() > now.getTime() ? until : null;
}

/** Refuses (403) when the session's window is closed. */
export async function requireSettingsWindow(db: Kysely<DB> | Transaction<DB>, sessionId: number, now: Date, lock = false): Promise<void> {
  if (!(await settingsWindow(db, sessionId, now, lock))) throw new ApiError(403, settingsMessages.locked);
}

export interface SaveContext {
  db: Kysely<DB>;
  affiliateId: number;
  sessionId: number;
  now: Date;
}

/**
 * One save: the window is checked before anything else and again, locked, inside the one transaction
 * that writes (so a window closing mid-save refuses it), then renewed with the write.
 */
async function inWindow<T>(c: SaveContext, write: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  await requireSettingsWindow(c.db, c.sessionId, c.now);
  return c.db.transaction().execute(async (trx) => {
    await requireSettingsWindow(trx, c.sessionId, c.now, true);
    const result = await write(trx);
    await openSettingsWindow(trx, c.sessionId, c.now);
    return result;
  });
}

/** A save that only sets columns of the affiliate's own row (stamped with the save's time). */
function saveAffiliate(c: SaveContext, values: Updateable<DB['affiliates']>): Promise<unknown> {
  return inWindow(c, (trx) =>
    trx
      .updateTable('affiliates')
      .set({ ...values, updated_at: c.now })
      .where('id', '=', c.affiliateId)
      .execute(),
  );
}

type Body<T extends z.ZodTypeAny> = z.output<T>;
type Personal = Body<typeof PersonalDetailsRequest>;
type Phone = Body<typeof PhoneDetailsRequest>;
type Address = Body<typeof AddressDetailsRequest>;
type Promotional = Body<typeof PromotionalDetailsRequest>;
type Email = Body<typeof EmailPreferencesRequest>;
type Security = Body<typeof SecurityDetailsRequest>;

/** A phone field: empty when optional and left empty, else a real number (libphonenumber-js). */
function checkPhone(value: string, required: boolean, message: string): void {
  if (!value) {
    if (required) throw badRequest(settingsFieldMessages.mobile);
    return;
  }
  if (!isValidPhone(value)) throw badRequest(message);
}

/** 'Jane Doe Smith' → first 'Jane', last 'Doe Smith' (the record has one name field, the table two). */
export function splitName(name: string): { first_name: string; last_name: string } {
  const words = name.trim().split(/\s+/);
  return { first_name: words[0] ?? '', last_name: words.slice(1).join(' ') };
}

export async function savePersonalDetails(c: SaveContext, body: Personal): Promise<string> {
  const zone = timeZoneOption(body.timezone);
  if (!zone) throw badRequest(settingsFieldMessages.timezone);
  if (!CONTACT_TIMES.some((t) => t.value === body.contact_time)) throw badRequest(settingsFieldMessages.contactTime);
  checkPhone(body.mobile, false, INVALID_MOBILE);
  checkPhone(body.phone, false, settingsMessages.invalidPhone);
  await saveAffiliate(c, {
    ...splitName(body.name),
    company: body.company,
    mobile_phone: body.mobile,
    phone: body.phone,
    time_zone: zone.value,
    contact_time: body.contact_time,
    im_handle: body.im_handle,
  });
  return settingsMessages.saved.personal;
}

export async function savePhoneDetails(c: SaveContext, body: Phone): Promise<string> {
  checkPhone(body.mobile, true, INVALID_MOBILE);
  checkPhone(body.phone, false, settingsMessages.invalidPhone);
  await saveAffiliate(c, { mobile_phone: body.mobile, phone: body.phone });
  return settingsMessages.saved.phone;
}

export async function saveAddressDetails(c: SaveContext, body: Address): Promise<string> {
  const country = countryByAlpha2(body.country.key);
  if (!country) throw badRequest(settingsFieldMessages.country);
  let state = '';
  let nonState = '';
  if (countryHasStates(country.alpha2)) {
    const code = body.state.toUpperCase();
    if (!statesOf(country.alpha2).some((s) => s.code === code)) throw badRequest(profileMessages.chooseState);
    state = code;
  } else {
    // Elsewhere the state is free text, sent as non_state (spec 001 section 5); a form that sent it as
    // state is read the same way.
    nonState = body.non_state || body.state;
  }
  await saveAffiliate(c, {
    address1: body.address1,
    address2: body.address2,
    city: body.city,
    state,
    non_state: nonState,
    country_code: country.alpha2,
    zipcode: body.zipcode,
  });
  return settingsMessages.saved.address;
}

export async function savePromotionalDetails(c: SaveContext, body: Promotional): Promise<string> {
  // Spec 001 section 6: the incentive setting is the affiliate manager's, never the affiliate's.
  if (body.incentive !== undefined) throw new ApiError(403, settingsFieldMessages.incentive);
  // The intended rule of spec 001 section 5 (at least 50 characters); the built check that never
  // stopped the form is the other reading, not followed (docs/settings.md).
  if (body.promotion.length < PROMOTION_MIN_LENGTH) throw badRequest(profileMessages.shortDescription);
  if (!isWebsite(body.website)) throw badRequest(settingsMessages.website);
  await saveAffiliate(c, { promotion: body.promotion, website: body.website });
  return settingsMessages.saved.promotional;
}

export async function saveEmailPreferences(c: SaveContext, body: Email): Promise<string> {
  const email = body.email.trim();
  const problem = emailProblem(email);
  if (problem) throw badRequest(problem);
  await inWindow(c, async (trx) => {
    const current = await trx.selectFrom('affiliates').select('email').where('id', '=', c.affiliateId).executeTakeFirstOrThrow();
    const flagged = await trx
      .selectFrom('affiliate_flags')
      .select('flag')
      .where('affiliate_id', '=', c.affiliateId)
      .where('flag', '=', FLAG_INVALID_EMAIL)
      .executeTakeFirst();
    // The address mail could not reach, saved again unchanged (spec 001 section 5).
    if (flagged && current.email.toLowerCase() === email.toLowerCase()) throw badRequest(EMAIL_UNDELIVERABLE);
    const taken = await trx
      .selectFrom('affiliates')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .where('id', '!=', c.affiliateId)
      .executeTakeFirst();
    if (taken) throw new ApiError(409, settingsMessages.emailTaken);
    await trx
      .updateTable('affiliates')
      .set({ email, general_mailings: body.general_mailings === 'Y', campaign_notices: body.campaign_notices === 'Y', updated_at: c.now })
      .where('id', '=', c.affiliateId)
      .execute();
    // A successful save clears the undeliverable flag (spec 001 section 4).
    await trx.deleteFrom('affiliate_flags').where('affiliate_id', '=', c.affiliateId).where('flag', '=', FLAG_INVALID_EMAIL).execute();
  });
  return settingsMessages.saved.email;
}

/** Security answers are kept only as hashes, compared case- and space-insensitively. */
export const normaliseAnswer = (answer: string) => answer.trim().replace(/\s+/g, ' ').toLowerCase();

export async function saveSecurityDetails(
  c: SaveContext & { ip: string; limits: LoginLimits; passwordCost: ScryptCost; notices: Pick<NoticeContext, 'messenger' | 'productName'> },
  body: Security,
): Promise<string> {
  await requireSettingsWindow(c.db, c.sessionId, c.now);
  const changing = body.newPassword1 !== '' || body.newPassword2 !== '';
  if (changing) {
    if (body.newPassword1 !== body.newPassword2) throw badRequest(profileMessages.passwordsDontMatch);
    const problem = passwordProblem(body.newPassword1);
    if (problem) throw badRequest(problem);
  }
  const questions = await c.db.selectFrom('security_questions').select(['id', 'question_group']).where('id', 'in', [body.security_q1, body.security_q2]).execute();
  const groupOf = (id: number) => questions.find((q) => q.id === id)?.question_group;
  if (groupOf(body.security_q1) !== 1) throw badRequest(settingsMessages.question1);
  if (groupOf(body.security_q2) !== 2) throw badRequest(settingsMessages.question2);

  // The current password, throttled like a sign-in (the same per-account count): a session left open
  // cannot be used to guess it.
  const affiliate = await c.db.selectFrom('affiliates').select(['email', 'password_hash']).where('id', '=', c.affiliateId).executeTakeFirstOrThrow();
  const attempt = await admitAttempt(c.db, { kind: 'password', account: accountKey(affiliate.email), affiliateId: c.affiliateId, ip: c.ip, now: c.now, limits: c.limits });
  if (!(await verifyPassword(body.password, affiliate.password_hash))) {
    await recordAttempt(c.db, attempt, false);
    throw badRequest(settingsMessages.wrongPassword);
  }
  // Hashing is slow on purpose: done before the transaction, which then only writes.
  const [passwordHash, a1, a2] = await Promise.all([
    changing ? hashPassword(body.newPassword1, c.passwordCost) : Promise.resolve(null),
    hashPassword(normaliseAnswer(body.security_a1), c.passwordCost),
    hashPassword(normaliseAnswer(body.security_a2), c.passwordCost),
  ]);
  await inWindow(c, async (trx) => {
    await trx
      .updateTable('affiliates')
      .set({
        ...(passwordHash ? { password_hash: passwordHash } : {}),
        security_q1: body.security_q1,
        security_a1_hash: a1,
        security_q2: body.security_q2,
        security_a2_hash: a2,
        updated_at: c.now,
      })
      .where('id', '=', c.affiliateId)
      .execute();
    // A new password signs out every other session of the account (a thief's included).
    if (passwordHash) {
      await trx
        .updateTable('sessions')
        .set({ revoked_at: c.now })
        .where('affiliate_id', '=', c.affiliateId)
        .where('id', '!=', c.sessionId)
        .where('revoked_at', 'is', null)
        .execute();
      await queueNotice(trx, c.affiliateId, { kind: 'passwordChanged', via: 'settings' }, { ...c.notices, at: c.now, ip: c.ip });
    }
  });
  return settingsMessages.saved.security;
}
