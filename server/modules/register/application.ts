import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { BodyOf } from '../../../src/api/contract/endpoint';
import type { joinEndpoints } from '../../../src/api/contract/register';
import { paths } from '../../../src/shared/paths';
import { isValidPhone } from '../../../src/shared/phone';
import { firstProblem, numericId, registrationLimits as L, registrationMessages as M, validateIdentification, validateRegistration } from '../../../src/shared/registration';
import type { DB } from '../../db/schema';
import { hashPassword, hashToken, type ScryptCost } from '../../lib/crypto';
import { ApiError, badRequest } from '../../lib/errors';
import { imageTypeOf, type ImageType } from '../../lib/imageBytes';
import type { Messenger } from '../../lib/messenger';
import { normaliseAnswer } from '../settings/service';
import { emailTaken } from './service';

/** Registration (spec 002; docs/registration.md): the application, its ID images and its e-mail confirmation, in one transaction. */

/** ID image types the spec accepts (the shared check also knows WebP, which registration refuses). */
const ID_TYPES: readonly ImageType[] = ['image/jpeg', 'image/png', 'image/gif'];

export interface RegisterDeps {
  db: Kysely<DB>;
  messenger: Messenger;
  productName: string;
  /** The product's public address for the e-mailed link (config TRACKING_BASE_URL), never the request's Host. */
  baseUrl: string;
  passwordCost: ScryptCost;
}

type RegisterBody = BodyOf<typeof joinEndpoints.register>;

/** The e-mailed confirmation link works for 7 days, once. */
const VERIFY_TTL_MS = 7 * 24 * 3600_000;

/** An uploaded ID image: its bytes, checked whole (not by name or declared type), or null when absent. */
function idImage(raw: unknown, required: boolean): { bytes: Buffer; type: ImageType } | null {
  if (raw === undefined || raw === '' || (Buffer.isBuffer(raw) && raw.length === 0)) {
    if (required) throw badRequest(M.idFrontRequired);
    return null;
  }
  // A text value in a file field is no image either.
  if (!Buffer.isBuffer(raw)) throw new ApiError(415, M.imageType);
  const type = imageTypeOf(raw);
  if (!type || !ID_TYPES.includes(type)) throw new ApiError(415, M.imageType);
  if (raw.length >= L.imageMaxBytes) throw new ApiError(413, M.imageTooLarge);
  return { bytes: raw, type };
}

/**
 * The manager of a new publisher: the active manager with the fewest publishers who are pending or
 * active (ties: the lowest id), so new applicants spread evenly over the team. None when the network
 * has no active manager (the verify page then shows no manager).
 */
