import { describe, expect, it } from 'vitest';
import { CheckEmailResponse, CheckPhoneResponse, MARKETING_CAMPAIGN_NOT_FOUND, MarketingCampaignResponse, ReApplicationResponse, RegisterResponse } from '../../src/api/contract/register';
import { fieldsOfDetails, trackingBody } from '../../src/features/register/applicationData';
import { emptyFields } from '../../src/machines/registration.machine';
import { registrationMessages as M } from '../../src/shared/registration';
import { testEngine } from './helpers';
import { t, fifty, uniqueEmail, hexToken, good, submit, counts, withRegisterApp } from './registerFixture';

/** The registration wizard's other calls: e-mail and phone checks, stage tracking, re-applying and marketing campaigns. */
withRegisterApp();

describe(`the wizard's other calls (${testEngine})`, () => {
  it('checkEmail: taken for a registered or refused address, free otherwise; rate-limited', async () => {
    const existing = (await t.database.db.selectFrom('affiliates').select('email').orderBy('id').executeTakeFirstOrThrow()).email;
    const check = (e: string, remoteAddress = '10.20.0.1') => t.app.inject({ method: 'GET', url: `/api/register/checkEmail?e=${encodeURIComponent(e)}`, remoteAddress });
    expect(CheckEmailResponse.parse((await check(existing.toUpperCase())).json()).taken).toBe(true);
    expect(CheckEmailResponse.parse((await check('spam.lover@example.com')).json()).taken).toBe(true);
    expect(CheckEmailResponse.parse((await check(uniqueEmail())).json()).taken).toBe(false);
    const empty = await check('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.message).toBe(M.emailRequired);
    let last = 200;
    for (let k = 0; k < 40 && last !== 429; k++) last = (await check(uniqueEmail(), '10.20.0.2')).statusCode;
    expect(last).toBe(429);
  });

  it('checkPhone: the check of the submission, without a session (the contact step asks it)', async () => {
    const check = (m: string) => t.app.inject({ method: 'GET', url: `/api/register/checkPhone?m=${encodeURIComponent(m)}`, remoteAddress: '10.20.1.1' });
    expect(CheckPhoneResponse.parse((await check('+1 212 555 0187')).json())).toEqual({ success: true, isValid: true });
    expect(CheckPhoneResponse.parse((await check('2125550187')).json()).isValid).toBe(true);
    for (const bad of ['+1 000 000 0000', '12345', '']) {
      expect(CheckPhoneResponse.parse((await check(bad)).json()), bad).toEqual({ success: true, isValid: false, message: M.mobileInvalid });
    }
    // The same verdict as the submission: a number checkPhone refuses is refused at Submit.
    const before = await counts();
    const res = await submit(good({ mobile: '+1 000 000 0000' }));
    expect(CheckPhoneResponse.parse((await check('+1 000 000 0000')).json()).isValid).toBe(false);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.message).toBe(M.mobileInvalid);
    expect(await counts()).toEqual(before);
  });

  it('trackApplication records the stages and a failed submit message; reApplication returns the details', async () => {
    const token = hexToken();
    const email = uniqueEmail();
    const track = (details: string, extra: Record<string, unknown> = {}) =>
      t.app.inject({ method: 'POST', url: '/api/register/trackApplication', payload: { token, email, details, name: 'Grace Hopper', city: 'Arlington', countryCode: 'us', experienceLevel: 3, ...extra } });
    expect((await track('Initiated')).statusCode).toBe(200);
    expect((await track('Identification', { streetAddress1: '2 Navy Way', mobile: '+1 212 555 0187', im: '@grace', experienceDescription: fifty })).statusCode).toBe(200);
    let row = await t.database.db.selectFrom('applications').selectAll().where('token', '=', token).executeTakeFirstOrThrow();
    expect(row.stage).toBe('Identification');
    // The identification step opening again forgets the earlier entry.
    expect((await t.app.inject({ method: 'POST', url: '/api/register/trackApplication/removeIdEntry', payload: { token, email } })).statusCode).toBe(200);
    row = await t.database.db.selectFrom('applications').selectAll().where('token', '=', token).executeTakeFirstOrThrow();
    expect(row.stage).toBe('Address');
    expect((await track(M.emailUnavailable)).statusCode).toBe(200);
    row = await t.database.db.selectFrom('applications').selectAll().where('token', '=', token).executeTakeFirstOrThrow();
    expect(row.stage).toBe(M.emailUnavailable);

    const re = ReApplicationResponse.parse((await t.app.inject({ method: 'GET', url: `/api/register/reApplication?token=${token}` })).json());
    expect(re.data_exists).toBe(true);
    expect(re.details).toMatchObject({ e_mail: email, name: 'Grace Hopper', city: 'Arlington', country_code: 'US', experience_level: 3 });
    const none = ReApplicationResponse.parse((await t.app.inject({ method: 'GET', url: `/api/register/reApplication?token=${hexToken()}` })).json());
    expect(none).toEqual({ success: true, data_exists: false, details: null });
    const bad = await t.app.inject({ method: 'GET', url: '/api/register/reApplication?token=not-hex' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.message).toBe('The application token is not valid.');
  });

  it("a submitted application's record is not overwritten by tracking ('Successful' after the submit is fine)", async () => {
    const fields = good();
    expect((await submit(fields)).statusCode).toBe(200);
    const record = () => t.database.db.selectFrom('applications').select(['stage', 'details', 'affiliate_id']).where('token', '=', fields.appToken).executeTakeFirstOrThrow();
    const before = await record();
    for (const details of ['Successful', 'Initiated']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/register/trackApplication', payload: { token: fields.appToken, email: fields.email, details, name: 'Someone Else' } });
      expect(res.statusCode).toBe(200);
    }
    expect(await record()).toEqual(before);
    // A re-application with the same token (another address) starts its own record.
    const again = await submit(good({ appToken: fields.appToken }));
    expect(again.statusCode, again.body).toBe(200);
    const second = await t.database.db.selectFrom('applications').select('token').where('affiliate_id', '=', RegisterResponse.parse(again.json()).affiliate_id).executeTakeFirstOrThrow();
    expect(second.token).not.toBe(fields.appToken);
    expect(await record()).toEqual(before);
  });

  it('a submitted application re-opened by its token prefills the company and the contact time (spec 002 §3: `contact` is the company)', async () => {
    const fields = good({ company: 'Analytical Ads', contact_time: '6', country: 'CA', state: 'ON', city: 'Toronto', zipcode: 'M5H 1A1' });
    expect((await submit(fields)).statusCode).toBe(200);
    const re = ReApplicationResponse.parse((await t.app.inject({ method: 'GET', url: `/api/register/reApplication?token=${fields.appToken}` })).json());
    expect(re.details).toMatchObject({ e_mail: fields.email, contact: 'Analytical Ads', contact_time: '6', name: 'Ada Lovelace', state: 'ON', country_code: 'CA' });
    expect(fieldsOfDetails(re.details!)).toMatchObject({
      firstname: 'Ada', lastname: 'Lovelace', company: 'Analytical Ads', contact_time: '6', email: fields.email, state: 'ON', country: 'CA', mobile: fields.mobile,
    });

    // The same through the wizard's tracking record (an application not submitted yet).
    const token = hexToken();
    const wizard = { ...emptyFields, firstname: 'Grace', lastname: 'Hopper', company: 'Navy Ads', email: uniqueEmail(), contact_time: '3', country: 'US', state: 'VA' };
    const tracked = await t.app.inject({ method: 'POST', url: '/api/register/trackApplication', payload: trackingBody({ stage: 'Contact Info', fields: wizard, appToken: token }) });
    expect(tracked.statusCode, tracked.body).toBe(200);
    const again = ReApplicationResponse.parse((await t.app.inject({ method: 'GET', url: `/api/register/reApplication?token=${token}` })).json());
    expect(fieldsOfDetails(again.details!)).toMatchObject({ firstname: 'Grace', lastname: 'Hopper', company: 'Navy Ads', contact_time: '3', state: 'VA' });
  });

  it('marketing campaigns: found, or 404 with a message', async () => {
    const found = MarketingCampaignResponse.parse((await t.app.inject({ method: 'GET', url: '/api/marketing/campaign/2' })).json());
    expect(found.data.campaign_header).toBe('Welcome, Affiliate Summit attendees');
    const missing = await t.app.inject({ method: 'GET', url: '/api/marketing/campaign/9999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors.message).toBe(MARKETING_CAMPAIGN_NOT_FOUND);
    expect((await t.app.inject({ method: 'GET', url: '/api/marketing/campaign/abc' })).statusCode).toBe(400);
  });
});
