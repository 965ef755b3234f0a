import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/demo/seed';
import { hashToken, newToken } from '../../server/lib/crypto';
import { setupTestApp, snapshot, testEngine, tokenFor, type TestContext } from './helpers';

/**
 * Bad input for every route: missing and wrong-typed fields, over-long strings, SQL and HTML
 * metacharacters, unknown ids and tokens that are not (or no longer) the caller's. Each case must
 * answer a clean 4xx envelope and leave the data as it was.
 */
interface Case {
  name: string;
  request: () => InjectOptions;
  status: number;
  /** Start of errors.message, when the message must name the field. */
  message?: RegExp;
  /** Wrong credentials are recorded for the sign-in rate limit (by design): skip that table. */
  recordsAttempt?: boolean;
}

let t: TestContext;
let token = '';
let revoked = '';
let expired = '';
let halfSignedIn = '';
let seq = 0;
const ip = () => `10.77.${Math.floor(seq / 250)}.${(seq++ % 250) + 1}`;

beforeAll(async () => {
  t = await setupTestApp();
  token = await tokenFor(t.app, DEMO_ACCOUNTS.demo);
  revoked = await tokenFor(t.app, DEMO_ACCOUNTS.demo);
  await t.app.inject({ method: 'POST', url: '/api/authenticationApp/logout', headers: { 'x-app-token': revoked } });
  expired = await tokenFor(t.app, DEMO_ACCOUNTS.demo);
  await t.database.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('token_hash', '=', hashToken(expired)).execute();
  halfSignedIn = await tokenFor(t.app, DEMO_ACCOUNTS.twoFactor);
});
afterAll(() => t?.close());

