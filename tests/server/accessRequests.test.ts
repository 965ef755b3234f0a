import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApprovalQuestionsResponse, RequestApprovalResponse } from '../../src/api/contract/campaignAccess';
import { AccessDecisionResponse, AccessRequestsResponse } from '../../src/api/contract/operator';
import { AD_IMAGE_MAX_BYTES, APPLICATION_MESSAGES as M } from '../../src/shared/campaignApplication';
import { DEMO_ACCOUNTS } from '../../server/db/demo/seed';
import { upsertOperator } from '../../server/modules/access/operator';
import { operatorSignIn } from './operatorSignIn';
import { setupTestApp, tokenFor, withToken, type TestContext, multipartBody } from './helpers';
import { DEMO_AFFILIATE } from './trackingFixtures';

/**
 * Asking for access and the operator's decision (docs/campaigns.md "Access requests"):
 * every rule re-checked by the server, images checked by their bytes, the by-request limit held in
 * the database, nothing stored when a request is refused, operators apart from affiliates.
 */
let t: TestContext;
let token: string;
let uploadDir: string;
const LIMIT = 3;
const OPERATOR = { email: 'ops@network.example', password: 'operator-password-1' };

// A whole 1x1 PNG, and the head of a JPEG cut off before its end marker.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const TRUNCATED_JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0'), Buffer.alloc(200, 7)]);

/** Campaign ids made for this file: reviewed By Request, automatic By Request, Public. */
let reviewed: number[] = [];
let automatic: number;
let publicId: number;

