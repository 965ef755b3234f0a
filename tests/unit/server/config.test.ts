import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DEFAULT_REPORT_TIME_ZONE, loadConfig } from '../../../server/config';
import { DEFAULT_PRODUCT_NAME } from '../../../src/shared/product';

describe('server configuration', () => {
  it('reads every setting from the environment it is given, with defaults', () => {
    const config = loadConfig({}, []);
    expect(config).toMatchObject({ port: 8080, productName: DEFAULT_PRODUCT_NAME, reportTimeZone: DEFAULT_REPORT_TIME_ZONE, smtpUrl: undefined });
    const set = loadConfig({ PORT: '9000', PRODUCT_NAME: ' Acme Partners ', SMTP_URL: 'smtp://mail:25', MAIL_FROM: 'no-reply@acme.test' }, ['--demo']);
    expect(set).toMatchObject({ port: 9000, productName: 'Acme Partners', smtpUrl: 'smtp://mail:25', mailFrom: 'no-reply@acme.test', demo: true });
  });

  it('reads the group commit and the server process index (set by the primary for each process it forks)', () => {
    expect(loadConfig({}, []).tracking).toMatchObject({ clickBatchConcurrency: 1, processIndex: 0 });
    expect(loadConfig({ CLICK_BATCH_CONCURRENCY: '3', SERVER_PROCESS_INDEX: '5' }, []).tracking).toMatchObject({ clickBatchConcurrency: 3, processIndex: 5 });
    expect(loadConfig({ CLICK_BATCH_CONCURRENCY: '0' }, []).tracking.clickBatchConcurrency).toBe(1);
    expect(() => loadConfig({ SERVER_PROCESS_INDEX: '-1' }, [])).toThrow(/SERVER_PROCESS_INDEX/);
  });

  it('makes clicks durable by the click journal on Postgres (in DATA_DIR unless told), never on the embedded database', () => {
    expect(loadConfig({}, []).tracking.clickJournal).toBeNull();
    const pg = loadConfig({ DATABASE_URL: 'postgres://db/portal', DATA_DIR: '/srv/portal' }, []).tracking.clickJournal;
    expect(pg).toEqual({ dir: '/srv/portal/click-journal', rotateMs: 200, maxBacklogBytes: 1024 * 1024 * 1024, sync: 'segment', processCount: 1 });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/portal', CLICK_JOURNAL: 'off' }, []).tracking.clickJournal).toBeNull();
    expect(loadConfig({
      DATABASE_URL: 'postgres://db/portal', CLICK_JOURNAL_DIR: '/var/lib/clicks', CLICK_JOURNAL_ROTATE_MS: '500', CLICK_JOURNAL_SYNC: 'append',
      CLICK_JOURNAL_MAX_MB: '64', SERVER_PROCESS_COUNT: '4',
    }, []).tracking.clickJournal).toEqual({ dir: '/var/lib/clicks', rotateMs: 500, maxBacklogBytes: 64 * 1024 * 1024, sync: 'append', processCount: 4 });
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/portal', CLICK_JOURNAL: 'sometimes' }, [])).toThrow(/CLICK_JOURNAL must be on or off/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/portal', CLICK_JOURNAL_SYNC: 'never' }, [])).toThrow(/CLICK_JOURNAL_SYNC must be segment or append/);
  });

  it('refuses a product name that is not plain text', () => {
    expect(() => loadConfig({ PRODUCT_NAME: '<script>' }, [])).toThrow(/PRODUCT_NAME/);
    expect(() => loadConfig({ PRODUCT_NAME: 'x'.repeat(61) }, [])).toThrow(/PRODUCT_NAME/);
  });

  it('listens on 127.0.0.1 when the demo network is there (embedded database, or --demo), on every interface otherwise, HOST winning', () => {
    expect(loadConfig({}, [])).toMatchObject({ host: '127.0.0.1', hostFromEnv: false });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/portal' }, [])).toMatchObject({ host: '0.0.0.0', hostFromEnv: false });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/portal' }, ['--demo']).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }, [])).toMatchObject({ host: '0.0.0.0', hostFromEnv: true });
  });

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY lists, and refuses "1" (any client could choose its address)', () => {
    expect(loadConfig({}, []).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: 'off' }, []).trustProxy).toBeUndefined();
    const proxies = loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7 2001:db8::/32' }, []).trustProxy!;
    expect(proxies.text).toBe('10.0.0.0/8, 192.0.2.7, 2001:db8::/32');
    expect(['10.1.2.3', '::ffff:10.9.9.9', '192.0.2.7', '2001:db8::1'].map((a) => proxies.trusts(a))).toEqual([true, true, true, true]);
    expect(['11.0.0.1', '192.0.2.8', '2001:db9::1', 'not-an-address', ''].map((a) => proxies.trusts(a))).toEqual([false, false, false, false, false]);
    expect(() => loadConfig({ TRUST_PROXY: '1' }, [])).toThrow(/TRUST_PROXY takes the addresses.*let every client choose its address/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' }, [])).toThrow(/"10.0.0.0\/33" is not one/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' }, [])).toThrow(/TRUST_PROXY/);
  });

  it('restricts the operator API to OPERATOR_ALLOW_FROM when set', () => {
    expect(loadConfig({}, []).operatorAllowFrom).toBeUndefined();
    const allow = loadConfig({ OPERATOR_ALLOW_FROM: 'loopback, 203.0.113.0/24' }, []).operatorAllowFrom!;
    expect(['127.0.0.1', '::1', '203.0.113.9'].every((a) => allow.trusts(a))).toBe(true);
    expect(allow.trusts('198.51.100.1')).toBe(false);
    expect(() => loadConfig({ OPERATOR_ALLOW_FROM: 'everyone' }, [])).toThrow(/OPERATOR_ALLOW_FROM takes the addresses or CIDR ranges operators connect from/);
  });

  it('is the only server module that reads process.env', () => {
    const hits = execFileSync('git', ['grep', '-l', 'process\\.env', '--', 'server/'], { encoding: 'utf8' }).trim().split('\n');
    expect(hits).toEqual(['server/config.ts']);
  });
});
