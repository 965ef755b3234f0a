import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { TEST_SCRYPT } from '../../server/lib/crypto';
import { insertAffiliate, setupTestApp, signIn, testEngine, withToken, type TestContext } from './helpers';

/** Public addresses whose country the packaged data knows (tests/server/geoip.test.ts). */
const NL = '193.0.0.1';
const DE = '2a01:4f8::1';
const JP = '2001:200::1';

let t: TestContext;

beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t?.close());

let n = 0;
/** An affiliate of its own (profile country US unless given) with one completed sign-in from `from`. */
async function affiliateWithHistory(from: string | null, country: string | null = 'US') {
  const email = `country${++n}@example.com`;
  const id = await insertAffiliate(t.database, { email, country_code: country });
  if (from !== null) {
    const { body } = await signIn(t.app, email, undefined, from);
    expect(body).toMatchObject({ country_verified: true });
  }
  return { email, id };
}

async function stageOf(token: unknown) {
  const res = await t.app.inject(withToken(token as string, { method: 'GET', url: '/api/affiliate' }));
  return res.statusCode;
}

describe(`sign-in country check (${testEngine})`, () => {
  it('asks for verification when the address is in a country the account has not signed in from', async () => {
    const { email } = await affiliateWithHistory(NL);
    const { res, body } = await signIn(t.app, email, undefined, DE);
    expect(res.statusCode).toBe(200);
    expect(body).toMatchObject({ success: true, country_verified: false });
    // A half sign-in: the code step comes first.
    expect(await stageOf(body['mb-app-token'])).toBe(401);
  });

  it('signs in from a usual country: one signed in from lately, or the profile country', async () => {
    const { email } = await affiliateWithHistory(NL);
    const again = await signIn(t.app, email, undefined, '193.0.0.77');
    expect(again.body).toMatchObject({ country_verified: true });
    expect(await stageOf(again.body['mb-app-token'])).toBe(200);

    const home = await affiliateWithHistory(NL, 'JP');
    expect((await signIn(t.app, home.email, undefined, JP)).body).toMatchObject({ country_verified: true });
  });

  it('does not count a sign-in that stopped at the code step, nor one older than the window', async () => {
    const { email, id } = await affiliateWithHistory(NL);
    expect((await signIn(t.app, email, undefined, DE)).body).toMatchObject({ country_verified: false });
    // The unfinished half sign-in from DE does not make DE usual.
    expect((await signIn(t.app, email, undefined, DE)).body).toMatchObject({ country_verified: false });
    // A completed one does (as the code step completes it).
    await t.database.db.updateTable('sessions').set({ stage: 'active' }).where('affiliate_id', '=', id).where('ip', '=', DE).execute();
    expect((await signIn(t.app, email, undefined, DE)).body).toMatchObject({ country_verified: true });
    // Sign-ins older than 90 days are no longer history: nothing to compare with.
    await t.database.db.updateTable('sessions').set({ created_at: new Date(Date.now() - 91 * 86_400_000) }).where('affiliate_id', '=', id).execute();
    expect((await signIn(t.app, email, undefined, JP)).body).toMatchObject({ country_verified: true });
  });

  it('does not ask an account without history', async () => {
    const { email } = await affiliateWithHistory(null);
    expect((await signIn(t.app, email, undefined, DE)).body).toMatchObject({ country_verified: true });
  });

  it('never asks because of a private, loopback or reserved address', async () => {
    const { email } = await affiliateWithHistory(NL, null);
    for (const ip of ['127.0.0.1', '10.0.0.8', '192.168.1.20', '172.20.0.3', '100.64.1.1', '::1', 'fe80::1', 'fd00::5', '::ffff:127.0.0.1']) {
      const { res, body } = await signIn(t.app, email, undefined, ip);
      expect(res.statusCode, ip).toBe(200);
      expect(body, ip).toMatchObject({ country_verified: true });
      expect(await stageOf(body['mb-app-token']), ip).toBe(200);
    }
    // A history of private addresses only still makes a public address in a new country ask.
    const local = await affiliateWithHistory('127.0.0.1', null);
    expect((await signIn(t.app, local.email, undefined, NL)).body).toMatchObject({ country_verified: false });
  });

  it('keeps the stored flag: false always asks, from any address', async () => {
    const id = await insertAffiliate(t.database, { email: 'flagged@example.com', country_code: 'NL', country_verified: false });
    expect(id).toBeGreaterThan(0);
    for (const ip of ['127.0.0.1', NL]) {
      expect((await signIn(t.app, 'flagged@example.com', undefined, ip)).body, ip).toMatchObject({ country_verified: false });
    }
  });

  it('COUNTRY_CHECK=off turns the address rule off (the stored flag still counts)', async () => {
    expect(loadConfig({}, []).countryCheck).toBe(true);
    expect(loadConfig({ COUNTRY_CHECK: 'off' }, []).countryCheck).toBe(false);
    expect(loadConfig({ COUNTRY_CHECK: 'on' }, []).countryCheck).toBe(true);
    expect(() => loadConfig({ COUNTRY_CHECK: 'maybe' }, [])).toThrow(/COUNTRY_CHECK/);

    const { email } = await affiliateWithHistory(NL);
    // With the check on, this sign-in asks...
    expect((await signIn(t.app, email, undefined, DE)).body).toMatchObject({ country_verified: false });
    // ...and with it off, it does not.
    const off = await buildApp({ db: t.database.db, passwordCost: TEST_SCRYPT, loginLimits: { countryCheck: false } });
    try {
      const { body } = await signIn(off, email, undefined, DE);
      expect(body).toMatchObject({ country_verified: true });
      expect((await signIn(off, 'flagged@example.com', undefined, NL)).body).toMatchObject({ country_verified: false });
    } finally {
      await off.close();
    }
  });
});
