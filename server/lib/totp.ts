import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';

/**
 * RFC 6238 TOTP (HMAC-SHA1, 6 digits, 30-second steps) through otplib (its default plugins: audited
 * @noble/hashes and @scure/base). This file only fixes our choices: one step of clock skew either
 * way, replay refusal through the last step used, and "no" (null) for anything malformed rather
 * than otplib's exceptions (a short or overlong secret, a non-digit code, a last step in the future).
 */
const TOTP_STEP_SECONDS = 30;
const DIGITS = 6;

/** A new 160-bit secret (RFC 4226 recommends 160 bits), base32: 32 characters. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function timeStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_STEP_SECONDS);
}

/** The code of `secret` at `at` (the authenticator app's side; tests and tools). */
export function totpCode(secret: string, at: Date): string {
  return generateSync({ secret, epoch: Math.floor(at.getTime() / 1000), period: TOTP_STEP_SECONDS, digits: DIGITS });
}

/**
 * Checks `code` against the steps around `at` (one step of skew either way). Returns the matching
 * step, or null. `afterStep` refuses any step at or before the last one used, so a code cannot be
 * replayed, not even within its own 30 seconds.
 */
export function verifyTotp(secret: string, code: string, at: Date, afterStep = -1): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const epoch = Math.floor(at.getTime() / 1000);
  // A last step beyond the window can only come from a clock set back: nothing in the window is newer.
  if (afterStep >= timeStep(at) + 1) return null;
  try {
    const result = verifySync({
      secret,
      token: code,
      epoch,
      period: TOTP_STEP_SECONDS,
      digits: DIGITS,
      // Seconds either way: with 30-second steps, the step before and the step after.
      epochTolerance: TOTP_STEP_SECONDS,
      ...(afterStep >= 0 ? { afterTimeStep: afterStep } : {}),
    });
    // delta: steps from the current one (-1, 0 or +1).
    return result.valid ? timeStep(at) + result.delta : null;
  } catch {
    // otplib refuses secrets under 128 bits or over 512, and malformed base32: not a valid code.
    return null;
  }
}

export function otpauthUri(secret: string, account: string, issuer: string): string {
  return generateURI({ issuer, label: account, secret, period: TOTP_STEP_SECONDS, digits: DIGITS, algorithm: 'sha1' });
}
