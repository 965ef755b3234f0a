import { afterAll, beforeAll, expect } from 'vitest';
import { VerifyRegistrationResponse } from '../../src/api/contract/register';
import { upsertOperator } from '../../server/modules/access/operator';
import { operatorSignIn } from './operatorSignIn';
import { setupTestApp, type TestContext, multipartBody, type UploadFile } from './helpers';

/**
 * The set-up of the registration tests: the app, a valid application (`good`), ID images, a submit
 * from its own address each time, the table counts that show nothing was stored, the e-mailed link
 * and the operator who reviews applications.
 */
export let t: TestContext;
const OPERATOR = { email: 'ops-register@network.example', password: 'operator-password-1' };

// A whole 1x1 PNG, a whole tiny GIF, and the head of a JPEG cut off before its end marker.
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
export const TRUNCATED_JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0'), Buffer.alloc(200, 7)]);

export const fifty = 'I have run search and social campaigns for three years now.';
let serial = 0;
// Digits only: letters drawn from a clock could spell one of the banned words of spec 002 §5 (it happened once).
export const uniqueEmail = (name = 'applicant') => `${name}.${Date.now()}.${++serial}@example.com`;
export const hexToken = () => `${Date.now().toString(16)}${(++serial).toString(16).padStart(8, '0')}abcdef`;

export const good = (values: Record<string, string> = {}): Record<string, string> => ({
  existing_account: 'no',
  firstname: 'Ada',
  lastname: 'Lovelace',
  company: 'Analytical Ads',
  email: uniqueEmail(),
  password: 'secret#123',
  password2: 'secret#123',
  mobile: '+1 212 555 0187',
  phone: '',
  timezone: '11,-5',
  contact_time: '6',
  im_handle: '@ada',
  address_1: '1 Main St',
  address_2: '',
  city: 'Albany',
  state: 'NY',
  non_state: '',
  country: 'US',
  zipcode: '12207',
  hear_about_source: 'coference',
  hear_about: '',
  experience_level: '2',
  experience_description: fifty,
  promotion: fifty,
  desired_offer: 'Finance',
  website: 'https://ada.example.com',
  agree_no_sharing: 'true',
  agree_no_freelancers: 'true',
  agree_terms: 'true',
  appToken: hexToken(),
  ...values,
});

export type Image = UploadFile;
export const png = (name = 'front.png'): Image => ({ bytes: PNG, name, type: 'image/png' });

let address = 0;
/** Each submission from its own address: the per-client limit is tested on its own. */
export async function submit(fields: Record<string, string>, files: { idFront?: Image; idBack?: Image } = { idFront: png() }) {
  const body = await multipartBody(fields, files);
  return t.app.inject({ method: 'POST', url: '/api/register', ...body, remoteAddress: `10.18.${Math.floor(++address / 250)}.${address % 250}` });
}

export async function counts() {
  const db = t.database.db;
  const n = async (table: 'affiliates' | 'affiliate_documents' | 'applications' | 'verification_codes' | 'outbox_messages' | 'referrals') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return {
    affiliates: await n('affiliates'), documents: await n('affiliate_documents'), applications: await n('applications'),
    codes: await n('verification_codes'), outbox: await n('outbox_messages'), referrals: await n('referrals'),
  };
}

/** The confirmation link e-mailed to this address: its affiliate id and code. */
export async function linkFor(email: string) {
  const row = await t.database.db.selectFrom('outbox_messages').select('body').where('recipient', '=', email).where('body', 'like', '%/verify?i=%').orderBy('id', 'desc').executeTakeFirstOrThrow();
  const match = /\/verify\?i=(\d+)&e=([A-Za-z0-9_-]+)/.exec(row.body);
  expect(match, row.body).not.toBeNull();
  return { i: match![1], e: match![2] };
}

export const verify = async (i: string, e: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/verifyRegistration?i=${encodeURIComponent(i)}&e=${encodeURIComponent(e)}`, remoteAddress: `10.19.0.${++address % 250}` });
  expect(res.statusCode, res.body).toBe(200);
  return VerifyRegistrationResponse.parse(res.json());
};

export const operatorCall = (tk: string, method: 'GET' | 'POST', url: string) => t.app.inject({ method, url, headers: { 'x-operator-token': tk }, ...(method === 'POST' ? { payload: {} } : {}) });
export async function operatorToken() {
  // Password, then the authenticator (set up at the first sign-in): tests/server/operatorSignIn.ts.
  return operatorSignIn(t.app, t.database.db, OPERATOR);
}

/** Builds the app before the file's tests; closes it after. */
export function withRegisterApp(): void {
  beforeAll(async () => {
    t = await setupTestApp();
    await upsertOperator(t.database.db, OPERATOR.email, OPERATOR.password);
  });
  afterAll(() => t?.close());
}
