import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecurityQuestionsResponse } from '../../src/api/contract/register';
import { SECURITY_QUESTIONS } from '../../server/db/demo/content';
import { setupTestApp, testEngine, type TestContext } from './helpers';

let t: TestContext;

beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t?.close());

describe(`GET /api/register/getSecurityQuestions (${testEngine})`, () => {
  it('answers without a session: every question once, by id, each in group 1 or 2, both groups present', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/register/getSecurityQuestions' });
    expect(res.statusCode).toBe(200);
    const { securityQuestions } = SecurityQuestionsResponse.parse(res.json());
    expect(securityQuestions.map((q) => [q.id, q.question, q.question_group])).toEqual([...SECURITY_QUESTIONS].sort((a, b) => a[0] - b[0]));
    expect(new Set(securityQuestions.map((q) => q.question_group))).toEqual(new Set([1, 2]));
  });

  it('reads the database: a question the network adds is listed', async () => {
    await t.database.db.insertInto('security_questions').values({ id: 9001, question: 'What was the name of your first campaign?', question_group: 2 }).execute();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/register/getSecurityQuestions' });
      const { securityQuestions } = SecurityQuestionsResponse.parse(res.json());
      expect(securityQuestions.at(-1)).toEqual({ id: 9001, question: 'What was the name of your first campaign?', question_group: 2 });
    } finally {
      await t.database.db.deleteFrom('security_questions').where('id', '=', 9001).execute();
    }
  });
});
