import { sql, type Kysely } from 'kysely';
import type { ColumnType } from 'kysely';
import type { Default, Timestamp } from '../schema';

/**
 * The back office's advertisers (docs/ops-offers.md): a contact, notes and a status beside the name,
 * and the postback secret's rotation: the secret replaced keeps working until
 * `previous_secret_until` (a grace period), so the advertiser can deploy the new URL without losing
 * conversions. Campaigns are listed per advertiser, hence the index.
 */
const statements: string[] = [
  `alter table advertisers add column contact_email text not null default ''`,
  `alter table advertisers add column notes text not null default ''`,
  `alter table advertisers add column status text not null default 'active' check (status in ('active', 'inactive'))`,
  // The secret before the last rotation ('' when none), accepted by the conversion intake until previous_secret_until.
  `alter table advertisers add column previous_postback_secret text not null default ''`,
  `alter table advertisers add column previous_secret_until timestamptz`,
  `alter table advertisers add column secret_rotated_at timestamptz`,
  `alter table advertisers add column created_at timestamptz not null default now()`,
  `alter table advertisers add column updated_at timestamptz not null default now()`,
  `create index advertisers_name_idx on advertisers (lower(name))`,
  `create index campaigns_advertiser_idx on campaigns (advertiser_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'drop index if exists campaigns_advertiser_idx',
    'drop index if exists advertisers_name_idx',
    'alter table advertisers drop column if exists updated_at',
    'alter table advertisers drop column if exists created_at',
    'alter table advertisers drop column if exists secret_rotated_at',
    'alter table advertisers drop column if exists previous_secret_until',
    'alter table advertisers drop column if exists previous_postback_secret',
    'alter table advertisers drop column if exists status',
    'alter table advertisers drop column if exists notes',
    'alter table advertisers drop column if exists contact_email',
  ]) {
    await sql.raw(statement).execute(db);
  }
}

// ---------- kysely types (server/db/schema.ts) ----------

declare module './0001_initial' {
  interface AdvertisersTable {
    contact_email: Default<string>;
    notes: Default<string>;
    status: Default<'active' | 'inactive'>;
    previous_postback_secret: Default<string>;
    previous_secret_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    secret_rotated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    created_at: Timestamp;
    updated_at: Timestamp;
  }
}
