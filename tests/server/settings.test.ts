import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/demo/seed';
import { verifyPassword } from '../../server/lib/crypto';
import { normaliseAnswer, SETTINGS_WINDOW_MS, settingsMessages } from '../../server/modules/settings/service';
import { EMAIL_UNDELIVERABLE, FLAG_INVALID_EMAIL, profileMessages } from '../../src/shared/profileOptions';
import { insertAffiliate, setupTestApp, signIn, testEngine, tokenFor, withToken, type TestContext, recordingMessenger } from './helpers';

let t: TestContext;
let offset = 0;
const { messenger, sent } = recordingMessenger();
const now = () => new Date(Date.now() + offset);

beforeAll(async () => {
  t = await setupTestApp({ now, messenger });
});
afterAll(() => t?.close());

const api = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject(withToken(token, { method, url: `/api${url}`, ...(payload ? { payload } : {}) }));

let serial = 0;
/** A fresh affiliate of this test, signed in. */
async function freshAffiliate(values: Record<string, unknown> = {}) {
  const email = `settings-${++serial}@example.com`;
  const id = await insertAffiliate(t.database, { email, time_zone: '11,-5', country_code: 'US', state: 'NY', ...values });
  return { id, email, token: await tokenFor(t.app, email) };
}

/** Passes the settings verification with the code from the outbox: the window opens. */
async function verify(token: string) {
  const send = await api(token, 'POST', '/authenticationApp/sendCode', { method: 'byEmail', purpose: 'settings' });
  expect(send.statusCode).toBe(200);
  const code = /\b(\d{6})\b/.exec(sent.at(-1)!.body)![1];
  const res = await api(token, 'POST', '/authenticationApp/verifyCode', { code, t: send.json().t });
  expect(res.statusCode).toBe(200);
  return res.json() as { success: true; editable_until: string };
}

const affiliateRow = (id: number) => t.database.db.selectFrom('affiliates').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const validBodies = {
  personalDetails: { name: 'Jane Q Public', company: 'Acme', mobile: '+1 212 555 0187', phone: '', timezone: '5,-8', contact_time: 3, im_handle: '@jane' },
  phoneDetails: { mobile: '+44 7911 123456', phone: '+1 212 555 0100' },
  addressDetails: { address1: '1 Main St', address2: '', city: 'Toronto', state: 'ON', non_state: '', country: { text: 'Canada', key: 'CA' }, zipcode: 'M5V 2T6' },
  promotionalDetails: { promotion: 'Email newsletters to 40,000 opted-in readers and a coupon site with organic search.', website: 'https://example.org' },
  emailPreferences: { email: 'fresh.address@example.net', general_mailings: 'N', campaign_notices: 'Y' },
  securityDetails: { password: DEMO_PASSWORD, newPassword1: '', newPassword2: '', security_q1: 1, security_a1: 'Blue', security_q2: 6, security_a2: 'Rex' },
} as const;
type Save = keyof typeof validBodies;
const SAVES = Object.keys(validBodies) as Save[];

describe(`the settings verification window (${testEngine})`, () => {
  it('refuses every save before verification, changing nothing; accepts them after; the window is the session\'s own', async () => {
    const a = await freshAffiliate();
    const before = await affiliateRow(a.id);
    for (const save of SAVES) {
      const res = await api(a.token, 'POST', `/affiliate/${save}`, validBodies[save]);
      expect(res.statusCode, save).toBe(403);
      expect(res.json().errors.message).toBe(settingsMessages.locked);
    }
    expect(await affiliateRow(a.id)).toEqual(before);
    expect((await api(a.token, 'GET', '/affiliate?log=true')).json().settings_editable_until).toBeUndefined();

    const opened = await verify(a.token);
    expect(Date.parse(opened.editable_until) - now().getTime()).toBeGreaterThan(SETTINGS_WINDOW_MS - 60_000);
    expect((await api(a.token, 'GET', '/affiliate?log=true')).json().settings_editable_until).toBe(opened.editable_until);

    // Another sign-in of the same affiliate has no window of its own.
    const other = await tokenFor(t.app, a.email);
    expect((await api(other, 'POST', '/affiliate/phoneDetails', validBodies.phoneDetails)).statusCode).toBe(403);
    expect((await api(other, 'GET', '/affiliate')).json().settings_editable_until).toBeUndefined();

    for (const save of SAVES) {
      const res = await api(a.token, 'POST', `/affiliate/${save}`, validBodies[save]);
      expect(res.statusCode, `${save}: ${res.body}`).toBe(200);
      expect(res.json()).toEqual({ success: true, message: expect.stringMatching(/has been saved|have been saved/) });
    }
  });

  it('closes 15 minutes after the code, renewed by each save; otpCancel needs it too', async () => {
    const a = await freshAffiliate();
    expect((await api(a.token, 'POST', '/authenticationApp/otpCancel')).statusCode).toBe(403);
    await verify(a.token);
    try {
      offset = SETTINGS_WINDOW_MS - 5_000;
      expect((await api(a.token, 'POST', '/affiliate/phoneDetails', validBodies.phoneDetails)).statusCode).toBe(200);
      // Renewed by that save: still open 14 minutes later.
      offset += SETTINGS_WINDOW_MS - 60_000;
      expect((await api(a.token, 'POST', '/affiliate/phoneDetails', validBodies.phoneDetails)).statusCode).toBe(200);
      offset += SETTINGS_WINDOW_MS + 1_000;
      const late = await api(a.token, 'POST', '/affiliate/phoneDetails', validBodies.phoneDetails);
      expect(late.statusCode).toBe(403);
      expect(late.json().errors.message).toBe(settingsMessages.locked);
      expect((await api(a.token, 'POST', '/authenticationApp/otpCancel')).statusCode).toBe(403);
    } finally {
      offset = 0;
    }
  });
});

