import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** Set: a real Postgres server. Unset: embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  logLevel: string;
  /** Seed the demo network into a DATABASE_URL database when it is empty (`--demo`). */
  demo: boolean;
  buildIfNeeded: boolean;
  /** Trust X-Forwarded-For from a reverse proxy (TRUST_PROXY=1); off by default. */
  trustProxy: boolean;
  /** Directory of the built portal. */
  distDir: string;
  /** Demo network size on first start (DEMO_CAMPAIGNS, default 640). */
  demoCampaigns: number;
}

function intFromEnv(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: string[] = process.argv.slice(2)): Config {
  const root = process.cwd();
  const port = intFromEnv(env.PORT, 8080, 'PORT');
  if (port > 65535) throw new Error(`PORT must be at most 65535, got ${port}`);
  return {
    port,
    // All interfaces: the product is meant to be reached from other machines (and containers).
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(root, env.DATA_DIR || 'data'),
    logLevel: env.LOG_LEVEL || 'info',
    demo: argv.includes('--demo'),
    buildIfNeeded: argv.includes('--build-if-needed'),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    distDir: path.resolve(root, 'dist'),
    demoCampaigns: intFromEnv(env.DEMO_CAMPAIGNS, 640, 'DEMO_CAMPAIGNS'),
  };
}

/** The embedded database lives in DATA_DIR/pglite (uploads and other files get their own folders). */
export function pgliteDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'pglite');
}
