import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, totpKey, totpKeyFile } from '../../server/config';
import { DEMO_ACCOUNTS } from '../../server/db/demo/seed';
import { MIGRATIONS_DIR, migrateToLatest, migrationsIn } from '../../server/db/migrate';
import { open, seal } from '../../server/lib/secretBox';
import { totpCode } from '../../server/lib/totp';
import { openTotpSecret, sealPlainTotpSecrets } from '../../server/modules/twoFactor/secrets';
import { insertAffiliate, openTestDatabase, setupTestApp, testEngine, tokenFor, withToken, type TestContext } from './helpers';

const key = randomBytes(32);
let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp({ totpKey: key });
});
afterAll(() => t.close());

const secretOf = async (id: number) =>
  (await t.database.db.selectFrom('affiliates').select('otp_secret').where('id', '=', id).executeTakeFirstOrThrow()).otp_secret;

describe('secret box (AES-256-GCM)', () => {
  it('opens what it sealed, only with the same key and context', () => {
    const sealed = seal(key, 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 'a:1');
    expect(sealed).toMatch(/^aesgcm1\.[0-9a-f]{8}\./);
    expect(sealed).not.toContain('GEZDGNBV');
    expect(seal(key, 'same', 'a:1')).not.toBe(seal(key, 'same', 'a:1'));
    expect(open(key, sealed, 'a:1')).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(() => open(key, sealed, 'a:2')).toThrow();
    expect(() => open(randomBytes(32), sealed, 'a:1')).toThrow(/another key .*TOTP_SECRET_KEY/);
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => open(key, tampered, 'a:1')).toThrow();
  });

  it('takes TOTP_SECRET_KEY as hex or base64, refuses anything else, and otherwise makes a key file once', () => {
    const hex = randomBytes(32).toString('hex');
    expect(loadConfig({ TOTP_SECRET_KEY: hex }, []).totpSecretKey?.toString('hex')).toBe(hex);
    expect(loadConfig({ TOTP_SECRET_KEY: Buffer.from(hex, 'hex').toString('base64') }, []).totpSecretKey?.toString('hex')).toBe(hex);
    for (const bad of ['short', 'z'.repeat(64), randomBytes(16).toString('hex')]) {
      expect(() => loadConfig({ TOTP_SECRET_KEY: bad }, [])).toThrow(/TOTP_SECRET_KEY must be 32 bytes/);
    }
    const dir = mkdtempSync(path.join(tmpdir(), 'totp-key-'));
    try {
      const config = loadConfig({ DATA_DIR: dir }, []);
      expect(config.totpSecretKey).toBeUndefined();
      const said: string[] = [];
      const first = totpKey(config, (m) => said.push(m));
      expect(said).toHaveLength(1);
      expect(statSync(totpKeyFile(config)).mode & 0o777).toBe(0o600);
      expect(totpKey(config, (m) => said.push(m)).equals(first)).toBe(true);
      expect(said).toHaveLength(1);
      expect(readFileSync(totpKeyFile(config), 'utf8').trim()).toBe(first.toString('hex'));
      // The variable wins over the file.
      expect(totpKey({ ...config, totpSecretKey: key }).equals(key)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe(`TOTP secrets at rest (${testEngine})`, () => {
  it('stores a new secret sealed, and signs in with it', async () => {
    const id = await insertAffiliate(t.database, { email: 'sealed@example.com', otp_enabled: false });
    const token = await tokenFor(t.app, 'sealed@example.com');
    const setup = (await t.app.inject(withToken(token, { method: 'POST', url: '/api/authenticationApp/otpsetup', payload: {} }))).json();
    const activate = await t.app.inject(
      withToken(token, { method: 'POST', url: '/api/authenticationApp/otpActivate', payload: { secret: setup.secret, otp: totpCode(setup.secret, new Date()) } }),
    );
    expect(activate.json()).toEqual({ success: true, isTokenValid: true });
    const stored = await secretOf(id);
    expect(stored).toMatch(/^aesgcm1\./);
    expect(stored).not.toContain(setup.secret);
    expect(openTotpSecret(key, id, stored!)).toBe(setup.secret);

    // The next sign-in checks the code against the sealed secret (a later step: no replay).
    const half = await tokenFor(t.app, 'sealed@example.com');
    const code = totpCode(setup.secret, new Date(Date.now() + 30_000));
    const verify = await t.app.inject(withToken(half, { method: 'POST', url: '/api/authenticationApp/otpVerify', payload: { inputCode: code } }));
    expect(verify.json()).toEqual({ success: true, isCodeValid: true });
  });

  it('reads a plain secret (the demo seed) and seals it once, race-safe', async () => {
    const demo = await t.database.db.selectFrom('affiliates').select('id').where('email', '=', DEMO_ACCOUNTS.twoFactor).executeTakeFirstOrThrow();
    const plain = await secretOf(demo.id);
    expect(plain).toMatch(/^[A-Z2-7]+$/);
    const [a, b] = await Promise.all([sealPlainTotpSecrets(t.database.db, key), sealPlainTotpSecrets(t.database.db, key)]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    const sealed = await secretOf(demo.id);
    expect(sealed).toMatch(/^aesgcm1\./);
    expect(openTotpSecret(key, demo.id, sealed!)).toBe(plain);
    expect(await sealPlainTotpSecrets(t.database.db, key)).toBe(0);
  });

  it('migration 0005_secrets_security seals stored plain secrets, and refuses to run without the key', async () => {
    const database = await openTestDatabase();
    try {
      const id = await insertAffiliate(database, { email: 'legacy@example.com', manager_id: null, otp_enabled: true, otp_secret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ' });
      // As a database from before the migration: undo the later ones and forget that they ran.
      // Every migration after 0005, newest first, from the folder (0005 itself has no down: it only seals).
      const all = await migrationsIn(MIGRATIONS_DIR, { totpKey: key });
      const later = Object.entries(all).filter(([name]) => name > '0005_secrets_security').reverse();
      for (const [name, migration] of later) {
        if (!migration.down) throw new Error(`${name} has no down`);
        await migration.down(database.db as never);
      }
      await sql`delete from kysely_migration where name >= '0005'`.execute(database.db);
      await expect(migrateToLatest(database.db)).rejects.toThrow(/plain TOTP secrets/);
      expect(await migrateToLatest(database.db, { totpKey: key })).toEqual(['0005_secrets_security', ...later.map(([name]) => name).reverse()]);
      const row = await database.db.selectFrom('affiliates').select('otp_secret').where('id', '=', id).executeTakeFirstOrThrow();
      expect(openTotpSecret(key, id, row.otp_secret!)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    } finally {
      await database.dispose();
    }
  });
});