describe(`each save re-checks the rules of spec 001 section 5 (${testEngine})`, () => {
  const refused = async (token: string, save: Save, body: object, status: number, message: string | RegExp) => {
    const res = await api(token, 'POST', `/affiliate/${save}`, body);
    expect(res.statusCode, `${save} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
    expect(res.json().errors.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
  };

  it('personal information: name, time zone and contact time required, a real mobile number; saved as one record', async () => {
    const a = await freshAffiliate();
    await verify(a.token);
    const before = await affiliateRow(a.id);
    const body = validBodies.personalDetails;
    await refused(a.token, 'personalDetails', { ...body, name: '  ' }, 400, 'Please enter your name.');
    await refused(a.token, 'personalDetails', { ...body, timezone: '' }, 400, 'Please choose your time zone.');
    await refused(a.token, 'personalDetails', { ...body, timezone: '80,3' }, 400, 'Please choose your time zone.');
    await refused(a.token, 'personalDetails', { ...body, timezone: '11,+2' }, 400, 'Please choose your time zone.');
    await refused(a.token, 'personalDetails', { ...body, contact_time: 7 }, 400, 'Please choose the best time to contact you.');
    await refused(a.token, 'personalDetails', { ...body, contact_time: 'soon' }, 400, 'Please choose the best time to contact you.');
    await refused(a.token, 'personalDetails', { ...body, mobile: '555' }, 400, 'Invalid mobile number');
    await refused(a.token, 'personalDetails', { ...body, phone: '12' }, 400, settingsMessages.invalidPhone);
    expect(await affiliateRow(a.id)).toEqual(before);

    expect((await api(a.token, 'POST', '/affiliate/personalDetails', { ...body, contact_time: { value: 3, text: 'Early Afternoon' } })).statusCode).toBe(200);
    const record = (await api(a.token, 'GET', '/affiliate?log=true')).json().affiliate_personal_information;
    expect(record).toMatchObject({ name: 'Jane Q Public', company: 'Acme', mobile_phone: '+1 212 555 0187', time_zone: '5,-8', contact_time: { value: 3, text: 'Early Afternoon' }, im_handle: '@jane' });
    expect(await affiliateRow(a.id)).toMatchObject({ first_name: 'Jane', last_name: 'Q Public' });
  });

  it('phone: a mobile number is required and must be real', async () => {
    const a = await freshAffiliate();
    await verify(a.token);
    await refused(a.token, 'phoneDetails', { mobile: '', phone: '' }, 400, 'Please enter your mobile number.');
    await refused(a.token, 'phoneDetails', { mobile: '+1 000 000 0000', phone: '' }, 400, 'Invalid mobile number');
    // Without a country code: a US number.
    expect((await api(a.token, 'POST', '/affiliate/phoneDetails', { mobile: '(212) 555-0187', phone: '' })).statusCode).toBe(200);
  });

  it('address: a state of the list for US and CA, free text elsewhere; a real country', async () => {
    const a = await freshAffiliate();
    await verify(a.token);
    const us = { address1: '1 Main St', address2: '', city: 'Albany', state: '', non_state: '', country: { text: 'United States', key: 'US' }, zipcode: '12207' };
    await refused(a.token, 'addressDetails', us, 400, profileMessages.chooseState);
    await refused(a.token, 'addressDetails', { ...us, state: 'ON' }, 400, profileMessages.chooseState);
    await refused(a.token, 'addressDetails', { ...us, state: 'NY', country: { text: 'Nowhere', key: 'ZZ' } }, 400, 'Please choose your country.');
    await refused(a.token, 'addressDetails', { ...us, state: 'NY', city: '' }, 400, 'Please enter your city.');
    await refused(a.token, 'addressDetails', { ...us, state: 'NY', zipcode: ' ' }, 400, 'Please enter your zip / postal code.');
    expect((await api(a.token, 'POST', '/affiliate/addressDetails', { ...us, state: 'pr' })).statusCode).toBe(200);
    expect(await affiliateRow(a.id)).toMatchObject({ state: 'PR', non_state: '', country_code: 'US' });
    const de = { ...us, city: 'Berlin', state: '', non_state: 'Brandenburg', country: { text: 'Germany', key: 'de' }, zipcode: '10115' };
    expect((await api(a.token, 'POST', '/affiliate/addressDetails', de)).statusCode).toBe(200);
    expect(await affiliateRow(a.id)).toMatchObject({ state: '', non_state: 'Brandenburg', country_code: 'DE' });
    expect((await api(a.token, 'GET', '/affiliate')).json().affiliate_address).toMatchObject({ state: 'Brandenburg', country_code: 'DE', city: 'Berlin' });
  });

  it('promotional methods: at least 50 characters, a website; the incentive setting is not the affiliate\'s', async () => {
    const a = await freshAffiliate({ incentive: false });
    await verify(a.token);
    const body = validBodies.promotionalDetails;
    await refused(a.token, 'promotionalDetails', { ...body, promotion: 'Too short.' }, 400, profileMessages.shortDescription);
    await refused(a.token, 'promotionalDetails', { ...body, website: 'not a site' }, 400, settingsMessages.website);
    await refused(a.token, 'promotionalDetails', { ...body, website: 'javascript:alert(1)' }, 400, settingsMessages.website);
    await refused(a.token, 'promotionalDetails', { ...body, incentive: 'Y' }, 403, /managed by your affiliate manager/);
    expect((await affiliateRow(a.id)).incentive).toBe(false);
    expect((await api(a.token, 'POST', '/affiliate/promotionalDetails', { ...body, website: 'example.org/blog' })).statusCode).toBe(200);
    expect(await affiliateRow(a.id)).toMatchObject({ website: 'example.org/blog', incentive: false });
  });

  it('email preferences: a valid, allowed, unused address; the undeliverable one refused unchanged; success clears flag 121', async () => {
    const a = await freshAffiliate();
    await t.database.db.insertInto('affiliate_flags').values({ affiliate_id: a.id, flag: FLAG_INVALID_EMAIL }).execute();
    await verify(a.token);
    const body = { general_mailings: 'Y', campaign_notices: 'N' };
    await refused(a.token, 'emailPreferences', { ...body, email: 'not-an-address' }, 400, 'This email address is invalid.');
    await refused(a.token, 'emailPreferences', { ...body, email: 'bounce-me@example.com' }, 400, 'This email address is not allowed.');
    await refused(a.token, 'emailPreferences', { ...body, email: a.email.toUpperCase() }, 400, EMAIL_UNDELIVERABLE);
    await refused(a.token, 'emailPreferences', { ...body, email: 'demo@example.com' }, 409, settingsMessages.emailTaken);
    await refused(a.token, 'emailPreferences', { ...body, email: 'new@example.com', general_mailings: 'maybe' }, 400, 'Please choose Yes or No.');
    expect((await api(a.token, 'GET', '/affiliate')).json().affiliate_flags).toContain(FLAG_INVALID_EMAIL);

    expect((await api(a.token, 'POST', '/affiliate/emailPreferences', { ...body, email: `moved-${a.id}@example.com` })).statusCode).toBe(200);
    const record = (await api(a.token, 'GET', '/affiliate')).json();
    expect(record.affiliate_flags).not.toContain(FLAG_INVALID_EMAIL);
    expect(record.affiliate_personal_information.email).toBe(`moved-${a.id}@example.com`);
    expect(record.email_preferences).toEqual({ general_mailings: 'Y', campaign_notices: 'N' });
  });

  it('security: the current password, matching new passwords of the rule, one question of each group; hashed; other sessions end', async () => {
    const a = await freshAffiliate();
    await verify(a.token);
    const other = await tokenFor(t.app, a.email);
    const body = validBodies.securityDetails;
    await refused(a.token, 'securityDetails', { ...body, password: 'wrong-password' }, 400, settingsMessages.wrongPassword);
    await refused(a.token, 'securityDetails', { ...body, newPassword1: 'Sunny-day-42', newPassword2: 'Sunny-day-43' }, 400, profileMessages.passwordsDontMatch);
    await refused(a.token, 'securityDetails', { ...body, newPassword1: 'shrt1!', newPassword2: 'shrt1!' }, 400, profileMessages.passwordRule);
    await refused(a.token, 'securityDetails', { ...body, newPassword1: 'nodigits-here', newPassword2: 'nodigits-here' }, 400, profileMessages.passwordRule);
    await refused(a.token, 'securityDetails', { ...body, newPassword1: 'has space 12!', newPassword2: 'has space 12!' }, 400, profileMessages.passwordRule);
    await refused(a.token, 'securityDetails', { ...body, security_q1: 6 }, 400, settingsMessages.question1);
    await refused(a.token, 'securityDetails', { ...body, security_q2: 1 }, 400, settingsMessages.question2);
    await refused(a.token, 'securityDetails', { ...body, security_q2: 99999 }, 400, settingsMessages.question2);
    await refused(a.token, 'securityDetails', { ...body, security_a2: ' ' }, 400, 'Please answer both security questions.');
    await refused(a.token, 'securityDetails', { ...body, password: '' }, 400, 'Please enter your current password.');

    const res = await api(a.token, 'POST', '/affiliate/securityDetails', { ...body, newPassword1: 'Sunny-day-42', newPassword2: 'Sunny-day-42', security_a1: '  Deep   Blue ' });
    expect(res.statusCode, res.body).toBe(200);
    const row = await affiliateRow(a.id);
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(await verifyPassword('Sunny-day-42', row.password_hash)).toBe(true);
    expect(row.security_a1_hash).not.toContain('Blue');
    expect(await verifyPassword(normaliseAnswer('deep blue'), row.security_a1_hash!)).toBe(true);
    expect((await signIn(t.app, a.email)).res.statusCode).toBe(400);
    expect((await signIn(t.app, a.email, 'Sunny-day-42')).res.statusCode).toBe(200);
    // This session goes on; the other one ended with the old password.
    expect((await api(a.token, 'GET', '/affiliate')).statusCode).toBe(200);
    expect((await api(other, 'GET', '/affiliate')).statusCode).toBe(401);
  });
});

describe(`a save that fails midway changes nothing (${testEngine})`, () => {
  it('email preferences: the flag cannot be cleared, so the address stays as it was', async () => {
    const a = await freshAffiliate();
    await t.database.db.insertInto('affiliate_flags').values({ affiliate_id: a.id, flag: FLAG_INVALID_EMAIL }).execute();
    await verify(a.token);
    const before = await affiliateRow(a.id);
    const db = t.database.db;
    await sql`create function settings_test_fail() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`.execute(db);
    await sql.raw(`create trigger settings_test_fail before delete on affiliate_flags for each row when (old.affiliate_id = ${a.id}) execute function settings_test_fail()`).execute(db);
    try {
      const res = await api(a.token, 'POST', '/affiliate/emailPreferences', { email: `elsewhere-${a.id}@example.com`, general_mailings: 'N', campaign_notices: 'N' });
      expect(res.statusCode).toBe(500);
      expect(res.json().errors.message).not.toMatch(/injected|trigger|affiliate_flags/);
      expect(await affiliateRow(a.id)).toEqual(before);
    } finally {
      await sql`drop trigger settings_test_fail on affiliate_flags`.execute(db);
    }
  });

  it('security: other sessions cannot be ended, so the password stays as it was', async () => {
    const a = await freshAffiliate();
    await verify(a.token);
    await tokenFor(t.app, a.email);
    const before = await affiliateRow(a.id);
    const db = t.database.db;
    await sql.raw(`create trigger settings_test_fail before update on sessions for each row when (old.affiliate_id = ${a.id} and new.revoked_at is not null) execute function settings_test_fail()`).execute(db);
    try {
      const res = await api(a.token, 'POST', '/affiliate/securityDetails', { ...validBodies.securityDetails, newPassword1: 'Sunny-day-42', newPassword2: 'Sunny-day-42' });
      expect(res.statusCode).toBe(500);
      expect(await affiliateRow(a.id)).toEqual(before);
    } finally {
      await sql`drop trigger settings_test_fail on sessions`.execute(db);
      await sql`drop function settings_test_fail()`.execute(db);
    }
  });
});
