import type { Kysely } from 'kysely';
import type { DB } from './db/schema';
import type { ScryptCost } from './lib/crypto';
import type { LoginLimits } from './modules/session/loginLimiter';

/** What route modules need from the app: the database and the few knobs tests turn. */
export interface AppContext {
  db: Kysely<DB>;
  now: () => Date;
  loginLimits: LoginLimits;
  passwordCost: ScryptCost;
  dummyHash: () => Promise<string>;
}
