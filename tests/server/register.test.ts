import { describe, expect, it } from 'vitest';
import { PendingPublishersResponse, PublisherDecisionResponse, RegisterResponse, SecurityQuestionsResponse } from '../../src/api/contract/register';
import { registrationMessages as M } from '../../src/shared/registration';
import { SECURITY_QUESTIONS } from '../../server/db/demo/content';
import { BUSINESS_HOURS, REMAINING_STEPS, verifyRegistration } from '../../server/modules/register/service';
import { PENDING_MESSAGE, REJECTED_MESSAGE } from '../../server/modules/session/service';
import { signIn, testEngine } from './helpers';
import { t, PNG, GIF, TRUNCATED_JPEG, good, type Image, png, submit, counts, linkFor, verify, operatorCall, operatorToken, withRegisterApp } from './registerFixture';

/**
 * Joining the network (docs/registration.md): every rule of spec 002 §5 re-checked by the server, ID
 * images checked by their bytes, nothing stored after a refusal, the e-mailed link, the operator's
 * review and sign-in afterwards. Runs on PGlite and, with TEST_DATABASE_URL, on Postgres.
 */
withRegisterApp();

describe(`GET /api/register/getSecurityQuestions (${testEngine})`, () => {
  it('answers without a session: every question once, by id, each in group 1 or 2, both groups present', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/register/getSecurityQuestions' });
    expect(res.statusCode).toBe(200);
    const { securityQuestions } = SecurityQuestionsResponse.parse(res.json());
    expect(securityQuestions.map((q) => [q.id, q.question, q.question_group])).toEqual([...SECURITY_QUESTIONS].sort((a, b) => a[0] - b[0]));
    expect(new Set(securityQuestions.map((q) => q.question_group))).toEqual(new Set([1, 2]));
  });

  it('reads the database: a question the network adds is listed', async () => {
    await t.database.db.insertInto('security_questions').values({ id: 9001, question: 'What was the name of your first campaign?', question_group: 2 }).execute();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/register/getSecurityQuestions' });
      const { securityQuestions } = SecurityQuestionsResponse.parse(res.json());
      expect(securityQuestions.at(-1)).toEqual({ id: 9001, question: 'What was the name of your first campaign?', question_group: 2 });
    } finally {
      await t.database.db.deleteFrom('security_questions').where('id', '=', 9001).execute();
    }
  });
});

