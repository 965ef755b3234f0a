import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB } from '../schema';

/** Multi-row INSERTs of up to 1000 rows (and under Postgres' 65535 parameters). */
export async function insertMany<T extends keyof DB & string>(
  db: Kysely<DB>,
  table: T,
  rows: ReadonlyArray<Insertable<DB[T]>>,
): Promise<number> {
  if (rows.length === 0) return 0;
  const columns = Object.keys(rows[0] as object).length || 1;
  const chunk = Math.max(1, Math.min(1000, Math.floor(60_000 / columns)));
  for (let i = 0; i < rows.length; i += chunk) {
    // kysely cannot relate a generic table name to its row type; the signature above does.
    await db
      .insertInto(table)
      .values(rows.slice(i, i + chunk) as never)
      .execute();
  }
  return rows.length;
}

/** After inserting explicit ids, moves the identity sequence past them. */
export async function syncIdentity(db: Kysely<DB>, table: keyof DB & string): Promise<void> {
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest((select max(id) from ${sql.table(table)}), 1))`.execute(db);
}
