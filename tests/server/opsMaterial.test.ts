import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CampaignDetailResponse } from '../../src/api/contract/campaignDetail';
import { ErrorEnvelope } from '../../src/api/contract/envelope';
import {
  CreativeResponse,
  CreativesResponse,
  LandingPageResponse,
  LandingPagesResponse,
  MATERIAL_IMAGES,
  MATERIAL_MESSAGES as M,
  ManagerPicturesResponse,
} from '../../src/api/contract/opsMaterial';
import { DEMO_ACCOUNTS } from '../../server/db/demo/seed';
import { diskFileStore } from '../../server/lib/storage/diskStore';
import { FileStoreError, type FileStore } from '../../server/lib/storage/fileStore';
import { multipartBody, setupTestApp, testEngine, tokenFor, withToken, type TestContext, type UploadFile } from './helpers';
import { createOperator, operatorSignIn, OPERATOR_PASSWORD } from './operatorSignIn';
import { gif, jpeg, png, webp } from './storageImages';

/**
 * The back office's campaign material (docs/ops-files.md) through the API on a real database: landing
 * pages with their one default, creatives, uploads checked by their bytes, the file store left clean
 * when a save fails, audit entries, and what the affiliates' campaign page then shows and serves.
 */

let t: TestContext;
let folder: string;
let admin: string;
let manager: string;
let viewer: string;
let affiliate: string;
/** The disk store of the app, with a switch that makes its writes fail as an unreachable store would. */
const store = { failPuts: false, inner: null as FileStore | null };

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'ops-material-'));
  store.inner = diskFileStore(path.join(folder, 'files'));
  const files: FileStore = {
    description: 'test',
    put: async (key, bytes, type) => {
      if (store.failPuts) throw new FileStoreError('test: the store is down');
      return store.inner!.put(key, bytes, type);
    },
    get: (key) => store.inner!.get(key),
    getBuffer: (key) => store.inner!.getBuffer(key),
    delete: (key) => store.inner!.delete(key),
    exists: (key) => store.inner!.exists(key),
  };
  t = await setupTestApp({ files });
  const db = t.database.db;
  for (const role of ['admin', 'manager', 'viewer'] as const) await createOperator(db, `${role}@material.example`, role);
  admin = await operatorSignIn(t.app, db, { email: 'admin@material.example', password: OPERATOR_PASSWORD }, { remoteAddress: '198.51.100.71' });
  manager = await operatorSignIn(t.app, db, { email: 'manager@material.example', password: OPERATOR_PASSWORD }, { remoteAddress: '198.51.100.72' });
  viewer = await operatorSignIn(t.app, db, { email: 'viewer@material.example', password: OPERATOR_PASSWORD }, { remoteAddress: '198.51.100.73' });
  affiliate = await tokenFor(t.app, DEMO_ACCOUNTS.demo);
});
afterAll(async () => {
  await t?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});
afterEach(() => {
  store.failPuts = false;
});

