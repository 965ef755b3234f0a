import { describe, expect, it } from 'vitest';
import { ValidationResponse } from '../../src/api/contract/affiliate';
import { DEMO_ACCOUNTS } from '../../server/db/demo/seed';
import { EMAIL_INVALID, EMAIL_NOT_ALLOWED, EMAIL_UNDELIVERABLE } from '../../src/shared/emailRules';
import { INVALID_MOBILE } from '../../src/shared/phone';
import { testEngine, withToken } from './helpers';
import { demo, other as badMail, t, withSignedInApp } from './signedInApp';

withSignedInApp(DEMO_ACCOUNTS.badMail);

const check = async (token: string, url: string) => {
  const res = await t.app.inject(withToken(token, { method: 'GET', url }));
  expect(res.statusCode, url).toBe(200);
  return ValidationResponse.parse(res.json());
};
const phone = (token: string, m: string) => check(token, `/api/affiliate/validatePhone?m=${encodeURIComponent(m)}`);
const email = (token: string, address: string) => check(token, `/api/affiliate/validateEmail?email=${encodeURIComponent(address)}`);

describe(`GET /api/affiliate/validatePhone (${testEngine})`, () => {
  it('accepts real numbers, US without a country code and others with theirs', async () => {
    for (const m of ['(202) 456-1111', '202-456-1111', '+1 416 555 0199', '+44 20 7946 0958', '+49 30 901820', '+91 98765 43210']) {
      expect(await phone(demo, m), m).toEqual({ success: true, isValid: true });
    }
  });

  it('refuses what is not a number of any country, with the spec message', async () => {
    for (const m of ['123', '555-1234', '+44 20 12', 'call me', '+999 1234567', ' ']) {
      expect(await phone(demo, m), m).toEqual({ success: true, isValid: false, message: INVALID_MOBILE });
    }
  });

  it('needs a session and the parameter', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/affiliate/validatePhone?m=2024561111' })).statusCode).toBe(401);
    const res = await t.app.inject(withToken(demo, { method: 'GET', url: '/api/affiliate/validatePhone' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.message).toEqual(expect.any(String));
  });
});

describe(`GET /api/affiliate/validateEmail (${testEngine})`, () => {
  it('accepts a good address, and words that only look like banned ones', async () => {
    for (const a of ['jordan@example.com', 'analyst@example.com', 'assistant@example.com', 'mail@scunthorpe.example', 'john@bounce-house.example']) {
      expect(await email(demo, a), a).toEqual({ success: true, isValid: true });
    }
  });

  it('refuses a malformed address as invalid and banned words as not allowed (spec 002 section 5)', async () => {
    for (const a of ['jordan', 'jordan@', 'jordan@example', 'a b@example.com', `${'x'.repeat(250)}@example.com`]) {
      expect(await email(demo, a), a).toEqual({ success: true, isValid: false, message: EMAIL_INVALID });
    }
    for (const a of ['abuse@example.com', 'no-bounce@example.com', 'blocker@example.com', 'me@spamfree.example', 'fuck@example.com']) {
      expect(await email(demo, a), a).toEqual({ success: true, isValid: false, message: EMAIL_NOT_ALLOWED });
    }
  });

  it("refuses the affiliate's own address that mail could not reach (flag 121), and only theirs", async () => {
    expect(await email(badMail, DEMO_ACCOUNTS.badMail.toUpperCase())).toEqual({ success: true, isValid: false, message: EMAIL_UNDELIVERABLE });
    expect(await email(badMail, 'avery.brooks@example.com')).toEqual({ success: true, isValid: true });
    // Another affiliate learns nothing about that address.
    expect(await email(demo, DEMO_ACCOUNTS.badMail)).toEqual({ success: true, isValid: true });
  });
});