/** Sends a case: a clean 4xx envelope in words, no stack or file in the body, and the data as it was. */
async function expectRefused(c: Case): Promise<void> {
  const before = await snapshot(t.database);
  const res = await t.app.inject(c.request());
  expect(res.statusCode, res.body).toBe(c.status);
  const body = res.json();
  expect(body.success).toBe(false);
  expect(typeof body.errors.message).toBe('string');
  expect(body.errors.code).toBe(c.status);
  if (c.message) expect(body.errors.message).toMatch(c.message);
  expect(res.body).not.toMatch(/node_modules|\.ts:\d+|at [\w.]+ \(/);
  const after = await snapshot(t.database);
  if (c.recordsAttempt) {
    expect(after.login_attempts).toBe(before.login_attempts + 1);
    after.login_attempts = before.login_attempts;
  }
  expect(after).toEqual(before);
}

const LONG = 'x'.repeat(5000);
const SQL = "' OR '1'='1' --";
const SQL_DROP = "1; DROP TABLE affiliates; --";
const HTML = '<script>alert(1)</script>';

const login = (payload: unknown, extra: Partial<InjectOptions> = {}): (() => InjectOptions) => () => ({
  method: 'POST', url: '/api/authenticationApp', payload: payload as InjectOptions['payload'], remoteAddress: ip(), ...extra,
});

const loginCases: Case[] = [
  { name: 'no body', request: () => ({ method: 'POST', url: '/api/authenticationApp' }), status: 400, message: /^body: / },
  { name: 'body is an array', request: login([DEMO_ACCOUNTS.demo, DEMO_PASSWORD]), status: 400 },
  { name: 'body is a JSON string', request: () => ({ method: 'POST', url: '/api/authenticationApp', headers: { 'content-type': 'application/json' }, payload: '"demo"' }), status: 400 },
  { name: 'email missing', request: login({ password: DEMO_PASSWORD }), status: 400, message: /^email: is required/ },
  { name: 'password missing', request: login({ email: DEMO_ACCOUNTS.demo }), status: 400, message: /^password: is required/ },
  { name: 'email is a number', request: login({ email: 12345, password: DEMO_PASSWORD }), status: 400, message: /^email: must be a string/ },
  { name: 'email is null', request: login({ email: null, password: DEMO_PASSWORD }), status: 400, message: /^email: / },
  { name: 'email is an object', request: login({ email: { $ne: '' }, password: DEMO_PASSWORD }), status: 400, message: /^email: / },
  { name: 'password is a number', request: login({ email: DEMO_ACCOUNTS.demo, password: 2026 }), status: 400, message: /^password: must be a string/ },
  { name: 'password is an array', request: login({ email: DEMO_ACCOUNTS.demo, password: [DEMO_PASSWORD] }), status: 400, message: /^password: / },
  { name: 'email empty', request: login({ email: '', password: DEMO_PASSWORD }), status: 400, message: /^Please enter your e-mail address\.$/ },
  { name: 'email not an address', request: login({ email: 'demo-at-example.com', password: DEMO_PASSWORD }), status: 400, message: /^Please enter a valid e-mail address\.$/ },
  { name: 'email over-long', request: login({ email: `${'a'.repeat(250)}@example.com`, password: DEMO_PASSWORD }), status: 400, message: /^Please enter a valid e-mail address\.$/ },
  { name: 'password over-long', request: login({ email: DEMO_ACCOUNTS.demo, password: 'P'.repeat(201) }), status: 400, message: /^The password is too long\.$/ },
  { name: 'password empty', request: login({ email: DEMO_ACCOUNTS.demo, password: '' }), status: 400, message: /^Please enter your password\.$/ },
  { name: 'SQL in email', request: login({ email: SQL, password: DEMO_PASSWORD }), status: 400, message: /^Please enter a valid e-mail address\.$/ },
  { name: 'SQL in an address-shaped email', request: login({ email: "demo@example.com' --", password: DEMO_PASSWORD }), status: 400 },
  { name: 'HTML in email', request: login({ email: `${HTML}@example.com`, password: DEMO_PASSWORD }), status: 400, message: /^Please enter a valid e-mail address\.$/ },
  { name: 'SQL in password', request: login({ email: DEMO_ACCOUNTS.optional2fa, password: SQL }), status: 400, recordsAttempt: true },
  { name: 'HTML in password', request: login({ email: DEMO_ACCOUNTS.optional2fa, password: HTML }), status: 400, recordsAttempt: true },
  { name: 'NUL byte in password', request: login({ email: DEMO_ACCOUNTS.optional2fa, password: 'Demo\u0000-2026!' }), status: 400, recordsAttempt: true },
  { name: 'unknown e-mail', request: login({ email: 'ghost@example.com', password: DEMO_PASSWORD }), status: 400, recordsAttempt: true },
  { name: 'ld is letters', request: login({ email: DEMO_ACCOUNTS.demo, password: DEMO_PASSWORD, ld: 'abc' }), status: 400, message: /^ld: / },
  { name: 'ld is negative', request: login({ email: DEMO_ACCOUNTS.demo, password: DEMO_PASSWORD, ld: -1 }), status: 400, message: /^ld: / },
  { name: 'ld too large', request: login({ email: DEMO_ACCOUNTS.demo, password: DEMO_PASSWORD, ld: 1e12 }), status: 400, message: /^ld: / },
  { name: 'ld is an object', request: login({ email: DEMO_ACCOUNTS.demo, password: DEMO_PASSWORD, ld: {} }), status: 400, message: /^ld: / },
  { name: 'oid is a boolean', request: login({ email: DEMO_ACCOUNTS.demo, password: DEMO_PASSWORD, oid: true }), status: 400, message: /^oid: / },
  { name: 'oid is SQL', request: login({ email: DEMO_ACCOUNTS.demo, password: DEMO_PASSWORD, oid: SQL_DROP }), status: 400, message: /^oid: / },
  { name: 'form-encoded body', request: () => ({ method: 'POST', url: '/api/authenticationApp', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'email=demo%40example.com&password=x' }), status: 415 },
];

/** The same token cases for every signed-in route. */
function tokenCases(method: 'GET' | 'POST', url: string, payload?: object): Case[] {
  const req = (headers: Record<string, string>) => () => ({ method, url, headers, payload });
  const cases: Case[] = [
    { name: 'no token', request: req({}), status: 401 },
    { name: 'empty token', request: req({ 'x-app-token': '' }), status: 401 },
    { name: 'over-long token', request: () => req({ 'x-app-token': LONG })(), status: 401 },
    { name: 'SQL as token', request: req({ 'x-app-token': SQL }), status: 401 },
    { name: 'HTML as token', request: req({ 'x-app-token': HTML }), status: 401 },
    { name: 'well-formed unknown token', request: () => req({ 'x-app-token': newToken() })(), status: 401 },
    { name: 'token hash instead of token', request: () => req({ 'x-app-token': hashToken(token) })(), status: 401 },
    { name: 'revoked token', request: () => req({ 'x-app-token': revoked })(), status: 401 },
    { name: 'expired token', request: () => req({ 'x-app-token': expired })(), status: 401 },
  ];
  // A half sign-in may only sign out (that is its own token); every other route refuses it.
  if (!url.endsWith('/logout')) {
    cases.push({ name: 'half-signed-in token (2FA pending)', request: () => req({ 'x-app-token': halfSignedIn })(), status: 401 });
  }
  return cases;
}

const pageView = (payload: unknown) => () => ({
  method: 'POST' as const, url: '/api/affiliate/pageView', headers: { 'x-app-token': token }, payload: payload as InjectOptions['payload'],
});
const pageViewCases: Case[] = [
  { name: 'no body', request: () => ({ method: 'POST', url: '/api/affiliate/pageView', headers: { 'x-app-token': token } }), status: 400 },
  { name: 'body is an array', request: pageView(['/dashboard']), status: 400 },
  { name: 'screen_name missing', request: pageView({ query_string: '' }), status: 400, message: /^screen_name: is required/ },
  { name: 'screen_name is a number', request: pageView({ screen_name: 42 }), status: 400, message: /^screen_name: must be a string/ },
  { name: 'screen_name is null', request: pageView({ screen_name: null }), status: 400, message: /^screen_name: / },
  { name: 'screen_name empty', request: pageView({ screen_name: '' }), status: 400, message: /^screen_name: / },
  { name: 'screen_name over-long', request: pageView({ screen_name: `/${'a'.repeat(600)}` }), status: 400, message: /^screen_name: is too long/ },
  { name: 'screen_name not a path', request: pageView({ screen_name: 'dashboard' }), status: 400, message: /^screen_name: must be a path/ },
  { name: 'SQL in screen_name', request: pageView({ screen_name: `/x${SQL}` }), status: 400, message: /^screen_name: / },
  { name: 'HTML in screen_name', request: pageView({ screen_name: `/${HTML}` }), status: 400, message: /^screen_name: / },
  { name: 'NUL in screen_name', request: pageView({ screen_name: '/a\u0000b' }), status: 400, message: /^screen_name: / },
  { name: 'query_string is a number', request: pageView({ screen_name: '/dashboard', query_string: 5 }), status: 400, message: /^query_string: / },
  { name: 'query_string over-long', request: pageView({ screen_name: '/dashboard', query_string: `?q=${'a'.repeat(2100)}` }), status: 400, message: /^query_string: is too long/ },
  { name: 'HTML in query_string', request: pageView({ screen_name: '/search', query_string: `?st=${HTML}` }), status: 400, message: /^query_string: / },
  { name: 'SQL in query_string', request: pageView({ screen_name: '/search', query_string: `?st=${SQL}` }), status: 400, message: /^query_string: / },
];

const affiliateQueryCases: Case[] = [
  { name: 'log is not a boolean word', request: () => ({ method: 'GET', url: '/api/affiliate?log=maybe', headers: { 'x-app-token': token } }), status: 400, message: /^log: / },
  { name: 'HTML in log', request: () => ({ method: 'GET', url: `/api/affiliate?log=${encodeURIComponent(HTML)}`, headers: { 'x-app-token': token } }), status: 400, message: /^log: / },
];

const IMAGE_ROUTES = ['campaigns', 'landing-pages', 'creatives', 'managers', 'managers/{id}/qr', 'slider', 'resources'];
function imageCases(route: string): Case[] {
  const url = (id: string) => (route.includes('{id}') ? `/api/images/${route.replace('{id}', id)}` : `/api/images/${route}/${id}`);
  const get = (id: string) => () => ({ method: 'GET' as const, url: url(id) });
  return [
    { name: 'id is letters', request: get('abc'), status: 400, message: /^id: / },
    { name: 'id is zero', request: get('0'), status: 400, message: /^id: / },
    { name: 'id is negative', request: get('-5'), status: 400, message: /^id: / },
    { name: 'id is a fraction', request: get('1.5'), status: 400, message: /^id: / },
    { name: 'id out of range', request: get('99999999999'), status: 400, message: /^id: / },
    { name: 'SQL as id', request: get(encodeURIComponent(SQL)), status: 400, message: /^id: / },
    { name: 'HTML as id', request: get(encodeURIComponent(HTML)), status: 400, message: /^id: / },
    { name: 'unknown id', request: get('987654'), status: 404 },
  ];
}
const imageQueryCases: Case[] = [
  { name: 'landing page size unknown', request: () => ({ method: 'GET', url: '/api/images/landing-pages/1?size=huge' }), status: 400, message: /^size: / },
  { name: 'slider size is HTML', request: () => ({ method: 'GET', url: `/api/images/slider/1?size=${encodeURIComponent(HTML)}` }), status: 400, message: /^size: / },
  { name: 'creative download flag invalid', request: () => ({ method: 'GET', url: '/api/images/creatives/1?download=yes' }), status: 400, message: /^download: / },
  { name: 'creative id of a text link (not an image)', request: () => ({ method: 'GET', url: '/api/images/creatives/7' }), status: 404 },
];

// Joining the network: public calls, each refusal readable (the wizard's field names never shown).
const pub = (method: 'GET' | 'POST', url: string, payload?: unknown) => (): InjectOptions => ({
  method, url, remoteAddress: ip(), ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
});
const joinCases: Case[] = [
  { name: 'checkEmail without e', request: pub('GET', '/api/register/checkEmail'), status: 400, message: /^e: / },
  { name: 'checkEmail of 5000 characters', request: pub('GET', `/api/register/checkEmail?e=${LONG}`), status: 400, message: /^This email address is invalid\.$/ },
  { name: 'checkPhone without m', request: pub('GET', '/api/register/checkPhone'), status: 400, message: /^m: / },
  { name: 'checkPhone of 5000 characters', request: pub('GET', `/api/register/checkPhone?m=${LONG}`), status: 400, message: /^The phone number is too long\.$/ },
  { name: 'tracking without a body', request: () => ({ method: 'POST', url: '/api/register/trackApplication', remoteAddress: ip() }), status: 400 },
  { name: 'tracking token as SQL', request: pub('POST', '/api/register/trackApplication', { token: SQL, email: 'a@example.com', details: 'Initiated' }), status: 400, message: /^The application token is not valid\.$/ },
  { name: 'tracking stage of 5000 characters', request: pub('POST', '/api/register/trackApplication', { token: 'abcdef0123456789', email: '', details: LONG }), status: 400, message: /^The stage is too long\.$/ },
  { name: 'removeIdEntry token as HTML', request: pub('POST', '/api/register/trackApplication/removeIdEntry', { token: HTML, email: '' }), status: 400, message: /^The application token is not valid\.$/ },
  { name: 'register as JSON with nothing filled', request: pub('POST', '/api/register', {}), status: 400, message: /^Please tell us whether you already have an account with us\.$/ },
  { name: 'register as plain text', request: () => ({ method: 'POST', url: '/api/register', headers: { 'content-type': 'text/plain' }, payload: 'firstname=Ada', remoteAddress: ip() }), status: 400, message: /^body: / },
  { name: 'register with a NUL in a field', request: pub('POST', '/api/register', { firstname: 'A\u0000da' }), status: 400 },
  { name: 'reApplication token as SQL', request: pub('GET', `/api/register/reApplication?token=${encodeURIComponent(SQL_DROP)}`), status: 400, message: /^The application token is not valid\.$/ },
  { name: 'marketing campaign id as SQL', request: pub('GET', `/api/marketing/campaign/${encodeURIComponent(SQL_DROP)}`), status: 400, message: /^mktg: / },
  { name: 'marketing campaign unknown', request: pub('GET', '/api/marketing/campaign/987654'), status: 404 },
  { name: 'verifyRegistration code of 5000 characters', request: pub('GET', `/api/verifyRegistration?i=1&e=${LONG}`), status: 400, message: /^The confirmation link is not valid\.$/ },
];

export const groups: Array<[string, Case[]]> = [
  ['POST /api/authenticationApp', loginCases],
  ['POST /api/authenticationApp/logout', tokenCases('POST', '/api/authenticationApp/logout')],
  ['GET /api/application/verifyToken', tokenCases('GET', '/api/application/verifyToken')],
  ['GET /api/affiliate', [...tokenCases('GET', '/api/affiliate'), ...affiliateQueryCases]],
  ['POST /api/affiliate/pageView', [...tokenCases('POST', '/api/affiliate/pageView', { screen_name: '/dashboard' }), ...pageViewCases]],
  ...IMAGE_ROUTES.map((r): [string, Case[]] => [`GET /api/images/${r.includes('{id}') ? r : `${r}/{id}`}`, imageCases(r)]),
  ['GET /api/images (query)', imageQueryCases],
  ['joining the network (public)', joinCases],
];

export const BAD_INPUT_CASES = groups.reduce((n, [, cases]) => n + cases.length, 0);

describe(`bad input (${testEngine}): ${BAD_INPUT_CASES} cases`, () => {
  for (const [route, cases] of groups) {
    describe(route, () => {
      for (const c of cases) {
        it(`${c.name} -> ${c.status}`, () => expectRefused(c));
      }
    });
  }

  it('ignores ids in the query: GET /affiliate always answers for the token holder', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/affiliate?publisher_id=100002&affiliate_id=100002', headers: { 'x-app-token': token } });
    expect(res.statusCode).toBe(200);
    expect(res.json().publisher_id).toBe(100001);
  });

  it("ignores another affiliate's id in a body: a page view is always the token holder's", async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/affiliate/pageView', headers: { 'x-app-token': token },
      payload: { screen_name: '/dashboard', affiliate_id: 100002, publisher_id: 100002 },
    });
    expect(res.statusCode).toBe(200);
    const row = await t.database.db.selectFrom('page_views').select('affiliate_id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.affiliate_id).toBe(100001);
  });

  it('stores metacharacters in free text verbatim and harmlessly where they are allowed', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/affiliate/pageView', headers: { 'x-app-token': token },
      payload: { screen_name: '/search', query_string: "?st=a%27%3B%20drop%20table%20x&ob=date" },
    });
    expect(res.statusCode).toBe(200);
    const row = await t.database.db.selectFrom('page_views').select('query_string').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.query_string).toBe('?st=a%27%3B%20drop%20table%20x&ob=date');
  });
});

