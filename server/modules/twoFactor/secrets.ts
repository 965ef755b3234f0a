import { sql, type Kysely } from 'kysely';
import { isSealed, open, seal } from '../../lib/secretBox';

/**
 * TOTP secrets are stored sealed (AES-256-GCM, server/lib/secretBox.ts) with the configured key,
 * bound to their affiliate. A plain value (written before migration 0005_secrets_security or by the
 * demo seed, which runs after migrations) is still read, and sealed by the next start
 * (prepareDatabase) or the next activation.
 */
const context = (affiliateId: number) => `affiliates.otp_secret:${affiliateId}`;

export function sealTotpSecret(key: Buffer, affiliateId: number, secret: string): string {
  return seal(key, secret, context(affiliateId));
}

export function openTotpSecret(key: Buffer, affiliateId: number, stored: string): string {
  return isSealed(stored) ? open(key, stored, context(affiliateId)) : stored;
}

/**
 * Seals every plain TOTP secret. Each row is updated only if it still holds the value read, so two
 * processes doing this at once cannot seal twice. Answers how many it sealed.
 */
export async function sealPlainTotpSecrets<T>(db: Kysely<T>, key: Buffer): Promise<number> {
  const { rows } = await sql<{ id: number; otp_secret: string }>`
    select id, otp_secret from affiliates where otp_secret is not null and otp_secret not like 'aesgcm1.%'`.execute(db);
  let sealed = 0;
  for (const row of rows) {
    const result = await sql`
      update affiliates set otp_secret = ${sealTotpSecret(key, row.id, row.otp_secret)}
      where id = ${row.id} and otp_secret = ${row.otp_secret}`.execute(db);
    sealed += Number(result.numAffectedRows ?? 0);
  }
  return sealed;
}
