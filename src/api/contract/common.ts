import { z } from 'zod';

/** A numeric id in a path: digits only, within int4. */
export const IdParam = z
  .string()
  .regex(/^\d{1,10}$/, 'must be a positive whole number')
  .transform(Number)
  .pipe(z.number().int().min(1, 'must be a positive whole number').max(2_147_483_647, 'is out of range'));

export const IdParams = z.object({ id: IdParam });
