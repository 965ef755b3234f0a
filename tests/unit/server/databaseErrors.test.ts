import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../../server/lib/databaseErrors';

describe('a database that cannot be reached', () => {
  it('is told from the errors of a stopped, restarting or unreachable Postgres', () => {
    const cases = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('connection failure'), { code: '08006' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })], 'all attempts failed'),
      new Error('query failed', { cause: Object.assign(new Error('reset'), { code: 'ECONNRESET' }) }),
    ];
    expect(cases.map(isDatabaseUnavailable)).toEqual(cases.map(() => true));
  });

  it('is not a query the database refused, nor anything else', () => {
    const cases = [
      Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
      Object.assign(new Error('syntax error'), { code: '42601' }),
      new Error('something else'),
      null,
      'ECONNREFUSED',
    ];
    expect(cases.map(isDatabaseUnavailable)).toEqual(cases.map(() => false));
  });
});