// The campaign page: ids that are not campaign or advertiser ids are a readable 400,
// unknown ones a 404, and neither records a view or a bookmark.
const campaignPageCases: Case[] = [
  ...['abc', '12abc', '-1', '0', '1.5', '99999999999', '2147483648', '%27%20OR%201%3D1'].flatMap((id): Case[] => [
    { name: `GET /api/campaign/${id}`, request: () => ({ method: 'GET', url: `/api/campaign/${id}`, headers: { 'x-app-token': token } }), status: 400, message: /^The campaign ID .*\.$/ },
    { name: `POST /api/campaign/${id}/addBookmark`, request: () => ({ method: 'POST', url: `/api/campaign/${id}/addBookmark`, headers: { 'x-app-token': token }, payload: {} }), status: 400, message: /^The campaign ID .*\.$/ },
    { name: `POST /api/campaign/${id}/removeBookmark`, request: () => ({ method: 'POST', url: `/api/campaign/${id}/removeBookmark`, headers: { 'x-app-token': token }, payload: {} }), status: 400, message: /^The campaign ID .*\.$/ },
  ]),
  { name: 'GET /api/campaign/999999 (unknown)', request: () => ({ method: 'GET', url: '/api/campaign/999999', headers: { 'x-app-token': token } }), status: 404, message: /^This campaign doesn't exist\.$/ },
  { name: 'POST /api/campaign/999999/addBookmark (unknown)', request: () => ({ method: 'POST', url: '/api/campaign/999999/addBookmark', headers: { 'x-app-token': token }, payload: {} }), status: 404, message: /^This campaign doesn't exist\.$/ },
  { name: 'GET /api/campaign/1001 without a token', request: () => ({ method: 'GET', url: '/api/campaign/1001' }), status: 401 },
  ...['m=abc&o=1001', 'o=1001', 'm=1', 'm=-1&o=1001', 'm=1&o=99999999999', `m=${SQL}&o=1001`, 'm=1&m=2&o=1001'].map((query): Case => ({
    name: `GET /api/emailSuppression?${query}`,
    request: () => ({ method: 'GET', url: `/api/emailSuppression?${query.replace(/ /g, '%20')}`, headers: { 'x-app-token': token } }),
    status: 400,
    message: /^The (advertiser|campaign) ID .*\.$/,
  })),
  { name: 'GET /api/emailSuppression?m=999999&o=1001 (not its advertiser)', request: () => ({ method: 'GET', url: '/api/emailSuppression?m=999999&o=1001', headers: { 'x-app-token': token } }), status: 404, message: /^This campaign doesn't exist\.$/ },
  ...['abc/1001/1.svg', '1/1001/1.png', '1/1001/99999999999.svg', '1/-1/1.svg'].map((path): Case => ({
    name: `GET /cdn/creatives/${path}`, request: () => ({ method: 'GET', url: `/cdn/creatives/${path}` }), status: 400, message: /^The .*\.$/,
  })),
  { name: 'GET /cdn/creatives/1/1001/999999.svg (unknown)', request: () => ({ method: 'GET', url: '/cdn/creatives/1/1001/999999.svg' }), status: 404 },
  { name: 'GET /cdn/landing-pages/1/1001/1-thumb.svg', request: () => ({ method: 'GET', url: '/cdn/landing-pages/1/1001/1-thumb.svg' }), status: 400, message: /^The .*\.$/ },
  { name: 'GET /cdn/landing-pages/999/1001/1.svg (unknown)', request: () => ({ method: 'GET', url: '/cdn/landing-pages/999/1001/1.svg' }), status: 404 },
];

describe(`bad input, campaign page (${testEngine}): ${campaignPageCases.length} cases`, () => {
  for (const c of campaignPageCases) {
    it(`${c.name} -> ${c.status}`, async () => {
      const views = await t.database.db.selectFrom('campaign_views').select('campaign_id').execute();
      await expectRefused(c);
      expect(await t.database.db.selectFrom('campaign_views').select('campaign_id').execute()).toHaveLength(views.length);
    });
  }
});

// Search: values the /search screen never sends are a 400 with a sentence for the
// affiliate (no field name), never a 5xx, and nothing is recorded.
const searchGet = (url: string) => () => ({ method: 'GET' as const, url, headers: { 'x-app-token': token } });
const searchCases: Case[] = [
  ...[
    ['ob=foo', /^Please sort by date, ID, name, rate or EPC\.$/],
    [`ob=${encodeURIComponent(SQL)}`, /^Please sort by/],
    ['ad=asc', /^Please sort in ascending/],
    ['pn=0', /^Pages are numbered from 1\.$/],
    ['pn=-1', /^The page number must be a whole number\.$/],
    ['pn=2.5', /^The page number must be a whole number\.$/],
    ['pn=abc', /^The page number must be a whole number\.$/],
    ['pn=10001', /^The page number must be at most 10,000\.$/],
    ['pn=999999999999', /^The page number must be a whole number\.$/],
    ['m=abc', /^Please choose a category from the list\.$/],
    ['m=-1', /^Please choose a category from the list\.$/],
    ['m=9999999999', /^Please choose a category from the list\.$/],
    [`c=${encodeURIComponent(SQL_DROP)}`, /^Please choose a subcategory from the list\.$/],
    ['gr=ZZ', /^Please choose Any Country, Allow All Countries or one country from the list\.$/],
    [`gr=${encodeURIComponent(HTML)}`, /^Please choose Any Country/],
    ['gr=Canada', /^Please choose Any Country/],
    ['ep=yes', /^The Email traffic choice must be 1 or 0\.$/],
    ['bbp=2', /^The Brand Bid traffic choice must be 1 or 0\.$/],
    ['mp=-1', /^The Mobile traffic choice must be 1 or 0\.$/],
    ['tstrict=2', /^The traffic match must be /],
    ['grstrict=only', /^The country match must be /],
    ['rf=maybe', /^The Never Promoted Before filter must be 1 or 0\.$/],
    ['af=x', /^The Approved to run filter/],
    ['ct=X', /^Please choose a CPA type/],
    [`st=${LONG}`, /^Please search with at most 100 characters\.$/],
    ['st=a%00b', /./],
    ['q=', /^Please type a campaign name or ID\.$/],
  ].map(([query, message]): Case => ({ name: `GET /api/search?${String(query).slice(0, 40)}`, request: searchGet(`/api/search?${String(query)}`), status: 400, message: message as RegExp })),
  ...['abc', '0', '-2', '1.5', '99999999999', encodeURIComponent(SQL)].map((id): Case => ({
    name: `GET /api/search/subcategories/${id}`, request: searchGet(`/api/search/subcategories/${id}`), status: 400, message: /^Please choose a category from the list\.$/,
  })),
  { name: 'GET /api/search/subcategories/99999 (unknown)', request: searchGet('/api/search/subcategories/99999'), status: 404, message: /^This category does not exist\.$/ },
  { name: 'GET /api/display/maincategory/abc', request: searchGet('/api/display/maincategory/abc'), status: 400, message: /^Please choose a category from the list\.$/ },
  { name: 'GET /api/display/maincategory/99999 (unknown)', request: searchGet('/api/display/maincategory/99999'), status: 404, message: /^This category does not exist\.$/ },
  { name: 'GET /api/display/subcategory/1/abc', request: searchGet('/api/display/subcategory/1/abc'), status: 400, message: /^Please choose a subcategory from the list\.$/ },
  { name: 'GET /api/display/subcategory/99999/1 (unknown)', request: searchGet('/api/display/subcategory/99999/1'), status: 404, message: /^This subcategory does not exist/ },
  { name: 'GET /api/display/country/QQ (unknown)', request: searchGet('/api/display/country/QQ'), status: 404, message: /^This country does not exist\.$/ },
  { name: `GET /api/display/country/${LONG.slice(0, 20)}`, request: searchGet(`/api/display/country/${LONG.slice(0, 20)}`), status: 400, message: /^Please choose a country from the list\.$/ },
  { name: 'GET /api/search?st=x without a token', request: () => ({ method: 'GET', url: '/api/search?st=x' }), status: 401 },
  { name: 'GET /api/search/categories without a token', request: () => ({ method: 'GET', url: '/api/search/categories' }), status: 401 },
];

describe(`bad input, search (${testEngine}): ${searchCases.length} cases`, () => {
  for (const c of searchCases) {
    it(`${c.name} -> ${c.status}`, () => expectRefused(c));
  }
});