describe(`POST /api/register refusals (${testEngine})`, () => {
  // One sample per rule of spec 002 §5, with its exact message.
  const rules: Array<[string, Record<string, string>, string]> = [
    ['no first name', { firstname: '' }, M.firstNameRequired],
    ['no last name', { lastname: ' ' }, M.lastNameRequired],
    ['a name over 100 together', { firstname: 'a'.repeat(60), lastname: 'b'.repeat(41) }, M.nameTooLong],
    ['a company over 100', { company: 'c'.repeat(101) }, M.companyTooLong],
    ['no e-mail', { email: '' }, M.emailRequired],
    ['a banned e-mail', { email: 'bounce-handler@example.com' }, M.emailNotAllowed],
    ["'spam' in the whole address", { email: 'ada@nospamhere.example.com' }, M.emailNotAllowed],
    ['an obscenity in the whole address', { email: 'ada@fuckads.example.com' }, M.emailNotAllowed],
    ['passwords that differ', { password2: 'secret#124' }, M.passwordsDontMatch],
    ['a password without a digit', { password: 'secret#abc', password2: 'secret#abc' }, M.passwordRule],
    ['a password of 6', { password: 'sec#12', password2: 'sec#12' }, M.passwordRule],
    ['a password with whitespace', { password: 'secret #123', password2: 'secret #123' }, M.passwordRule],
    ['a password over 30', { password: `secret#1${'x'.repeat(23)}`, password2: `secret#1${'x'.repeat(23)}` }, M.passwordRule],
    ['an existing account with a bad e-mail', { existing_account: 'yes', other_affiliate_id: '7', other_email: 'not-an-email' }, M.otherEmailInvalid],
    ['no mobile', { mobile: '' }, M.mobileRequired],
    ['a 7-character mobile', { mobile: '5550187' }, M.mobileTooShort],
    ['a mobile that is no number', { mobile: '+1 000 000 0000' }, M.mobileInvalid],
    ['an alternate phone that is no number', { phone: '+1 000 000 0000' }, M.mobileInvalid],
    ['no time zone', { timezone: '' }, M.timezoneRequired],
    ['no contact time', { contact_time: '' }, M.contactTimeRequired],
    ['a Telegram handle of 50', { im_handle: 't'.repeat(50) }, M.telegramTooLong],
    ['no street', { address_1: '' }, M.streetRequired],
    ['no city', { city: '' }, M.cityRequired],
    ['no country', { country: '', state: '' }, M.countryRequired],
    ['US without a state', { state: '' }, M.chooseState],
    ['a street of 100', { address_1: 's'.repeat(100) }, M.streetTooLong],
    ['an address 2 of 100', { address_2: 's'.repeat(100) }, M.address2TooLong],
    ['a foreign state of 100', { country: 'FR', state: '', non_state: 'n'.repeat(100) }, M.nonStateTooLong],
    ['no zip', { zipcode: '' }, M.zipRequired],
    ['no source', { hear_about_source: '' }, M.sourceRequired],
    ['other source without text', { hear_about_source: 'other' }, M.sourceDescriptionRequired],
    ['other source of 50', { hear_about_source: 'other', hear_about: 'o'.repeat(50) }, M.sourceDescriptionTooLong],
    ['no experience description', { experience_description: '' }, M.experienceRequired],
    ['no promotion', { promotion: '  ' }, M.promotionRequired],
    ['a description of 49', { experience_description: 'd'.repeat(49) }, M.descriptionLength],
    ['a promotion of 201', { promotion: 'p'.repeat(201) }, M.descriptionLength],
    ['no level', { experience_level: '' }, M.levelRequired],
    ['a term not agreed', { agree_no_freelancers: '' }, M.termRequired],
    ['a security question of the wrong group', { security_q1: '6', security_a1: 'Blue' }, M.securityQuestionInvalid],
  ];
  it.each(rules)('refuses %s with its message, storing nothing', async (_name, change, message) => {
    const before = await counts();
    const res = await submit(good(change));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.message).toBe(message);
    expect(await counts()).toEqual(before);
  });

  const images: Array<[string, { idFront?: Image; idBack?: Image }, number, string]> = [
    ['no front image', {}, 400, M.idFrontRequired],
    ['a text file named .png', { idFront: { bytes: Buffer.from('just some text, not a picture at all'), name: 'id.png', type: 'image/png' } }, 415, M.imageType],
    ['a truncated JPEG', { idFront: { bytes: TRUNCATED_JPEG, name: 'id.jpg', type: 'image/jpeg' } }, 415, M.imageType],
    ['a bad back image', { idFront: png(), idBack: { bytes: TRUNCATED_JPEG, name: 'back.jpg', type: 'image/jpeg' } }, 415, M.imageType],
    ['an image of 25,000,000 bytes', { idFront: { bytes: Buffer.concat([PNG, Buffer.alloc(25_000_000 - PNG.length)]), name: 'big.png', type: 'image/png' } }, 413, M.imageTooLarge],
  ];
  it.each(images)('refuses %s, storing nothing', async (_name, files, status, message) => {
    const before = await counts();
    const res = await submit(good(), files);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().errors.message).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it('refuses an address already registered (409), whatever its case', async () => {
    const before = await counts();
    const existing = (await t.database.db.selectFrom('affiliates').select('email').orderBy('id').executeTakeFirstOrThrow()).email;
    const res = await submit(good({ email: existing.toUpperCase() }));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().errors.message).toBe(M.emailUnavailable);
    expect(await counts()).toEqual(before);
  });
});