async function makeCampaign(values: { by_request: boolean; approval_mode: 'auto' | 'review'; questions?: [string, string, string] }) {
  const db = t.database.db;
  const base = await db.selectFrom('campaigns').select(['advertiser_id', 'subcategory_id']).where('status', '=', 'active').executeTakeFirstOrThrow();
  const q = values.questions ?? ['', '', ''];
  const row = await db
    .insertInto('campaigns')
    .values({
      advertiser_id: base.advertiser_id,
      subcategory_id: base.subcategory_id,
      name: `Access test ${values.approval_mode} ${Math.random().toString(36).slice(2, 7)}`,
      epc: 0.5,
      by_request: values.by_request,
      approval_mode: values.approval_mode,
      approval_preface: 'Tell us about your traffic.',
      approval_question1: q[0],
      approval_question2: q[1],
      approval_question3: q[2],
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('campaign_traffic_types').values([{ campaign_id: row.id, traffic_type: 'email' }, { campaign_id: row.id, traffic_type: 'mobile' }]).execute();
  return row.id;
}

beforeAll(async () => {
  uploadDir = mkdtempSync(path.join(tmpdir(), 'access-uploads-'));
  t = await setupTestApp({ access: { byRequestLimit: LIMIT, uploadDir } });
  token = await tokenFor(t.app, DEMO_ACCOUNTS.demo);
  reviewed = [];
  for (let i = 0; i < 6; i++) reviewed.push(await makeCampaign({ by_request: true, approval_mode: 'review', questions: i === 0 ? ['Which lists do you mail?', '', ''] : undefined }));
  automatic = await makeCampaign({ by_request: true, approval_mode: 'auto' });
  publicId = await makeCampaign({ by_request: false, approval_mode: 'review' });
  await upsertOperator(t.database.db, OPERATOR.email, OPERATOR.password);
});
afterAll(async () => {
  await t?.close();
  rmSync(uploadDir, { recursive: true, force: true });
});
beforeEach(async () => {
  // Each test starts with no request of the demo affiliate waiting, and no stored image.
  rmSync(path.join(uploadDir, 'access-requests'), { recursive: true, force: true });
  await t.database.db.deleteFrom('access_requests').where('affiliate_id', '=', DEMO_AFFILIATE).execute();
  await t.database.db.deleteFrom('campaign_access').where('affiliate_id', '=', DEMO_AFFILIATE).where('campaign_id', 'in', [...reviewed, automatic, publicId]).execute();
});

const VALID = {
  estimatedLeads: '25',
  trafficType: 'E',
  description: 'A weekly newsletter to 40,000 opted-in finance readers.',
  creative: 'E',
  source1: 'Our own newsletter list',
  source2: 'Newsletter ad',
  source3: 'US readers, about 200 leads a month',
};

async function submit(campaignId: number, fields: Record<string, string>, file?: { bytes: Buffer; name: string; type: string }, tk = token) {
  const body = await multipartBody(fields, { creativeFile: file });
  return t.app.inject(withToken(tk, { method: 'POST', url: `/api/campaign/${campaignId}/requestApproval`, ...body }));
}

async function stored() {
  const rows = await t.database.db.selectFrom('access_requests').select('id').where('affiliate_id', '=', DEMO_AFFILIATE).execute();
  const files = (() => {
    try {
      return readdirSync(path.join(uploadDir, 'access-requests'));
    } catch {
      return [];
    }
  })();
  return { rows: rows.length, files: files.length };
}

const operatorCall = (tk: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as never, headers: { 'x-operator-token': tk } });

async function operatorToken() {
  // Password, then the authenticator (set up at the first sign-in): tests/server/operatorSignIn.ts.
  return operatorSignIn(t.app, t.database.db, OPERATOR);
}

describe('the questions', () => {
  it('answers the preface and only the questions the campaign asks', async () => {
    const res = await t.app.inject(withToken(token, { method: 'GET', url: `/api/campaign/${reviewed[0]}/requestApproval` }));
    expect(res.statusCode).toBe(200);
    const body = ApprovalQuestionsResponse.parse(res.json());
    expect(body.approval_info.approval_preface).toBe('Tell us about your traffic.');
    expect(body.approval_questions).toEqual({ question1: 'Which lists do you mail?', question2: '', question3: '' });
  });

  it('an unknown campaign is a 404, no token a 401', async () => {
    expect((await t.app.inject(withToken(token, { method: 'GET', url: '/api/campaign/99999999/requestApproval' }))).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/campaign/${reviewed[0]}/requestApproval` })).statusCode).toBe(401);
  });
});

describe('submitting', () => {
  it('a reviewed campaign: Pending, with the image kept under the upload folder', async () => {
    const res = await submit(reviewed[1], { ...VALID, creative: 'M' }, { bytes: PNG, name: 'placement.png', type: 'image/png' });
    expect(res.statusCode, res.body).toBe(200);
    expect(RequestApprovalResponse.parse(res.json())).toMatchObject({ status: 'Pending' });
    const row = await t.database.db.selectFrom('access_requests').selectAll().where('campaign_id', '=', reviewed[1]).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'Pending', estimated_leads: '25', traffic_type: 'E', creative: 'M', source2: 'Newsletter ad' });
    expect(row.creative_file).toMatch(/^access-requests\/[0-9a-f]{32}\.png$/);
    expect(await stored()).toEqual({ rows: 1, files: 1 });
    const detail = (await t.app.inject(withToken(token, { method: 'GET', url: `/api/campaign/${reviewed[1]}` }))).json();
    expect(detail.campaign.details.affiliate_campaign_status).toBe('Pending');
    // A second request for the same campaign waits for the first.
    const again = await submit(reviewed[1], VALID);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.message).toBe(M.alreadyPending);
  });

  it('an automatic By Request campaign and a Public one: approved at once, with a notification', async () => {
    for (const id of [automatic, publicId]) {
      const res = await submit(id, VALID);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('Approved');
      const access = await t.database.db.selectFrom('campaign_access').select('status').where('affiliate_id', '=', DEMO_AFFILIATE).where('campaign_id', '=', id).executeTakeFirstOrThrow();
      expect(access.status).toBe('Approved');
    }
    const notes = await t.database.db.selectFrom('notifications').select('body_html').where('affiliate_id', '=', DEMO_AFFILIATE).orderBy('id', 'desc').limit(2).execute();
    expect(notes[0].body_html).toContain(`/campaign/${publicId}`);
    const again = await submit(publicId, VALID);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.message).toBe(M.alreadyApproved);
  });

  const refusals: Array<[string, Record<string, string>, { bytes: Buffer; name: string; type: string } | undefined, number, string]> = [
    ['a text file named .png', { ...VALID, creative: 'M' }, { bytes: Buffer.from('just some text, not a picture at all'), name: 'ad.png', type: 'image/png' }, 415, M.imageType],
    ['a truncated JPEG', { ...VALID, creative: 'M' }, { bytes: TRUNCATED_JPEG, name: 'ad.jpg', type: 'image/jpeg' }, 415, M.imageType],
    ['an image over 20 MB', { ...VALID, creative: 'M' }, { bytes: Buffer.concat([PNG, Buffer.alloc(AD_IMAGE_MAX_BYTES)]), name: 'big.png', type: 'image/png' }, 413, M.imageTooLarge],
    ['M without an image', { ...VALID, creative: 'M' }, undefined, 400, M.imageRequired],
    ['an unknown traffic type', { ...VALID, trafficType: 'X' }, undefined, 400, M.trafficRequired],
    ['a traffic type the campaign does not allow', { ...VALID, trafficType: 'S', source2: 'Banners' }, undefined, 400, M.trafficNotAllowed],
    ['a missing source answer', { ...VALID, source1: ' ' }, undefined, 400, M.sourceRequired],
    ['a source answer outside the list', { ...VALID, source2: 'Carrier pigeons' }, undefined, 400, M.sourceChoice],
    ['a description of 1001 characters', { ...VALID, description: 'x'.repeat(1001) }, undefined, 400, M.descriptionTooLong],
    ['an empty description', { ...VALID, description: '   ' }, undefined, 400, M.descriptionRequired],
    ['leads that are not a number', { ...VALID, estimatedLeads: 'lots' }, undefined, 400, M.leadsNumeric],
    ['leads over 10 characters', { ...VALID, estimatedLeads: '12345678901' }, undefined, 400, M.leadsTooLong],
    ['no creative choice', { ...VALID, creative: '' }, undefined, 400, M.creativeRequired],
  ];
  it.each(refusals)('refuses %s with its message and stores nothing', async (_name, fields, file, status, message) => {
    const res = await submit(reviewed[2], fields, file);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().errors.message).toBe(message);
    expect(await stored()).toEqual({ rows: 0, files: 0 });
  });

  it("refuses an unanswered custom question the campaign asks, and ignores answers to questions it doesn't", async () => {
    const res = await submit(reviewed[0], VALID);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.message).toBe(M.customRequired);
    const ok = await submit(reviewed[0], { ...VALID, custom1: 'Finance weekly', custom2: 'not asked' });
    expect(ok.statusCode, ok.body).toBe(200);
    const row = await t.database.db.selectFrom('access_requests').select(['custom1', 'custom2']).where('campaign_id', '=', reviewed[0]).executeTakeFirstOrThrow();
    expect(row).toEqual({ custom1: 'Finance weekly', custom2: '' });
  });

  it('Mobile may leave the third source answer empty', async () => {
    const res = await submit(reviewed[3], { ...VALID, trafficType: 'M', source2: 'Push notifications', source3: '' });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('the by-request limit', () => {
  it('holds under parallel submits, shows on the campaign and spares automatic approvals', async () => {
    const results = await Promise.all(reviewed.slice(1, 6).map((id) => submit(id, VALID)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 403, 403]);
    for (const r of results.filter((x) => x.statusCode === 403)) expect(r.json().errors.message).toBe(M.limitReached);
    expect((await stored()).rows).toBe(LIMIT);
    const refused = reviewed.slice(1, 6).find((_, i) => results[i].statusCode === 403)!;
    const detail = (await t.app.inject(withToken(token, { method: 'GET', url: `/api/campaign/${refused}` }))).json();
    expect(detail.campaign.details.request_limit_reached).toBe('Y');
    // A campaign approved at once is not blocked by the limit, on its page as at the request.
    const open = (await t.app.inject(withToken(token, { method: 'GET', url: `/api/campaign/${automatic}` }))).json();
    expect(open.campaign.details.request_limit_reached).toBe('N');
    expect((await submit(automatic, VALID)).statusCode).toBe(200);
  });
});

describe('the operator', () => {
  it('signs in with its own account only; tokens do not cross', async () => {
    const wrong = await t.app.inject({ method: 'POST', url: '/api/operator/session', payload: { ...OPERATOR, password: 'not-the-password' } });
    expect(wrong.statusCode).toBe(403);
    // An affiliate's credentials are not an operator's.
    const affiliate = await t.app.inject({ method: 'POST', url: '/api/operator/session', payload: { email: DEMO_ACCOUNTS.demo, password: 'password' } });
    expect(affiliate.statusCode).toBe(403);
    const op = await operatorToken();
    expect((await t.app.inject({ method: 'GET', url: '/api/operator/accessRequests', headers: { 'x-app-token': token } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/campaign/1', headers: { 'x-app-token': op } })).statusCode).toBe(401);
    expect((await operatorCall(op, 'POST', '/api/operator/session/end', {})).statusCode).toBe(200);
    expect((await operatorCall(op, 'GET', '/api/operator/accessRequests')).statusCode).toBe(401);
  });

  it('approves and rejects pending requests: status, notification and e-mail follow; decisions are final', async () => {
    const op = await operatorToken();
    expect((await submit(reviewed[1], { ...VALID, creative: 'M' }, { bytes: PNG, name: 'p.png', type: 'image/png' })).statusCode).toBe(200);
    expect((await submit(reviewed[2], VALID)).statusCode).toBe(200);
    const list = AccessRequestsResponse.parse((await operatorCall(op, 'GET', '/api/operator/accessRequests')).json());
    const first = list.requests.find((r) => r.campaign.campaign_id === reviewed[1])!;
    const second = list.requests.find((r) => r.campaign.campaign_id === reviewed[2])!;
    expect(first).toMatchObject({ status: 'Pending', affiliate: { affiliate_id: DEMO_AFFILIATE }, creative: 'M', sources: [VALID.source1, VALID.source2, VALID.source3] });

    const image = await operatorCall(op, 'GET', first.creative_file!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);

    const approved = await operatorCall(op, 'POST', `/api/operator/accessRequests/${first.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(AccessDecisionResponse.parse(approved.json()).request.status).toBe('Approved');
    const detail = (await t.app.inject(withToken(token, { method: 'GET', url: `/api/campaign/${reviewed[1]}` }))).json();
    expect(detail.campaign.details.affiliate_campaign_status).toBe('Approved');
    expect((await operatorCall(op, 'POST', `/api/operator/accessRequests/${first.id}/approve`, {})).statusCode).toBe(409);

    const noReason = await operatorCall(op, 'POST', `/api/operator/accessRequests/${second.id}/reject`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.message).toBe('Give the affiliate a reason for the rejection.');
    const rejected = await operatorCall(op, 'POST', `/api/operator/accessRequests/${second.id}/reject`, { reason: 'Incentive traffic <b>only</b>' });
    expect(rejected.statusCode).toBe(200);
    const note = await t.database.db.selectFrom('notifications').select('body_html').where('affiliate_id', '=', DEMO_AFFILIATE).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(note.body_html).toContain('Incentive traffic &lt;b&gt;only&lt;/b&gt;');
    const mail = await t.database.db.selectFrom('outbox_messages').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ channel: 'email', recipient: DEMO_ACCOUNTS.demo });
    const access = await t.database.db.selectFrom('campaign_access').select('status').where('affiliate_id', '=', DEMO_AFFILIATE).where('campaign_id', '=', reviewed[2]).executeTakeFirstOrThrow();
    expect(access.status).toBe('Rejected');
    // A rejected affiliate may ask again.
    expect((await submit(reviewed[2], VALID)).statusCode).toBe(200);
    expect((await operatorCall(op, 'POST', '/api/operator/accessRequests/99999999/approve', {})).statusCode).toBe(404);
  });

  it("hands out the advertiser's postback with its secret, to operators only", async () => {
    const op = await operatorToken();
    await t.database.db.updateTable('advertisers').set({ postback_secret: 's3cr3t&x' }).where('id', '=', (await t.database.db.selectFrom('campaigns').select('advertiser_id').where('id', '=', reviewed[1]).executeTakeFirstOrThrow()).advertiser_id).execute();
    const res = await operatorCall(op, 'GET', `/api/operator/campaigns/${reviewed[1]}/postback`);
    expect(res.statusCode).toBe(200);
    expect(res.json().postback_url).toMatch(/\/postback\?click_id=\{click_id\}&txid=\{txid\}&amount=\{amount\}&secret=s3cr3t%26x$/);
    expect((await t.app.inject(withToken(token, { method: 'GET', url: `/api/operator/campaigns/${reviewed[1]}/postback` }))).statusCode).toBe(401);
    expect((await operatorCall(op, 'GET', '/api/operator/campaigns/99999999/postback')).statusCode).toBe(404);
  });
});
