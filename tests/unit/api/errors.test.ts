import { describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../../src/api/contract/envelope';
import { readErrorEnvelope } from '../../../src/api/errors';

/** The portal reads the error envelope by hand (no zod in its build): it must agree with the contract's schema. */
describe('readErrorEnvelope', () => {
  const samples: unknown[] = [
    { success: false, errors: { message: 'Invalid e-mail or password.' } },
    { success: false, errors: { message: 'Please sign in again.', code: 401 } },
    { success: false, errors: { message: 'x', code: 4.5 } },
    { success: false, errors: { message: 42 } },
    { success: false, errors: {} },
    { success: false, errors: 'nope' },
    { success: false },
    { success: true, errors: { message: 'x' } },
    { success: 'false', errors: { message: 'x' } },
    { success: false, errors: { message: 'x', code: '401' } },
    { success: false, errors: { message: 'x', code: null } },
    null,
    'Internal Server Error',
    [],
    42,
  ];

  it.each(samples.map((s) => [JSON.stringify(s), s]))('agrees with the schema on %s', (_label, sample) => {
    const parsed = ErrorEnvelope.safeParse(sample);
    expect(readErrorEnvelope(sample)).toEqual(parsed.success ? parsed.data : null);
  });
});
