import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../server/db/schema';
import { TEST_SCRYPT } from '../../server/lib/crypto';
import { totpCode } from '../../server/lib/totp';
import { upsertOperator } from '../../server/modules/operator/service';
import type { OperatorRole } from '../../src/api/contract/operator';
import { OperatorSessionResponse, OperatorSignInResponse } from '../../src/api/contract/operator';

/**
 * Signs an operator in for tests the whole way: password, then the authenticator set-up or code.
 * The secrets set up here are remembered per e-mail. Tests sign in several times within one 30-second
 * step, which the product refuses as a replayed code: the helper forgets the last used step first.
 */
const secrets = new Map<string, string>();

export function rememberedSecret(email: string): string | undefined {
  return secrets.get(email.trim().toLowerCase());
}

export async function operatorSignIn(
  app: FastifyInstance,
  db: Kysely<DB>,
  credentials: { email: string; password: string },
  options: { at?: Date; remoteAddress?: string } = {},
): Promise<string> {
  const at = options.at ?? new Date();
  const remoteAddress = options.remoteAddress ?? '127.0.0.1';
  const email = credentials.email.trim().toLowerCase();
  // A secret this helper did not set up (another test's): set up again.
  if (!secrets.has(email)) await db.updateTable('operators').set({ otp_secret: null, otp_last_step: null }).where('email', '=', email).execute();
  const first = await app.inject({ method: 'POST', url: '/api/operator/session', payload: credentials, remoteAddress });
  if (first.statusCode !== 200) throw new Error(`operator sign-in of ${email} failed: ${first.body}`);
  const step = OperatorSignInResponse.parse(first.json());
  if (step.step === 'setup') secrets.set(email, step.secret!);
  await db.updateTable('operators').set({ otp_last_step: null }).where('email', '=', email).execute();
  const second = await app.inject({
    method: 'POST',
    url: '/api/operator/session/code',
    remoteAddress,
    payload: { challenge: step.challenge, code: totpCode(secrets.get(email)!, at) },
  });
  if (second.statusCode !== 200) throw new Error(`operator code of ${email} failed: ${second.body}`);
  return OperatorSessionResponse.parse(second.json()).token;
}

export const OPERATOR_PASSWORD = 'operator-password-1';

/** An operator of the role, with a password set (as after an accepted invitation); answers its id. */
export async function createOperator(db: Kysely<DB>, email: string, role: OperatorRole, password = OPERATOR_PASSWORD): Promise<number> {
  await upsertOperator(db, email, password, { cost: TEST_SCRYPT });
  const row = await db.updateTable('operators').set({ role }).where('email', '=', email.toLowerCase()).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
