import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import type { OperatorContext } from '../../plugins/auth';

/**
 * Whose affiliates an operator acts on (docs/ops-people.md "Scoping"). An operator of role manager
 * acts on the affiliates of the affiliate manager their account is linked to (operators.manager_id,
 * set by an admin), and on no others; every other role (admin, viewer, finance) sees every affiliate,
 * and what it may change is its endpoints' roles. A manager operator without a link has no affiliates.
 */
export type OperatorScope = { all: true } | { all: false; managerId: number | null };

export async function scopeOf(db: Kysely<DB> | Transaction<DB>, operator: OperatorContext): Promise<OperatorScope> {
  if (operator.role !== 'manager') return { all: true };
  const row = await db.selectFrom('operators').select('manager_id').where('id', '=', operator.operatorId).executeTakeFirst();
  return { all: false, managerId: row?.manager_id ?? null };
}

/** The manager whose affiliates a list shows: undefined for all of them, null for none. */
export const scopedManager = (scope: OperatorScope): number | null | undefined => (scope.all ? undefined : scope.managerId);

const NOT_LINKED = 'Your operator account is not linked to an affiliate manager, so it has no affiliates yet: ask an admin to link it.';

/**
 * Refuses (403, with a sentence) an affiliate that is not the manager operator's own. `reading`:
 * a read (the detail) rather than a change.
 */
export function checkAffiliateInScope(scope: OperatorScope, affiliateManagerId: number | null, reading = false): void {
  if (scope.all) return;
  if (scope.managerId === null) throw new ApiError(403, NOT_LINKED);
  if (affiliateManagerId !== scope.managerId) {
    throw new ApiError(
      403,
      reading
        ? 'This affiliate has another affiliate manager: you can see only your own affiliates.'
        : 'This affiliate has another affiliate manager: only their manager or an admin can change it.',
    );
  }
}

/** Refuses (403) a managers row other than the manager operator's own. */
export function checkManagerInScope(scope: OperatorScope, managerId: number): void {
  if (scope.all) return;
  if (scope.managerId === null) throw new ApiError(403, NOT_LINKED);
  if (managerId !== scope.managerId) throw new ApiError(403, "You can change only your own contact card: ask an admin to change another manager's.");
}