const db = () => t.database.db;
const op = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: { 'x-operator-token': token }, ...(payload ? { payload } : method === 'GET' ? {} : { payload: {} }) });
async function upload(token: string, url: string, fields: Record<string, string>, files: Record<string, UploadFile | undefined>) {
  const body = await multipartBody(fields, files);
  return t.app.inject({ method: 'POST', url: `/api${url}`, payload: body.payload, headers: { ...body.headers, 'x-operator-token': token } });
}
const asPng = (bytes: Buffer, name = 'image.png'): UploadFile => ({ bytes, name, type: 'image/png' });
const filesOnDisk = async () => (await readdir(path.join(folder, 'files')).catch(() => [] as string[])).filter((f) => !f.startsWith('.')).sort();
const keyOf = (url: string | null) => (url ? url.replace(/^\/cdn\/files\//, '') : null);
const message = (res: { json: () => unknown }) => ErrorEnvelope.parse(res.json()).errors.message;

/** A campaign the demo affiliate can open, with landing pages and banners. */
async function campaign(offset = 0): Promise<{ id: number; advertiser_id: number }> {
  const rows = await db()
    .selectFrom('campaigns')
    .select(['id', 'advertiser_id'])
    .where('status', '=', 'active')
    .where('expiry_date', 'is', null)
    .orderBy('id')
    .offset(offset)
    .limit(1)
    .execute();
  return rows[0];
}
async function detail(id: number) {
  const res = await t.app.inject(withToken(affiliate, { method: 'GET', url: `/api/campaign/${id}` }));
  expect(res.statusCode, res.body).toBe(200);
  return CampaignDetailResponse.parse(res.json()).campaign;
}
async function auditOf(action: string, targetId: number) {
  return db().selectFrom('operator_audit').selectAll().where('action', '=', action).where('target_id', '=', String(targetId)).orderBy('id').execute();
}
const defaults = async (campaignId: number) =>
  (await db().selectFrom('landing_pages').select('id').where('campaign_id', '=', campaignId).where('is_default', '=', true).execute()).map((r) => r.id);

describe(`landing pages (${testEngine})`, () => {
  it('lists the active pages of a campaign, the default first, with the drawn picture when none is uploaded', async () => {
    const c = await campaign(0);
    const res = await op(viewer, 'GET', `/operator/campaigns/${c.id}/landingPages`);
    expect(res.statusCode, res.body).toBe(200);
    const body = LandingPagesResponse.parse(res.json());
    const rows = await db().selectFrom('landing_pages').selectAll().where('campaign_id', '=', c.id).where('status', '=', 'active').execute();
    expect(body.campaign).toEqual({ campaign_id: c.id, name: expect.any(String), advertiser_id: c.advertiser_id });
    expect(body.landing_pages.map((p) => p.landing_page_id).sort((a, b) => a - b)).toEqual(rows.map((r) => r.id).sort((a, b) => a - b));
    expect(body.landing_pages[0].is_default).toBe(true);
    expect(body.landing_pages.filter((p) => p.is_default)).toHaveLength(1);
    for (const p of body.landing_pages) {
      expect(p.screenshot).toBeNull();
      expect(p.image).toBe(`/cdn/landing-pages/${c.advertiser_id}/${c.id}/${p.landing_page_id}.svg`);
    }
    expect((await op(viewer, 'GET', '/operator/campaigns/99999999/landingPages')).statusCode).toBe(404);
  });

  it('adds pages, keeps exactly one default, edits, and audits each write', async () => {
    const c = await campaign(1);
    const [oldDefault] = await defaults(c.id);
    const plain = await op(manager, 'POST', `/operator/campaigns/${c.id}/landingPages`, { name: '  Spring offer ', url: 'https://offers.example/spring?c={click_id}' });
    expect(plain.statusCode, plain.body).toBe(200);
    const added = LandingPageResponse.parse(plain.json()).landing_page;
    expect(added).toMatchObject({ campaign_id: c.id, name: 'Spring offer', url: 'https://offers.example/spring?c={click_id}', is_default: false, screenshot: null });
    expect(await defaults(c.id)).toEqual([oldDefault]);

    const promoted = LandingPageResponse.parse((await op(manager, 'POST', `/operator/campaigns/${c.id}/landingPages`, { name: 'Summer', url: 'http://offers.example/summer', is_default: true })).json()).landing_page;
    expect(promoted.is_default).toBe(true);
    expect(await defaults(c.id)).toEqual([promoted.landing_page_id]);

    const edited = await op(admin, 'PATCH', `/operator/landingPages/${added.landing_page_id}`, { name: 'Spring, renamed', url: 'https://offers.example/spring2', is_default: true });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(LandingPageResponse.parse(edited.json()).landing_page).toMatchObject({ name: 'Spring, renamed', url: 'https://offers.example/spring2', is_default: true });
    expect(await defaults(c.id)).toEqual([added.landing_page_id]);

    const undefault = await op(admin, 'PATCH', `/operator/landingPages/${added.landing_page_id}`, { is_default: false });
    expect(undefault.statusCode).toBe(409);
    expect(message(undefault)).toBe('A campaign always has one default landing page: make another page the default instead.');
    expect(await defaults(c.id)).toEqual([added.landing_page_id]);

    const [entry] = await auditOf('landingPage.edit', added.landing_page_id);
    expect(entry.before).toMatchObject({ name: 'Spring offer', is_default: false });
    expect(entry.after).toMatchObject({ name: 'Spring, renamed', url: 'https://offers.example/spring2', is_default: true });
    expect((await auditOf('landingPage.add', promoted.landing_page_id))[0].after).toMatchObject({ campaign_id: c.id, name: 'Summer', is_default: true });

    // The affiliates' campaign page follows: the new default is the default there.
    const page = await detail(c.id);
    expect(page.landing_pages.find((p) => p.default_lp === 'Y')?.landing_page_id).toBe(added.landing_page_id);
  });

  it("makes a campaign's first page its default", async () => {
    const c = await campaign(2);
    await db().updateTable('landing_pages').set({ status: 'inactive', is_default: false }).where('campaign_id', '=', c.id).execute();
    const first = LandingPageResponse.parse((await op(admin, 'POST', `/operator/campaigns/${c.id}/landingPages`, { name: 'Only', url: 'https://only.example/' })).json()).landing_page;
    expect(first.is_default).toBe(true);
  });

  it('refuses URLs that are not http(s) addresses, with a sentence, and writes nothing', async () => {
    const c = await campaign(3);
    const before = await db().selectFrom('landing_pages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (const url of ['javascript:alert(1)', 'ftp://files.example/x', '/relative/path', 'offers.example/page', 'https://', 'data:text/html,hi', 'https://user:pw@offers.example/', 'https://offers.example/a b']) {
      const res = await op(manager, 'POST', `/operator/campaigns/${c.id}/landingPages`, { name: 'Bad', url });
      expect(res.statusCode, url).toBe(400);
      expect(message(res), url).toMatch(/^The landing page URL must .*\.$/);
    }
    for (const [body, text] of [[{ name: '', url: 'https://x.example' }, 'Enter a name.'], [{ name: 'x', url: '  ' }, 'Enter the landing page URL.']] as const) {
      const res = await op(manager, 'POST', `/operator/campaigns/${c.id}/landingPages`, body);
      expect(res.statusCode).toBe(400);
      expect(message(res)).toBe(text);
    }
    expect((await op(manager, 'PATCH', '/operator/landingPages/1', {})).statusCode).toBe(400);
    const after = await db().selectFrom('landing_pages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('deletes a page, passing the default to the oldest page left, and keeps the last one', async () => {
    const c = await campaign(4);
    const a = LandingPageResponse.parse((await op(admin, 'POST', `/operator/campaigns/${c.id}/landingPages`, { name: 'A', url: 'https://a.example/', is_default: true })).json()).landing_page;
    const pages = await db().selectFrom('landing_pages').select('id').where('campaign_id', '=', c.id).where('status', '=', 'active').orderBy('id').execute();
    const oldest = pages.map((p) => p.id).filter((id) => id !== a.landing_page_id)[0];
    const res = await op(admin, 'DELETE', `/operator/landingPages/${a.landing_page_id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await defaults(c.id)).toEqual([oldest]);
    const row = await db().selectFrom('landing_pages').select(['status', 'is_default']).where('id', '=', a.landing_page_id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'inactive', is_default: false });
    expect((await op(admin, 'DELETE', `/operator/landingPages/${a.landing_page_id}`)).statusCode).toBe(404);
    expect((await auditOf('landingPage.delete', a.landing_page_id))[0].after).toEqual({ default_landing_page_id: oldest });
    expect((await detail(c.id)).landing_pages.map((p) => p.landing_page_id)).not.toContain(a.landing_page_id);

    for (const p of pages.filter((p) => p.id !== a.landing_page_id && p.id !== oldest)) await op(admin, 'DELETE', `/operator/landingPages/${p.id}`);
    const last = await op(admin, 'DELETE', `/operator/landingPages/${oldest}`);
    expect(last.statusCode).toBe(409);
    expect(message(last)).toBe('A campaign needs a landing page: add another one before deleting this one.');
    expect(await defaults(c.id)).toEqual([oldest]);
  });

  it('holds one default when two saves race to move it', async () => {
    const c = await campaign(5);
    const make = (name: string) => op(admin, 'POST', `/operator/campaigns/${c.id}/landingPages`, { name, url: `https://${name}.example/` });
    const [x, y] = (await Promise.all([make('x'), make('y')])).map((r) => LandingPageResponse.parse(r.json()).landing_page.landing_page_id);
    const results = await Promise.all([
      op(admin, 'PATCH', `/operator/landingPages/${x}`, { is_default: true }),
      op(manager, 'PATCH', `/operator/landingPages/${y}`, { is_default: true }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await defaults(c.id)).length).toBe(1);
  });
});

describe(`screenshots (${testEngine})`, () => {
  it('uploads a screenshot that the campaign page then shows and the server serves; a new one replaces and removes it', async () => {
    const c = await campaign(6);
    const [pageId] = await defaults(c.id);
    const shot = png(64, 80, [10, 120, 200]);
    const res = await upload(manager, `/operator/landingPages/${pageId}/screenshot`, {}, { screenshot: asPng(shot, 'shot.png') });
    expect(res.statusCode, res.body).toBe(200);
    const page = LandingPageResponse.parse(res.json()).landing_page;
    expect(page.screenshot).toMatch(/^\/cdn\/files\/screenshot-[0-9a-f]{32}\.png$/);
    expect(page.image).toBe(page.screenshot);
    const key = keyOf(page.screenshot)!;
    expect(await filesOnDisk()).toContain(key);
    expect((await readFile(path.join(folder, 'files', key))).equals(shot)).toBe(true);

    const shown = (await detail(c.id)).landing_pages.find((p) => p.landing_page_id === pageId)!;
    expect(shown.thumbnail).toBe(page.screenshot);
    expect(shown.full).toBe(page.screenshot);
    const served = await t.app.inject({ method: 'GET', url: shown.thumbnail });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(shot)).toBe(true);
    // The drawn picture's address now leads to the upload too.
    const drawn = await t.app.inject({ method: 'GET', url: `/cdn/landing-pages/${c.advertiser_id}/${c.id}/${pageId}.svg` });
    expect(drawn.statusCode).toBe(302);
    expect(drawn.headers.location).toBe(page.screenshot);

    const second = await upload(manager, `/operator/landingPages/${pageId}/screenshot`, {}, { screenshot: { bytes: gif(40, 30), name: 's.gif', type: 'image/gif' } });
    const replaced = LandingPageResponse.parse(second.json()).landing_page;
    expect(replaced.screenshot).toMatch(/\.gif$/);
    expect(await filesOnDisk()).not.toContain(key);
    expect(await filesOnDisk()).toContain(keyOf(replaced.screenshot));
    expect((await auditOf('landingPage.screenshot', pageId)).at(-1)).toMatchObject({ before: { screenshot_key: key }, after: { screenshot_key: keyOf(replaced.screenshot) } });

    const removed = await op(admin, 'DELETE', `/operator/landingPages/${pageId}/screenshot`);
    expect(LandingPageResponse.parse(removed.json()).landing_page.screenshot).toBeNull();
    expect(await filesOnDisk()).not.toContain(keyOf(replaced.screenshot));
    expect((await detail(c.id)).landing_pages.find((p) => p.landing_page_id === pageId)!.thumbnail).toBe(`/cdn/landing-pages/${c.advertiser_id}/${c.id}/${pageId}.svg`);
  });
});

describe(`banners (${testEngine})`, () => {
  it("stores the banner with the image's own width and height; the affiliate's campaign page and link builder point at it, served with the bytes and type", async () => {
    const c = await campaign(7);
    const banner = jpeg(300, 250);
    const res = await upload(manager, `/operator/campaigns/${c.id}/creatives/banner`, { name: 'Spring 300x250' }, { image: { bytes: banner, name: 'spring.jpg', type: 'image/jpeg' } });
    expect(res.statusCode, res.body).toBe(200);
    const creative = CreativeResponse.parse(res.json()).creative;
    if (creative.type !== 'banner') throw new Error('not a banner');
    expect(creative).toMatchObject({ campaign_id: c.id, name: 'Spring 300x250', width: 300, height: 250, uploaded: true });
    expect(creative.image).toMatch(/^\/cdn\/files\/banner-[0-9a-f]{32}\.jpg$/);
    const row = await db().selectFrom('creatives').selectAll().where('id', '=', creative.creative_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ type: 'banner', width: 300, height: 250, image_key: keyOf(creative.image), status: 'active' });
    expect((await auditOf('creative.add', creative.creative_id))[0].after).toMatchObject({ type: 'banner', width: 300, height: 250, image_key: row.image_key });

    // The affiliate's side: the campaign page's banner (what the link builder's banner picker shows and the download saves).
    const shown = (await detail(c.id)).creatives.find((cr) => cr.creative_id === creative.creative_id);
    expect(shown).toEqual({ creative_id: creative.creative_id, type: 'banner', name: 'Spring 300x250', image: creative.image, width: 300, height: 250, download: `${creative.image}?download=1` });
    const served = await t.app.inject({ method: 'GET', url: creative.image! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(served.headers['content-length'])).toBe(banner.length);
    expect(served.rawPayload.equals(banner)).toBe(true);
    const saved = await t.app.inject({ method: 'GET', url: `${creative.image}?download=1` });
    expect(saved.headers['content-disposition']).toBe(`attachment; filename="${keyOf(creative.image)}"`);
    const head = await t.app.inject({ method: 'HEAD', url: creative.image! });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/jpeg');
    expect(head.rawPayload.length).toBe(0);
    const drawn = await t.app.inject({ method: 'GET', url: `/cdn/creatives/${c.advertiser_id}/${c.id}/${creative.creative_id}.svg?download=1` });
    expect(drawn.statusCode).toBe(302);
    expect(drawn.headers.location).toBe(`${creative.image}?download=1`);

    // The operator's list has it too.
    const list = CreativesResponse.parse((await op(viewer, 'GET', `/operator/campaigns/${c.id}/creatives`)).json());
    expect(list.creatives.find((cr) => cr.creative_id === creative.creative_id)).toEqual(creative);
  });

  it('replaces the image (its size follows), removes the old file, renames, and deletes with its file', async () => {
    const c = await campaign(8);
    const made = CreativeResponse.parse((await upload(admin, `/operator/campaigns/${c.id}/creatives/banner`, { name: 'Leader' }, { image: asPng(png(728, 90)) })).json()).creative;
    const first = made.type === 'banner' ? keyOf(made.image)! : '';
    const res = await upload(admin, `/operator/creatives/${made.creative_id}/image`, {}, { image: { bytes: webp('vp8x', 468, 60), name: 'b.webp', type: 'image/webp' } });
    expect(res.statusCode, res.body).toBe(200);
    const replaced = CreativeResponse.parse(res.json()).creative;
    expect(replaced).toMatchObject({ type: 'banner', width: 468, height: 60, name: 'Leader' });
    const second = replaced.type === 'banner' ? keyOf(replaced.image)! : '';
    expect(second).toMatch(/\.webp$/);
    expect(await filesOnDisk()).toEqual(expect.arrayContaining([second]));
    expect(await filesOnDisk()).not.toContain(first);

    const renamed = await op(admin, 'PATCH', `/operator/creatives/${made.creative_id}`, { name: 'Leaderboard' });
    expect(CreativeResponse.parse(renamed.json()).creative.name).toBe('Leaderboard');
    const noText = await op(admin, 'PATCH', `/operator/creatives/${made.creative_id}`, { text: 'x' });
    expect(noText.statusCode).toBe(400);
    expect(message(noText)).toBe('A banner has no text, subject or HTML: change its name, or upload a new image.');

    expect((await op(admin, 'DELETE', `/operator/creatives/${made.creative_id}`)).statusCode).toBe(200);
    expect(await filesOnDisk()).not.toContain(second);
    expect((await detail(c.id)).creatives.map((cr) => cr.creative_id)).not.toContain(made.creative_id);
    expect((await t.app.inject({ method: 'GET', url: `/cdn/files/${second}` })).statusCode).toBe(404);
    const row = await db().selectFrom('creatives').select(['status', 'image_key', 'name']).where('id', '=', made.creative_id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'inactive', image_key: null, name: 'Leaderboard' });
    expect((await auditOf('creative.delete', made.creative_id))[0].before).toMatchObject({ name: 'Leaderboard', image_key: second });
  });

  it('refuses what is not a whole image with 415, what is too large with 413, each with a sentence, and keeps nothing', async () => {
    const c = await campaign(9);
    const url = `/operator/campaigns/${c.id}/creatives/banner`;
    const rows = async () => Number((await db().selectFrom('creatives').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = { files: await filesOnDisk(), rows: await rows() };
    const big = png(10, 10, [1, 2, 3], MATERIAL_IMAGES.banner.maxBytes);
    const cases: Array<[string, UploadFile | undefined, number, string]> = [
      ['a text file named .png', asPng(Buffer.from('just some text, not a picture'), 'a.png'), 415, M.notImage],
      ['a truncated PNG', asPng(png(300, 250).subarray(0, 60)), 415, M.notImage],
      ['a PNG with a forged size', asPng((() => { const b = png(300, 250); b.writeUInt32BE(301, 16); return b; })()), 415, M.notImage],
      ['an SVG', { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), name: 'a.svg', type: 'image/svg+xml' }, 415, M.notImage],
      ['a PNG over 2 MB', asPng(big), 413, M.tooLarge('banner')],
      ['a PNG over the largest upload', asPng(png(10, 10, [1, 2, 3], MATERIAL_IMAGES.screenshot.maxBytes + 10)), 413, M.tooLarge('banner')],
      ['a banner too wide', asPng(png(4001, 2)), 413, M.tooManyPixels('banner', 4001, 2)],
      ['no file', undefined, 400, M.noImage],
      ['an empty file', asPng(Buffer.alloc(0)), 400, M.noImage],
    ];
    for (const [what, file, status, text] of cases) {
      const res = await upload(manager, url, { name: 'Refused' }, { image: file });
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
      expect(message(res), what).toBe(text);
    }
    const asText = await upload(manager, url, { name: 'Refused', image: 'not a file' }, {});
    expect(asText.statusCode).toBe(415);
    expect(await filesOnDisk()).toEqual(before.files);
    expect(await rows()).toBe(before.rows);
  });

  it('leaves no file when the row cannot be written, nor when its audit entry cannot', async () => {
    const c = await campaign(10);
    const before = await filesOnDisk();
    for (const table of ['creatives', 'operator_audit']) {
      await sql.raw(`create function material_test_fail() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`).execute(db());
      await sql.raw(`create trigger material_test_fail before insert on ${table} for each row execute function material_test_fail()`).execute(db());
      try {
        const res = await upload(manager, `/operator/campaigns/${c.id}/creatives/banner`, { name: `Doomed ${table}` }, { image: asPng(png(120, 60)) });
        expect(res.statusCode, table).toBe(500);
        expect(message(res)).not.toMatch(/injected/);
      } finally {
        await sql.raw(`drop trigger material_test_fail on ${table}`).execute(db());
        await sql.raw('drop function material_test_fail()').execute(db());
      }
      expect(await filesOnDisk(), table).toEqual(before);
      expect(await db().selectFrom('creatives').select('id').where('name', '=', `Doomed ${table}`).execute()).toEqual([]);
    }
  });

  it('keeps the old screenshot when the replacing save fails, and removes the new file', async () => {
    const c = await campaign(11);
    const [pageId] = await defaults(c.id);
    const first = LandingPageResponse.parse((await upload(admin, `/operator/landingPages/${pageId}/screenshot`, {}, { screenshot: asPng(png(30, 40)) })).json()).landing_page;
    const before = await filesOnDisk();
    await sql.raw(`create function material_test_fail() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`).execute(db());
    await sql.raw(`create trigger material_test_fail before update on landing_pages for each row when (old.id = ${pageId}) execute function material_test_fail()`).execute(db());
    try {
      expect((await upload(admin, `/operator/landingPages/${pageId}/screenshot`, {}, { screenshot: asPng(png(31, 41)) })).statusCode).toBe(500);
    } finally {
      await sql.raw('drop trigger material_test_fail on landing_pages').execute(db());
      await sql.raw('drop function material_test_fail()').execute(db());
    }
    expect(await filesOnDisk()).toEqual(before);
    expect(await filesOnDisk()).toContain(keyOf(first.screenshot));
    const row = await db().selectFrom('landing_pages').select('screenshot_key').where('id', '=', pageId).executeTakeFirstOrThrow();
    expect(row.screenshot_key).toBe(keyOf(first.screenshot));
  });

  it('answers 503 with a sentence when the store cannot take the file, and writes no row', async () => {
    const c = await campaign(12);
    store.failPuts = true;
    const res = await upload(manager, `/operator/campaigns/${c.id}/creatives/banner`, { name: 'Store down' }, { image: asPng(png(50, 50)) });
    expect(res.statusCode).toBe(503);
    expect(message(res)).toBe(M.storeDown);
    expect(res.headers['retry-after']).toBe('60');
    expect(await db().selectFrom('creatives').select('id').where('name', '=', 'Store down').execute()).toEqual([]);
  });

  it('checks the campaign and the creative before storing anything', async () => {
    const before = await filesOnDisk();
    expect((await upload(manager, '/operator/campaigns/99999999/creatives/banner', { name: 'x' }, { image: asPng(png(5, 5)) })).statusCode).toBe(404);
    expect((await upload(manager, '/operator/creatives/99999999/image', {}, { image: asPng(png(5, 5)) })).statusCode).toBe(404);
    const text = await db().selectFrom('creatives').select('id').where('type', '=', 'text').where('status', '=', 'active').executeTakeFirstOrThrow();
    const notBanner = await upload(manager, `/operator/creatives/${text.id}/image`, {}, { image: asPng(png(5, 5)) });
    expect(notBanner.statusCode).toBe(409);
    expect(message(notBanner)).toBe('Only a banner has an image.');
    expect(await filesOnDisk()).toEqual(before);
  });

  it('lets viewers read and not write', async () => {
    const c = await campaign(13);
    expect((await op(viewer, 'GET', `/operator/campaigns/${c.id}/creatives`)).statusCode).toBe(200);
    expect((await upload(viewer, `/operator/campaigns/${c.id}/creatives/banner`, { name: 'x' }, { image: asPng(png(5, 5)) })).statusCode).toBe(403);
    expect((await op(viewer, 'POST', `/operator/campaigns/${c.id}/creatives/text`, { name: 'x', text: 'y' })).statusCode).toBe(403);
  });
});

describe(`text links and solo e-mails (${testEngine})`, () => {
  it('adds a text link, edits its text, and the campaign page shows it', async () => {
    const c = await campaign(14);
    const res = await op(manager, 'POST', `/operator/campaigns/${c.id}/creatives/text`, { name: 'Short link', text: '  Try it free today  ' });
    expect(res.statusCode, res.body).toBe(200);
    const link = CreativeResponse.parse(res.json()).creative;
    expect(link).toMatchObject({ type: 'text', name: 'Short link', text: 'Try it free today' });
    const edited = CreativeResponse.parse((await op(manager, 'PATCH', `/operator/creatives/${link.creative_id}`, { text: 'Try it now' })).json()).creative;
    expect(edited).toMatchObject({ type: 'text', text: 'Try it now' });
    expect((await detail(c.id)).creatives.find((cr) => cr.creative_id === link.creative_id)).toEqual({ creative_id: link.creative_id, type: 'text', name: 'Short link', text: 'Try it now' });
    const empty = await op(manager, 'PATCH', `/operator/creatives/${link.creative_id}`, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(message(empty)).toBe('Enter the text of the link.');
  });

  it('sanitises the HTML of a solo e-mail with the news rule, keeping its link macros, and keeps the text part', async () => {
    const c = await campaign(15);
    const html =
      '<html><body style="x"><h4 onclick="steal()">Hello</h4><script>alert(1)</script><p>Get it <a href="[TRACKING_LINK]">here</a> or ' +
      '<a href="javascript:alert(2)">there</a>, <a href=[UNSUB_LINK]>unsubscribe</a>, <a href="https://brand.example/x">brand</a>.</p><img src="https://t.example/p.gif"></body></html>';
    const res = await op(manager, 'POST', `/operator/campaigns/${c.id}/creatives/email`, { name: 'Solo', subject: ' Big news ', text: 'Hi [FIRST_NAME], see [TRACKING_LINK]', html });
    expect(res.statusCode, res.body).toBe(200);
    const mail = CreativeResponse.parse(res.json()).creative;
    if (mail.type !== 'htmlEmail') throw new Error(`not an HTML e-mail: ${mail.type}`);
    expect(mail.subject).toBe('Big news');
    expect(mail.text).toBe('Hi [FIRST_NAME], see [TRACKING_LINK]');
    expect(mail.html).toBe(
      '<h4>Hello</h4><p>Get it <a href="[TRACKING_LINK]">here</a> or <a>there</a>, <a href="[UNSUB_LINK]">unsubscribe</a>, ' +
        '<a href="https://brand.example/x" target="_blank" rel="noopener noreferrer">brand</a>.</p>',
    );
    const shown = (await detail(c.id)).creatives.find((cr) => cr.creative_id === mail.creative_id);
    expect(shown).toEqual({ creative_id: mail.creative_id, type: 'htmlEmail', name: 'Solo', subject: 'Big news', body: mail.html });
    expect((await auditOf('creative.add', mail.creative_id))[0].after).toEqual({ campaign_id: c.id, type: 'htmlEmail', name: 'Solo', subject: 'Big news', text_chars: 36, html_chars: mail.html.length });

    // Emptying the HTML makes it a text e-mail, with its text.
    const asText = CreativeResponse.parse((await op(manager, 'PATCH', `/operator/creatives/${mail.creative_id}`, { html: '' })).json()).creative;
    expect(asText).toMatchObject({ type: 'textEmail', text: 'Hi [FIRST_NAME], see [TRACKING_LINK]', html: '' });
    expect((await detail(c.id)).creatives.find((cr) => cr.creative_id === mail.creative_id)).toMatchObject({ type: 'textEmail', body: 'Hi [FIRST_NAME], see [TRACKING_LINK]' });
  });

  it('adds a text-only e-mail, and refuses one with neither text nor HTML, or HTML of nothing', async () => {
    const c = await campaign(16);
    const textOnly = CreativeResponse.parse((await op(admin, 'POST', `/operator/campaigns/${c.id}/creatives/email`, { name: 'T', subject: 'S', text: 'Plain' })).json()).creative;
    expect(textOnly).toMatchObject({ type: 'textEmail', text: 'Plain', html: '' });
    const neither = await op(admin, 'POST', `/operator/campaigns/${c.id}/creatives/email`, { name: 'T', subject: 'S', text: ' ', html: '' });
    expect(neither.statusCode).toBe(400);
    expect(message(neither)).toBe("Enter the e-mail's text, its HTML or both.");
    const nothing = await op(admin, 'POST', `/operator/campaigns/${c.id}/creatives/email`, { name: 'T', subject: 'S', html: '<script>x()</script>' });
    expect(nothing.statusCode).toBe(400);
    expect(message(nothing)).toBe("The e-mail's HTML has nothing left once scripts, styles and unknown markup are taken out.");
    const subjectless = await op(admin, 'POST', `/operator/campaigns/${c.id}/creatives/email`, { name: 'T', subject: '', text: 'x' });
    expect(message(subjectless)).toBe('Enter the subject of the e-mail.');
  });
});

describe(`manager pictures (${testEngine})`, () => {
  it("uploads a manager's photo and QR code; the affiliates' image addresses lead to them; a new one removes the old", async () => {
    const photo = png(96, 96, [250, 200, 10]);
    const res = await upload(manager, '/operator/managers/1/photo', {}, { photo: asPng(photo) });
    expect(res.statusCode, res.body).toBe(200);
    const pictures = ManagerPicturesResponse.parse(res.json()).manager;
    expect(pictures).toMatchObject({ manager_id: 1, qr: null });
    expect(pictures.photo).toMatch(/^\/cdn\/files\/manager-photo-[0-9a-f]{32}\.png$/);
    const shown = await t.app.inject({ method: 'GET', url: '/api/images/managers/1' });
    expect(shown.statusCode).toBe(302);
    expect(shown.headers.location).toBe(pictures.photo);
    expect((await t.app.inject({ method: 'GET', url: pictures.photo! })).rawPayload.equals(photo)).toBe(true);

    const qr = gif(33, 33);
    const withQr = ManagerPicturesResponse.parse((await upload(manager, '/operator/managers/1/qr', {}, { qr: { bytes: qr, name: 'qr.gif', type: 'image/gif' } })).json()).manager;
    expect(withQr.photo).toBe(pictures.photo);
    expect((await t.app.inject({ method: 'GET', url: '/api/images/managers/1/qr' })).headers.location).toBe(withQr.qr);

    const again = ManagerPicturesResponse.parse((await upload(admin, '/operator/managers/1/photo', {}, { photo: asPng(png(10, 10)) })).json()).manager;
    expect(await filesOnDisk()).not.toContain(keyOf(pictures.photo));
    expect(await filesOnDisk()).toContain(keyOf(again.photo));
    expect((await auditOf('manager.photo', 1)).map((e) => e.after)).toEqual([{ photo_key: keyOf(pictures.photo) }, { photo_key: keyOf(again.photo) }]);
    // Another manager still gets the drawn portrait.
    expect((await t.app.inject({ method: 'GET', url: '/api/images/managers/2' })).headers['content-type']).toMatch(/^image\/svg\+xml/);

    const large = await upload(manager, '/operator/managers/1/qr', {}, { qr: asPng(png(5, 5, [0, 0, 0], MATERIAL_IMAGES.managerQr.maxBytes)) });
    expect(large.statusCode).toBe(413);
    expect(message(large)).toBe('The QR code is larger than 1 MB. Upload a smaller file.');
    expect((await upload(manager, '/operator/managers/99999999/photo', {}, { photo: asPng(photo) })).statusCode).toBe(404);
  });
});

describe(`served files (${testEngine})`, () => {
  it('answers 404 for a name that is no file, and 400 for one that cannot be a key', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/cdn/files/banner-00000000000000000000000000000000.png' })).statusCode).toBe(404);
    for (const name of ['..%2Fsecret.png', 'UPPER.png', 'x.svg', '.hidden.png', 'a%00.png']) {
      const res = await t.app.inject({ method: 'GET', url: `/cdn/files/${name}` });
      expect(res.statusCode, name).toBe(400);
    }
  });
});
