import { sql, type Kysely } from 'kysely';
import type { ColumnType } from 'kysely';
import type { Default } from '../schema';

/**
 * The back office's people (docs/ops-people.md):
 * - an affiliate can be `suspended` by an operator, with when, why and by whom: a suspended affiliate
 *   cannot sign in (every check of the portal wants `active`), and reactivating makes them active again;
 * - an operator account can act as one affiliate manager (`operators.manager_id`): an operator of
 *   role manager then reads and changes only that manager's affiliates.
 */
const statements: string[] = [
  `alter table affiliates drop constraint if exists affiliates_status_check`,
  `alter table affiliates add constraint affiliates_status_check check (status in ('pending', 'active', 'inactive', 'rejected', 'terminated', 'suspended'))`,
  `alter table affiliates add column suspended_at timestamptz`,
  `alter table affiliates add column suspended_reason text not null default ''`,
  `alter table affiliates add column suspended_by int references operators(id) on delete set null`,
  // The back office's list: newest first, all of them or one manager's.
  `create index affiliates_registered_idx on affiliates (registration_date desc, id desc)`,
  `create index affiliates_manager_idx on affiliates (manager_id, registration_date desc, id desc)`,
  `alter table operators add column manager_id int references managers(id) on delete set null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'alter table operators drop column if exists manager_id',
    'drop index if exists affiliates_manager_idx',
    'drop index if exists affiliates_registered_idx',
    // The earlier schema has no suspension: a suspended affiliate stays unable to sign in as inactive.
    `update affiliates set status = 'inactive' where status = 'suspended'`,
    'alter table affiliates drop column if exists suspended_by',
    'alter table affiliates drop column if exists suspended_reason',
    'alter table affiliates drop column if exists suspended_at',
    'alter table affiliates drop constraint if exists affiliates_status_check',
    `alter table affiliates add constraint affiliates_status_check check (status in ('pending', 'active', 'inactive', 'rejected', 'terminated'))`,
  ]) {
    await sql.raw(statement).execute(db);
  }
}

// ---------- kysely types (server/db/schema.ts) ----------

declare module './0001_initial' {
  interface AffiliatesTable {
    suspended_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    suspended_reason: Default<string>;
    suspended_by: Default<number | null>;
  }
}

declare module './0010_access_requests' {
  interface OperatorsTable { manager_id: Default<number | null> }
}
