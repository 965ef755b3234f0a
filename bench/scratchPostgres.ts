import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Runs `work` on a new database of the Postgres server at `url` (its address passed to `work`), and
 * drops that database afterwards, whatever happened.
 */
export async function onScratchPostgres<T>(url: string, prefix: string, work: (scratchUrl: string) => Promise<T>): Promise<T> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  try {
    return await work(scratch.toString());
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}
