import type { Kysely } from 'kysely';
import type { AffiliateResponse } from '../../../src/api/contract/affiliate';
import type { DB } from '../../db/schema';
import { formatDay } from '../../lib/dates';
import { managerImageUrl, managerQrUrl } from '../images/urls';
import { contactTimeText } from '../../../src/shared/profileOptions';


/** GET /affiliate: the record of spec 002 section 7, extended with spec 001's profile fields. */
export async function loadAffiliateRecord(
  db: Kysely<DB>,
  affiliateId: number,
  session?: { id: number; now: Date },
): Promise<AffiliateResponse | null> {
  const row = await db
    .selectFrom('affiliates as a')
    .leftJoin('managers as m', 'm.id', 'a.manager_id')
    .leftJoin('security_questions as q1', 'q1.id', 'a.security_q1')
    .leftJoin('security_questions as q2', 'q2.id', 'a.security_q2')
    // The session's settings window, read in the same query (no second round trip on every page load).
    .leftJoin('sessions as ss', (join) => join.on('ss.id', '=', session?.id ?? -1).onRef('ss.affiliate_id', '=', 'a.id'))
    .leftJoin('reversal_postbacks as rp', 'rp.affiliate_id', 'a.id')
    .leftJoin('postbacks as gp', (join) =>
      join.onRef('gp.affiliate_id', '=', 'a.id').on('gp.campaign_id', 'is', null),
    )
    .select([
      'a.id', 'a.first_name', 'a.last_name', 'a.company', 'a.email', 'a.phone', 'a.mobile_phone', 'a.time_zone',
      'a.contact_time', 'a.im_handle', 'a.registration_date', 'a.address1', 'a.address2', 'a.city', 'a.state',
      'a.non_state', 'a.country_code', 'a.zipcode', 'a.maxmoney_balance', 'a.promotion', 'a.website', 'a.incentive',
      'a.general_mailings', 'a.campaign_notices', 'a.otp_enabled', 'a.payee', 'a.payment_method',
      'a.payment_platform', 'a.tmp_payoneer', 'a.security_q1', 'a.security_q2',
      'q1.question as q1_text', 'q2.question as q2_text',
      'm.id as manager_id', 'm.name as manager_name', 'm.email as manager_email', 'm.phone as manager_phone',
      'm.im_handle as manager_im', 'ss.settings_verified_until', 'gp.type as global_type', 'gp.code as global_code', 'rp.url as reversal_url',
    ])
    .where('a.id', '=', affiliateId)
    .executeTakeFirst();
  if (!row) return null;
  const flags = await db
    .selectFrom('affiliate_flags')
    .select('flag')
    .where('affiliate_id', '=', affiliateId)
    .orderBy('flag')
    .execute();
  const until = row.settings_verified_until ? new Date(row.settings_verified_until) : null;
  const editableUntil = session && until && until.getTime() > session.now.getTime() ? until : null;
  const yn = (b: boolean) => (b ? ('Y' as const) : ('N' as const));
  return {
    success: true,
    publisher_id: row.id,
    affiliate_personal_information: {
      name: `${row.first_name} ${row.last_name}`.trim(),
      company: row.company,
      email: row.email,
      phone: row.phone,
      mobile_phone: row.mobile_phone,
      time_zone: row.time_zone,
      contact_time: { value: row.contact_time, text: contactTimeText(row.contact_time) },
      im_handle: row.im_handle,
      registration_date: formatDay(row.registration_date),
    },
    affiliate_address: {
      address1: row.address1,
      address2: row.address2,
      city: row.city,
      state: row.state || row.non_state,
      country_code: row.country_code ?? '',
      zipcode: row.zipcode,
    },
    maxmoney_balance: row.maxmoney_balance,
    affiliate_manager: {
      name: row.manager_name ?? '',
      email: row.manager_email ?? '',
      phone: row.manager_phone ?? '',
      im_handle: row.manager_im ?? '',
      image: row.manager_id ? managerImageUrl(row.manager_id) : '',
      telegram_qr_code: row.manager_id ? managerQrUrl(row.manager_id) : '',
    },
    promotional_methods: {
      promotion: row.promotion,
      website: row.website,
      incentive: yn(row.incentive),
      global_callback_type: row.global_type ?? '',
      global_callback_code: row.global_code ?? '',
      reversal_callback_url: row.reversal_url ?? '',
    },
    email_preferences: { general_mailings: yn(row.general_mailings), campaign_notices: yn(row.campaign_notices) },
    // Answers are stored only as hashes, so they are never sent back (the form asks for them again).
    security: {
      question1: { question_id: row.security_q1 ?? 0, description: row.q1_text ?? '', answer: '' },
      question2: { question_id: row.security_q2 ?? 0, description: row.q2_text ?? '', answer: '' },
    },
    otp_details: row.otp_enabled ? { otp_key: 'active' } : {},
    payment_information: {
      payee: row.payee,
      method: row.payment_method,
      platform: row.payment_platform,
      tmp_payoneer: row.tmp_payoneer,
    },
    affiliate_flags: flags.map((f) => f.flag),
    ...(editableUntil ? { settings_editable_until: editableUntil.toISOString() } : {}),
  };
}