async function leastBusyManager(trx: Transaction<DB>): Promise<number | null> {
  const row = await trx
    .selectFrom('managers as m')
    .leftJoin('affiliates as a', (j) => j.onRef('a.manager_id', '=', 'm.id').on('a.status', 'in', ['pending', 'active']))
    .select(['m.id', (eb) => eb.fn.count('a.id').as('n')])
    .where('m.is_active', '=', true)
    .groupBy('m.id')
    .orderBy('n')
    .orderBy('m.id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** A new e-mail confirmation code: 256 random bits, only its SHA-256 kept, 7 days, single use. */
async function newVerificationCode(trx: Transaction<DB>, affiliateId: number, now: Date): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await trx
    .insertInto('verification_codes')
    .values({
      affiliate_id: affiliateId, purpose: 'email_verification', method: 'byEmail', code_hash: hashToken(code),
      created_at: now, expires_at: new Date(now.getTime() + VERIFY_TTL_MS),
    })
    .execute();
  return code;
}

const clip = (v: string, max: number) => v.trim().slice(0, max);

/**
 * POST /register: every rule of spec 002 §5 again (the wizard's own validators), the images by their
 * bytes, the address free, then ONE transaction: the affiliate (pending, e-mail not verified, the
 * least busy manager), its ID images (bytea), the application row (stage 'Successful', with the
 * context), the referral (credited on approval) and the confirmation e-mail in the outbox.
 */
export async function register(d: RegisterDeps, body: RegisterBody, now: Date): Promise<{ affiliateId: number }> {
  const problem = firstProblem(validateRegistration(body));
  if (problem) throw badRequest(problem);
  if (!isValidPhone(body.mobile)) throw badRequest(M.mobileInvalid);
  if (body.phone.trim() !== '' && !isValidPhone(body.phone)) throw badRequest(M.mobileInvalid);

  // Images: presence, then bytes (type and whole), then size (the multipart limit also stops a larger part).
  const front = idImage(body.idFront, true);
  const back = idImage(body.idBack, false);
  const named = validateIdentification({
    idFront: front ? { name: `front.${front.type.slice(6)}`, size: front.bytes.length, type: front.type } : null,
    idBack: back ? { name: `back.${back.type.slice(6)}`, size: back.bytes.length, type: back.type } : null,
  });
  const imageProblem = firstProblem(named);
  if (imageProblem) throw badRequest(imageProblem);

  const email = body.email.trim();
  const securityIds = [body.security_q1, body.security_q2].map((q) => numericId(q));
  for (const [i, id] of securityIds.entries()) {
    if (id === null) continue;
    const q = await d.db.selectFrom('security_questions').select('question_group').where('id', '=', id).executeTakeFirst();
    if (!q || q.question_group !== i + 1) throw badRequest(M.securityQuestionInvalid);
  }
  if (await emailTaken(d.db, email)) throw new ApiError(409, M.emailUnavailable);

  // Hashing is slow on purpose: before the transaction, which then only writes.
  const [passwordHash, a1, a2] = await Promise.all([
    hashPassword(body.password, d.passwordCost),
    securityIds[0] ? hashPassword(normaliseAnswer(body.security_a1), d.passwordCost) : Promise.resolve(null),
    securityIds[1] ? hashPassword(normaliseAnswer(body.security_a2), d.passwordCost) : Promise.resolve(null),
  ]);

  const tokenText = body.appToken.trim();
  const appToken = /^[0-9a-fA-F]{16,128}$/.test(tokenText) ? tokenText.toLowerCase() : randomBytes(16).toString('hex');
  const country = body.country.trim().toUpperCase();
  const hasStates = country === 'US' || country === 'CA';

  try {
    return await d.db.transaction().execute(async (trx) => {
      const referrerId = numericId(body.referrer);
      const referrer = referrerId
        ? await trx.selectFrom('affiliates').select('id').where('id', '=', referrerId).where('status', '=', 'active').executeTakeFirst()
        : undefined;
      const mktgId = numericId(body.mktg);
      const mktg = mktgId ? await trx.selectFrom('marketing_campaigns').select('id').where('id', '=', mktgId).executeTakeFirst() : undefined;
      // A token whose application was already submitted (a re-application prefilled from it) starts a new record.
      const earlier = await trx.selectFrom('applications').select('affiliate_id').where('token', '=', appToken).forUpdate().executeTakeFirst();
      const token = earlier?.affiliate_id ? randomBytes(16).toString('hex') : appToken;

      const managerId = await leastBusyManager(trx);
      const affiliate = await trx
        .insertInto('affiliates')
        .values({
          email,
          password_hash: passwordHash,
          first_name: body.firstname.trim(),
          last_name: body.lastname.trim(),
          company: body.company.trim(),
          phone: body.phone.trim(),
          mobile_phone: body.mobile.trim(),
          time_zone: body.timezone.replace(/\s+/g, ''),
          contact_time: Number(body.contact_time),
          im_handle: body.im_handle.trim(),
          address1: body.address_1.trim(),
          address2: body.address_2.trim(),
          city: body.city.trim(),
          state: hasStates ? body.state.trim().toUpperCase() : '',
          non_state: hasStates ? '' : body.non_state.trim(),
          country_code: country,
          zipcode: body.zipcode.trim(),
          promotion: body.promotion.trim(),
          website: body.website.trim(),
          hear_about_source: body.hear_about_source.trim(),
          hear_about: body.hear_about_source.trim() === 'other' ? body.hear_about.trim() : '',
          experience_level: Number(body.experience_level),
          experience_description: body.experience_description.trim(),
          desired_offer: body.desired_offer.trim(),
          security_q1: securityIds[0],
          security_a1_hash: a1,
          security_q2: securityIds[1],
          security_a2_hash: a2,
          status: 'pending',
          email_verified_at: null,
          manager_id: managerId,
          referrer_id: referrer?.id ?? null,
          maxmoney_balance: 0,
          registration_date: now,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();

      for (const [side, image] of [['front', front], ['back', back]] as const) {
        if (!image) continue;
        await trx
          .insertInto('affiliate_documents')
          .values({
            affiliate_id: affiliate.id, application_token: token, side, file_path: '', mime_type: image.type,
            size_bytes: image.bytes.length, content: image.bytes, created_at: now,
          })
          .execute();
      }

      const existing = body.existing_account.trim() === 'yes';
      const details = {
        name: `${body.firstname.trim()} ${body.lastname.trim()}`.trim(),
        // As the tracking record (spec 002 §3): `contact` is the company; the contact time is ours.
        contact: body.company.trim(),
        contactTime: body.contact_time.trim(),
        streetAddress1: body.address_1.trim(),
        streetAddress2: body.address_2.trim(),
        city: body.city.trim(),
        state: hasStates ? body.state.trim().toUpperCase() : body.non_state.trim(),
        countryCode: country,
        zipCode: body.zipcode.trim(),
        phone: body.phone.trim(),
        mobile: body.mobile.trim(),
        im: body.im_handle.trim(),
        experienceDescription: body.experience_description.trim(),
        experienceLevel: Number(body.experience_level),
        existing_account: existing ? 'yes' : 'no',
        other_affiliate_id: existing ? body.other_affiliate_id.trim() : '',
        other_email: existing ? body.other_email.trim() : '',
        // The application context (spec 002 §3): ids only when numeric (§5 "Stored ids").
        context: {
          referrer: referrer?.id ?? null,
          mktg: mktg?.id ?? null,
          blg: numericId(body.blg),
          original_affiliate_id: numericId(body.original_affiliate_id),
          http_referrer: clip(body.http_referrer, 2000),
          coreg_id: clip(body.coreg_id, 100),
          coreg_email: clip(body.coreg_email, 254),
        },
      };
      await trx
        .insertInto('applications')
        .values({ token, email, stage: 'Successful', details: JSON.stringify(details), affiliate_id: affiliate.id, created_at: now, updated_at: now })
        .onConflict((oc) =>
          oc.column('token').doUpdateSet({ email, stage: 'Successful', details: JSON.stringify(details), affiliate_id: affiliate.id, updated_at: now }),
        )
        .execute();

      if (referrer) {
        await trx.insertInto('referrals').values({ referrer_id: referrer.id, referred_id: affiliate.id, referred_at: now, approved_at: null }).execute();
      }

      const code = await newVerificationCode(trx, affiliate.id, now);
      const link = `${d.baseUrl}${paths.verify(affiliate.id, code)}`;
      await d.messenger.queue(trx, {
        channel: 'email',
        recipient: email,
        subject: `Confirm your e-mail address for ${d.productName}`,
        body:
          `Hello ${body.firstname.trim()},\n\nThank you for applying to ${d.productName}. Please confirm your e-mail address by opening ` +
          `this link within 7 days:\n\n${link}\n\nNext, our compliance and affiliate management teams review your application, ` +
          'and your affiliate manager will call you for a short, mandatory interview.\n\n' +
          'If you did not apply, you can ignore this e-mail.',
      });
      return { affiliateId: affiliate.id };
    });
  } catch (err) {
    // The unique index on lower(email): a second submission raced this one.
    if (err instanceof Error && /affiliates_email_key/.test(err.message)) throw new ApiError(409, M.emailUnavailable);
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Verification
// ---------------------------------------------------------------------------------------------
