import type { DemoOptions } from '../../server/db/demo/seed';
import { TEST_SCRYPT } from '../../server/lib/crypto';

/** The small demo network used by the tests: fast to make, every sign-in path present. */
export const SMALL_DEMO: DemoOptions = {
  campaigns: 40,
  historyDays: 21,
  fillerAffiliates: 12,
  passwordCost: TEST_SCRYPT,
};
