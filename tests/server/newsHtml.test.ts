import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/db/demo/seed';
import { sanitizeHtml } from '../../src/features/shell/safeHtml';
import { easternDay } from '../../src/shared/dates';
import { setupTestApp, testEngine, tokenFor, withToken, type TestContext } from './helpers';

/** The server answers news and notifications sanitised with the portal's own rule (src/shared/newsHtml.ts). */
let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await setupTestApp();
  token = await tokenFor(t.app, DEMO_ACCOUNTS.demo);
});
afterAll(() => t.close());

const hostile = '<p>Deal <b>now</b><img src=x onerror=alert(1)><script>alert(2)</script> <a href="javascript:alert(3)" onclick="x">go</a> <a href="https://example.com">out</a></p>';

describe(`news HTML on the server (${testEngine})`, () => {
  it('answers news and notifications sanitised, the same as the portal sanitises them', async () => {
    // Today in the reporting zone (the news list leaves out later days): not UTC's, which is a day ahead in the evening.
    const today = easternDay(new Date());
    await t.database.db.insertInto('news').values({ type: 'alert', news_date: today, body_html: hostile }).execute();
    await t.database.db.insertInto('notifications').values({ body_html: hostile, created_at: new Date(Date.now() - 60_000) }).execute();
    const news = (await t.app.inject(withToken(token, { method: 'GET', url: '/api/news' }))).json();
    const item = news.news_updates.find((n: { news: string }) => n.news.includes('Deal'));
    const expected = '<p>Deal <b>now</b> <a>go</a> <a href="https://example.com/" target="_blank" rel="noopener noreferrer">out</a></p>';
    expect(item.news).toBe(expected);
    expect(sanitizeHtml(hostile)).toBe(expected);
    const popups = (await t.app.inject(withToken(token, { method: 'GET', url: '/api/affiliate/notifications' }))).json();
    expect(JSON.stringify(popups)).not.toMatch(/onerror|<script|javascript:/);
  });
});
