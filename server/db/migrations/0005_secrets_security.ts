import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';
import { sealPlainTotpSecrets } from '../../modules/twoFactor/secrets';
import type { MigrateOptions } from '../migrate';

/**
 * TOTP secrets encrypted at rest: seals the plain secrets already stored with the
 * configured key (server/config.ts totpKey). The key reaches the migration through
 * migrateToLatest's options; a database that holds plain secrets cannot be migrated without it.
 */
export function migration({ totpKey }: MigrateOptions): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (totpKey) {
        await sealPlainTotpSecrets(db, totpKey);
        return;
      }
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from affiliates where otp_secret is not null and otp_secret not like 'aesgcm1.%'`.execute(db);
      if (Number(rows[0].n) > 0) throw new Error('0005_secrets_security: plain TOTP secrets are stored; migrate with the TOTP key (npm start passes it)');
    },
    // Sealed secrets stay sealed: going back needs the key, and the old code cannot read them anyway.
    async down() {},
  };
}
