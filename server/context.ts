import type { Kysely } from 'kysely';
import type { DB } from './db/schema';
import type { ScryptCost } from './lib/crypto';
import type { SsrfPolicy } from './lib/ssrf';
import type { FileStore } from './lib/storage/fileStore';
import type { LoginLimits } from './modules/session/loginLimiter';

/** What route modules need from the app: the database and the few knobs tests turn. */
export interface AppContext {
  db: Kysely<DB>;
  now: () => Date;
  loginLimits: LoginLimits;
  passwordCost: ScryptCost;
  dummyHash: () => Promise<string>;
  /** IANA zone of report days (config REPORT_TIME_ZONE, default America/New_York). */
  reportTimeZone: string;
  /** Where affiliate postbacks may go (checked when saved and at delivery). */
  postbackPolicy: SsrfPolicy;
  /** Seals TOTP secrets at rest (config totpKey). */
  totpKey: Buffer;
  /** Campaign access requests and the operator API (config UPLOAD_DIR, BY_REQUEST_LIMIT, OPERATOR_SESSION_HOURS). */
  access: AccessSettings;
  /** Uploaded campaign material and manager pictures (server/lib/storage: a folder or an S3 bucket). */
  files: FileStore;
}

export interface AccessSettings {
  /** Requests an affiliate may have waiting for review at once. */
  byRequestLimit: number;
  /** Where the ad-placement images are kept (under the data directory by default). */
  uploadDir: string;
  operatorSessionHours: number;
}
