import type { Kysely } from 'kysely';
import {
  ANNOUNCEMENT_SNOOZE_DAYS,
  type AnnouncementNotice,
  type DashboardModals,
} from '../../../src/api/contract/dashboard';
import type { DB } from '../../db/schema';
import { badRequest, unauthorized } from '../../lib/errors';

import { FLAG_INVALID_EMAIL } from '../../../src/shared/profileOptions';

/** Flags of spec 002 section 6 (121 lives with the profile's options). */
export { FLAG_INVALID_EMAIL };
export const FLAG_MISSING_DOCUMENTS = 148;
const FLAG_TELEGRAM_DISMISSED = 183;

export async function affiliateFlags(db: Kysely<DB>, affiliateId: number): Promise<number[]> {
  const rows = await db.selectFrom('affiliate_flags').select('flag').where('affiliate_id', '=', affiliateId).orderBy('flag').execute();
  return rows.map((r) => r.flag);
}

/** Whether the intro survey's two parts are answered (spec 002 section 7). */
export async function targetStatus(db: Kysely<DB>, affiliateId: number) {
  const countries = await db.selectFrom('affiliate_target_countries').select('country_code').where('affiliate_id', '=', affiliateId).limit(1).executeTakeFirst();
  const verticals = await db.selectFrom('affiliate_target_verticals').select('subcategory_id').where('affiliate_id', '=', affiliateId).limit(1).executeTakeFirst();
  return { target_country_survey_complete: countries !== undefined, target_vertical_survey_complete: verticals !== undefined };
}

/** The triggers of spec 002 section 4, plus our snoozes of the payment-method and mobile reminders. */
export async function dashboardModals(db: Kysely<DB>, affiliateId: number, now: Date): Promise<DashboardModals> {
  const a = await db
    .selectFrom('affiliates')
    .select(['mobile_phone', 'payment_method', 'payment_platform', 'tmp_payoneer'])
    .where('id', '=', affiliateId)
    .executeTakeFirst();
  if (!a) throw unauthorized();
  const flags = new Set(await affiliateFlags(db, affiliateId));
  const status = await targetStatus(db, affiliateId);
  const since = new Date(now.getTime() - ANNOUNCEMENT_SNOOZE_DAYS * 86_400_000);
  const dismissals = await db
    .selectFrom('affiliate_notice_dismissals')
    .select(['notice', 'dismissed_at'])
    .where('affiliate_id', '=', affiliateId)
    .where('notice', 'in', ['paymentMethod', 'missingMobile', 'tipaltiMissingDocs'])
    .execute();
  const snoozed = new Set(
    dismissals.filter((r) => r.notice !== 'tipaltiMissingDocs' && new Date(r.dismissed_at) > since).map((r) => r.notice),
  );
  // Flag 148 is the network's (the documents are missing until it checks them); the affiliate's
  // confirmation that they were submitted is recorded beside it and ends the modal for good.
  const documentsConfirmed = dismissals.some((r) => r.notice === 'tipaltiMissingDocs');
  return {
    introSurvey: !status.target_country_survey_complete && !status.target_vertical_survey_complete,
    paymentMethod:
      a.tmp_payoneer === 0 && a.payment_method === 'None' && a.payment_platform === '' && !snoozed.has('paymentMethod'),
    invalidEmail: flags.has(FLAG_INVALID_EMAIL),
    missingMobile: a.mobile_phone.trim() === '' && !snoozed.has('missingMobile'),
    missingDocuments: flags.has(FLAG_MISSING_DOCUMENTS) && !documentsConfirmed,
    telegram: !flags.has(FLAG_TELEGRAM_DISMISSED),
  };
}

/**
 * Records a dismissal in one transaction: telegram sets flag 183 (never shown again); the
 * payment-method and missing-mobile reminders are snoozed for ANNOUNCEMENT_SNOOZE_DAYS.
 */
export async function dismissNotice(db: Kysely<DB>, affiliateId: number, notice: AnnouncementNotice, now: Date): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    if (notice === 'telegram') {
      await trx
        .insertInto('affiliate_flags')
        .values({ affiliate_id: affiliateId, flag: FLAG_TELEGRAM_DISMISSED, created_at: now })
        .onConflict((oc) => oc.columns(['affiliate_id', 'flag']).doNothing())
        .execute();
    }
    await recordDismissal(trx, affiliateId, notice, now);
    return affiliateFlags(trx, affiliateId);
  });
}

/**
 * 'I have submitted my documents. Don't show this again.' (confirmed): records the confirmation
 * (affiliate_notice_dismissals, notice 'tipaltiMissingDocs'), which stops the modal. Flag 148 is
 * kept: it says the payment processor still lacks the documents, which only the network can clear
 * once it has checked them; the affiliate's word does not.
 */
export async function confirmDocumentsSubmitted(db: Kysely<DB>, affiliateId: number, now: Date): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    await recordDismissal(trx, affiliateId, 'tipaltiMissingDocs', now);
    return affiliateFlags(trx, affiliateId);
  });
}

async function recordDismissal(
  db: Kysely<DB>,
  affiliateId: number,
  notice: DB['affiliate_notice_dismissals']['notice'],
  now: Date,
): Promise<void> {
  await db
    .insertInto('affiliate_notice_dismissals')
    .values({ affiliate_id: affiliateId, notice, dismissed_at: now })
    .onConflict((oc) => oc.columns(['affiliate_id', 'notice']).doUpdateSet({ dismissed_at: now }))
    .execute();
}

/** GET /introSurvey/getVerticalList: every subcategory with its category, in the catalogue's order. */
export async function verticalList(db: Kysely<DB>) {
  return db
    .selectFrom('subcategories as s')
    .innerJoin('categories as c', 'c.id', 's.category_id')
    .select(['s.id as subcategory_id', 's.name as subcategory_name', 'c.name as category_name'])
    .orderBy('c.sort')
    .orderBy('c.name')
    .orderBy('s.name')
    .execute();
}

/**
 * POST /introSurvey/saveTargets: replaces the affiliate's target countries and verticals in one
 * transaction. Unknown codes or ids are refused (400) and nothing is written.
 */
export async function saveTargets(db: Kysely<DB>, affiliateId: number, countries: string[], verticals: number[]): Promise<void> {
  const wantCountries = [...new Set(countries)];
  const wantVerticals = [...new Set(verticals)];
  await db.transaction().execute(async (trx) => {
    const known = new Set(
      (await trx.selectFrom('countries').select('code').where('code', 'in', wantCountries).execute()).map((r) => r.code.trim()),
    );
    const unknownCountry = wantCountries.find((c) => !known.has(c));
    if (unknownCountry) throw badRequest(`countries: ${unknownCountry} is not a country code`);
    const knownVerticals = new Set(
      (await trx.selectFrom('subcategories').select('id').where('id', 'in', wantVerticals).execute()).map((r) => r.id),
    );
    const unknownVertical = wantVerticals.find((v) => !knownVerticals.has(v));
    if (unknownVertical !== undefined) throw badRequest(`verticals: ${unknownVertical} is not a vertical`);
    await trx.deleteFrom('affiliate_target_countries').where('affiliate_id', '=', affiliateId).execute();
    await trx.deleteFrom('affiliate_target_verticals').where('affiliate_id', '=', affiliateId).execute();
    await trx.insertInto('affiliate_target_countries').values(wantCountries.map((c) => ({ affiliate_id: affiliateId, country_code: c }))).execute();
    await trx.insertInto('affiliate_target_verticals').values(wantVerticals.map((v) => ({ affiliate_id: affiliateId, subcategory_id: v }))).execute();
  });
}
