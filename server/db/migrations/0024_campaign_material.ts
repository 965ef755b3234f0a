import { sql, type Kysely } from 'kysely';
import type { Default } from '../schema';

/**
 * Campaign material uploaded by operators (docs/ops-files.md): a landing page's screenshot, a
 * banner's image, a solo e-mail's plain-text part beside its HTML, and an affiliate manager's photo
 * and chat QR code. Each file is a key of the file store (server/lib/storage); null: none uploaded,
 * the drawn picture of server/modules/images is shown. A campaign has at most one default landing
 * page (the routes keep exactly one while it has any); the demo network already has one each, and
 * an older database keeps the lowest id of any campaign with several.
 */
const statements: string[] = [
  `alter table landing_pages add column screenshot_key text`,
  `alter table creatives add column image_key text`,
  // The plain-text part of an HTML solo e-mail (body holds the HTML); '' for the other creatives.
  `alter table creatives add column email_text text not null default ''`,
  `alter table managers add column photo_key text`,
  `alter table managers add column qr_key text`,
  `update landing_pages set is_default = false
     where is_default and id not in (select min(id) from landing_pages where is_default group by campaign_id)`,
  `create unique index landing_pages_one_default_idx on landing_pages (campaign_id) where is_default`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'drop index if exists landing_pages_one_default_idx',
    'alter table managers drop column if exists qr_key',
    'alter table managers drop column if exists photo_key',
    'alter table creatives drop column if exists email_text',
    'alter table creatives drop column if exists image_key',
    'alter table landing_pages drop column if exists screenshot_key',
  ]) {
    await sql.raw(statement).execute(db);
  }
}

// ---------- kysely types (server/db/schema.ts) ----------

declare module './0001_initial' {
  interface LandingPagesTable {
    /** The uploaded screenshot's file key; null: the drawn one. */
    screenshot_key: Default<string | null>;
  }
  interface CreativesTable {
    /** A banner's uploaded image's file key; null: the drawn one. */
    image_key: Default<string | null>;
    email_text: Default<string>;
  }
  interface ManagersTable {
    photo_key: Default<string | null>;
    qr_key: Default<string | null>;
  }
}
