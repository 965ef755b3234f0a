/**
 * A server under benchmark, in its own process (so the load generator does not share its event
 * loop): `bare` is Node's http answering the same 302 without recording anything; `app` is the
 * real server (buildApp, group commit) on in-memory PGlite or, with BENCH_PG_URL, a Postgres schema.
 * Prints one JSON line with the port (and the tracking code, advertiser secret) once listening.
 */
import http from 'node:http';
import { sql } from 'kysely';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { seedMinimalNetwork } from '../tests/server/trackingNetwork';

const LANDING = 'https://lp.example/offer?cid=AAAAAAAAAAAAAAAAAAAAAA&s1=';

async function main() {
  const mode = process.argv[2];
  if (mode === 'bare') {
    const server = http.createServer((_req, res) => {
      res.writeHead(302, { location: LANDING, 'cache-control': 'no-store' });
      res.end();
    });
    server.listen(0, '127.0.0.1', () => {
      process.stdout.write(`${JSON.stringify({ port: (server.address() as { port: number }).port })}\n`);
    });
    return;
  }
  const url = process.env.BENCH_PG_URL;
  const database = url
    ? await openDatabase({ engine: 'postgres', url, schema: process.env.BENCH_PG_SCHEMA, poolSize: 8 })
    : await openDatabase({ engine: 'pglite' });
  await migrateToLatest(database.db);
  const network = await seedMinimalNetwork(database.db, { postbackUrl: 'https://tracker.example/pb?c={click_id}&p={payout}' });
  // Clicks to convert in the conversion benchmark: bc00000000, bc00000001, ...
  const clicks = Number(process.env.BENCH_CONVERSION_CLICKS ?? 200_000);
  await sql`insert into clicks (click_key, affiliate_id, campaign_id, landing_page_id, clicked_at)
    select 'bc' || lpad(g::text, 8, '0'), ${network.affiliateId}, ${network.campaignId}, 0, now()
    from generate_series(0, ${clicks - 1}::int) g`.execute(database.db);
  const knob = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
  const tracking = {
    baseUrl: 'http://127.0.0.1',
    clickBatchConcurrency: knob('CLICK_BATCH_CONCURRENCY'),
    clickBatchDelayMs: knob('CLICK_BATCH_DELAY_MS'),
  };
  const app = await buildApp({
    db: database.db,
    engine: database.engine,
    tracking: Object.fromEntries(Object.entries(tracking).filter(([, v]) => v !== undefined)),
  });
  process.on('SIGTERM', () => {
    void app.close().then(() => database.close()).then(() => process.exit(0));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ port: (app.server.address() as { port: number }).port, code: network.code, secret: network.secret })}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
