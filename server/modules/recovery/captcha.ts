import { createHash, createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { recoveryMessages } from '../../../src/shared/recovery';
import { badRequest } from '../../lib/errors';

/**
 * The forgot-password captcha (docs/recovery.md "Captcha"): ALTCHA's proof of work, self-hosted.
 * The server signs each challenge with its HMAC key (config captchaKey: ALTCHA_HMAC_KEY or
 * DATA_DIR/altcha-hmac.key); the browser's widget searches for the counter, the server checks the
 * signatures (no third party is called) and records the challenge in captcha_uses, so a solved
 * captcha is accepted once, across processes and restarts, until it expires.
 */
export interface CaptchaOptions {
  /** PBKDF2 iterations per try. */
  cost: number;
  /** The counter the browser must reach is drawn between these (the work is about their mean times cost). */
  minCounter: number;
  maxCounter: number;
  /** How long a challenge may be solved and used. */
  ttlMs: number;
}

/** About 3,500 tries of 2,000 PBKDF2-SHA-256 iterations: a second or two in a browser, a cost at scale. */
export const DEFAULT_CAPTCHA: CaptchaOptions = { cost: 2000, minCounter: 2000, maxCounter: 5000, ttlMs: 5 * 60_000 };

const ALGORITHM = 'PBKDF2/SHA-256';

interface Secrets {
  signature: string;
  keySignature: string;
}

function secretsOf(key: Buffer): Secrets {
  // Two secrets from one key: the challenge's signature and the derived key's signature (which lets
  // the server check a solution without redoing the work).
  return {
    signature: createHmac('sha256', key).update('altcha-challenge').digest('hex'),
    keySignature: createHmac('sha256', key).update('altcha-derived-key').digest('hex'),
  };
}

export function createCaptcha(key: Buffer, options: CaptchaOptions, now: Date): Promise<Challenge> {
  const s = secretsOf(key);
  return createChallenge({
    algorithm: ALGORITHM,
    cost: options.cost,
    counter: randomInt(options.minCounter, options.maxCounter),
    deriveKey,
    hmacSignatureSecret: s.signature,
    hmacKeySignatureSecret: s.keySignature,
    expiresAt: new Date(now.getTime() + options.ttlMs),
  });
}

interface Payload {
  challenge: Challenge;
  solution: Solution;
}

function parsePayload(raw: string): Payload | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64').toString('utf8'));
    if (!value || typeof value !== 'object') return null;
    const { challenge, solution } = value as Partial<Payload>;
    if (!challenge || typeof challenge !== 'object' || !challenge.parameters || typeof challenge.parameters !== 'object') return null;
    if (!solution || typeof solution !== 'object') return null;
    return { challenge, solution };
  } catch {
    return null;
  }
}

/**
 * Checks a widget's payload and uses it up, in the caller's transaction: 400 with the page's message
 * when it is missing, forged, wrong, expired or already used.
 */
export async function useCaptcha(trx: Kysely<DB>, key: Buffer, raw: string | undefined, now: Date): Promise<void> {
  if (!raw) throw badRequest(recoveryMessages.captchaMissing);
  const payload = parsePayload(raw);
  if (!payload || payload.challenge.parameters.algorithm !== ALGORITHM) throw badRequest(recoveryMessages.captchaInvalid);
  const expiresAt = payload.challenge.parameters.expiresAt;
  // Expiry by the app's clock (the library also checks it against the system clock).
  if (typeof expiresAt !== 'number' || expiresAt * 1000 <= now.getTime()) throw badRequest(recoveryMessages.captchaInvalid);
  const s = secretsOf(key);
  let verified: boolean;
  try {
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: s.signature,
      hmacKeySignatureSecret: s.keySignature,
    });
    verified = result.verified;
  } catch {
    verified = false;
  }
  if (!verified) throw badRequest(recoveryMessages.captchaInvalid);
  // The signed nonce names the challenge; its first use wins (a unique key, across processes).
  const id = createHash('sha256').update(`${payload.challenge.parameters.nonce}:${payload.challenge.signature ?? ''}`).digest('hex');
  await trx.deleteFrom('captcha_uses').where('expires_at', '<', now).execute();
  const inserted = await trx
    .insertInto('captcha_uses')
    .values({ id, expires_at: new Date(expiresAt * 1000) })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) throw badRequest(recoveryMessages.captchaUsed);
}
