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

  it('is the only server module that reads process.env', () => {
    const hits = execFileSync('git', ['grep', '-l', 'process\\.env', '--', 'server/'], { encoding: 'utf8' }).trim().split('\n');
    expect(hits).toEqual(['server/config.ts']);
  });
});