describe(`joining, verifying and the review (${testEngine})`, () => {
  it('registers, e-mails the link, verifies once (2, then 0), is approved and signs in', async () => {
    const fields = good({ security_q1: '1', security_a1: 'Rex' });
    const before = await counts();
    const res = await submit(fields, { idFront: png(), idBack: { bytes: GIF, name: 'back.gif', type: 'image/gif' } });
    expect(res.statusCode, res.body).toBe(200);
    const { affiliate_id: id } = RegisterResponse.parse(res.json());
    const after = await counts();
    expect(after).toEqual({ ...before, affiliates: before.affiliates + 1, documents: before.documents + 2, applications: before.applications + 1, codes: before.codes + 1, outbox: before.outbox + 1 });

    const row = await t.database.db.selectFrom('affiliates').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', email_verified_at: null, first_name: 'Ada', state: 'NY', country_code: 'US', hear_about_source: 'coference', experience_level: 2 });
    expect(row.manager_id).not.toBeNull();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.security_a1_hash).toMatch(/^scrypt\$/);
    const app = await t.database.db.selectFrom('applications').selectAll().where('affiliate_id', '=', id).executeTakeFirstOrThrow();
    expect(app.stage).toBe('Successful');
    expect(app.token).toBe(fields.appToken);

    // Pending: sign-in says the application is being reviewed.
    const pending = await signIn(t.app, fields.email, fields.password);
    expect(pending.res.statusCode).toBe(403);
    expect((pending.body.errors as { message: string }).message).toBe(PENDING_MESSAGE);

    const link = await linkFor(fields.email);
    expect(link.i).toBe(String(id));
    const first = await verify(link.i, link.e);
    expect(BUSINESS_HOURS).toBe('9:00 AM-4:00 PM');
    expect(first).toMatchObject({ status: 2, affiliate_id: id, list: REMAINING_STEPS, businessHours: BUSINESS_HOURS });
    expect(first.affiliateManager.name).not.toBe('');
    expect(first.currentTime).toMatch(/^\d{1,2}:\d{2} (AM|PM)$/);
    expect(first.dayOfWeek).toMatch(/day$/);
    expect((await t.database.db.selectFrom('affiliates').select('email_verified_at').where('id', '=', id).executeTakeFirstOrThrow()).email_verified_at).not.toBeNull();
    // Spent by its first use: opened again (a reload, a mail scanner first) it reads the same outcome
    // and changes nothing; a wrong code or id is the same 0.
    const verifiedAt = (await t.database.db.selectFrom('affiliates').select('email_verified_at').where('id', '=', id).executeTakeFirstOrThrow()).email_verified_at;
    expect(await verify(link.i, link.e)).toMatchObject({ status: 2, affiliate_id: id });
    expect((await t.database.db.selectFrom('affiliates').select('email_verified_at').where('id', '=', id).executeTakeFirstOrThrow()).email_verified_at).toEqual(verifiedAt);
    // One character changed (to one it is not, in any case: 'A' would be no change for a code ending in 'a' or 'A').
    expect((await verify(link.i, `${link.e.slice(0, -1)}${link.e.endsWith('0') ? '1' : '0'}`)).status).toBe(0);
    expect((await verify('999999', link.e)).status).toBe(0);
    expect(await verify('abc', '')).toMatchObject({ status: 0, affiliate_id: null, affiliateManager: { name: '', phone: '', telegram: '' } });

    // The operator sees it with its images, approves it; it signs in.
    const op = await operatorToken();
    const list = PendingPublishersResponse.parse((await operatorCall(op, 'GET', '/api/operator/publishers')).json());
    const mine = list.publishers.find((p) => p.affiliate_id === id)!;
    expect(mine).toMatchObject({ email: fields.email, email_verified: true, application: { token: fields.appToken, existing_account: 'no' } });
    const front = await operatorCall(op, 'GET', mine.id_images.front!);
    expect(front.statusCode).toBe(200);
    expect(front.headers['content-type']).toBe('image/png');
    expect(front.rawPayload.equals(PNG)).toBe(true);
    const back = await operatorCall(op, 'GET', mine.id_images.back!);
    expect(back.headers['content-type']).toBe('image/gif');
    // An affiliate's or no token opens nothing.
    expect((await t.app.inject({ method: 'GET', url: mine.id_images.front! })).statusCode).toBe(401);

    const approved = await operatorCall(op, 'POST', `/api/operator/publishers/${id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(PublisherDecisionResponse.parse(approved.json()).publisher.status).toBe('active');
    expect((await operatorCall(op, 'POST', `/api/operator/publishers/${id}/approve`)).statusCode).toBe(409);
    const ok = await signIn(t.app, fields.email, fields.password);
    expect(ok.res.statusCode, ok.res.body).toBe(200);
  });

  it('a link opened after approval answers 1 (confirmed and active)', async () => {
    const fields = good();
    const res = await submit(fields);
    const { affiliate_id: id } = RegisterResponse.parse(res.json());
    const op = await operatorToken();
    expect((await operatorCall(op, 'POST', `/api/operator/publishers/${id}/approve`)).statusCode).toBe(200);
    const link = await linkFor(fields.email);
    const answer = await verify(link.i, link.e);
    expect(answer).toMatchObject({ status: 1, affiliate_id: id, list: [] });
  });

  it('tells the Eastern wall-clock time, in summer (EDT) and in winter (EST)', async () => {
    expect(await verifyRegistration(t.database.db, '1', '', new Date('2026-07-07T18:05:00Z'))).toMatchObject({ status: 0, currentTime: '2:05 PM', dayOfWeek: 'Tuesday' });
    expect(await verifyRegistration(t.database.db, '1', '', new Date('2026-01-09T04:30:00Z'))).toMatchObject({ currentTime: '11:30 PM', dayOfWeek: 'Thursday' });
  });

  it('an expired link answers 0', async () => {
    const fields = good();
    const { affiliate_id: id } = RegisterResponse.parse((await submit(fields)).json());
    await t.database.db.updateTable('verification_codes').set({ expires_at: new Date(Date.now() - 1000) }).where('affiliate_id', '=', id).execute();
    const link = await linkFor(fields.email);
    expect((await verify(link.i, link.e)).status).toBe(0);
  });

  it('reject: sign-in says the application was not approved', async () => {
    const fields = good();
    const { affiliate_id: id } = RegisterResponse.parse((await submit(fields)).json());
    const op = await operatorToken();
    const rejected = await operatorCall(op, 'POST', `/api/operator/publishers/${id}/reject`);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(PublisherDecisionResponse.parse(rejected.json()).publisher.status).toBe('rejected');
    const refused = await signIn(t.app, fields.email, fields.password);
    expect(refused.res.statusCode).toBe(403);
    expect((refused.body.errors as { message: string }).message).toBe(REJECTED_MESSAGE);
    // Its link no longer confirms anything.
    const link = await linkFor(fields.email);
    expect((await verify(link.i, link.e)).status).toBe(0);
    expect((await operatorCall(op, 'POST', '/api/operator/publishers/999999/reject')).statusCode).toBe(404);
  });

  it('credits the referrer on approval, keeps only numeric context ids', async () => {
    const referrer = await t.database.db.selectFrom('affiliates').select('id').where('status', '=', 'active').orderBy('id').executeTakeFirstOrThrow();
    const fields = good({ referrer: String(referrer.id), mktg: '2', blg: 'x1' });
    const { affiliate_id: id } = RegisterResponse.parse((await submit(fields)).json());
    const referral = () => t.database.db.selectFrom('referrals').selectAll().where('referred_id', '=', id).executeTakeFirst();
    expect(await referral()).toMatchObject({ referrer_id: referrer.id, approved_at: null });
    const op = await operatorToken();
    const list = PendingPublishersResponse.parse((await operatorCall(op, 'GET', '/api/operator/publishers')).json());
    expect(list.publishers.find((p) => p.affiliate_id === id)?.application).toMatchObject({ referrer: referrer.id, mktg: 2, blg: null });
    await operatorCall(op, 'POST', `/api/operator/publishers/${id}/approve`);
    expect((await referral())?.approved_at).not.toBeNull();
    // A referrer that is no active affiliate is ignored, not an error.
    const other = await submit(good({ referrer: '99999999' }));
    expect(other.statusCode).toBe(200);
    const otherId = RegisterResponse.parse(other.json()).affiliate_id;
    expect((await t.database.db.selectFrom('affiliates').select('referrer_id').where('id', '=', otherId).executeTakeFirstOrThrow()).referrer_id).toBeNull();
  });
});
