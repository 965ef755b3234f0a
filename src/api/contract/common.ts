import { z } from 'zod';

/** A NUL byte cannot be stored in a Postgres text column: refused as bad input, never a 500. */
const noNul = (s: string) => !s.includes('\u0000');
export const NO_NUL = 'must not contain NUL characters';

/**
 * The text type of every string a request carries: a string without NUL characters.
 * Bound its length where it is used (`SafeText().max(100, 'is too long')`).
 */
export const SafeText = () => z.string().refine(noNul, NO_NUL);

/** A numeric id in a path: digits only, within int4. */
export const IdParam = z
  .string()
  .regex(/^\d{1,10}$/, 'must be a positive whole number')
  .transform(Number)
  .pipe(z.number().int().min(1, 'must be a positive whole number').max(2_147_483_647, 'is out of range'));

export const IdParams = z.object({ id: IdParam });
