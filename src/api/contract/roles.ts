import { z } from 'zod';

/**
 * The operators' roles (docs/operators.md "Roles"). Every operator endpoint names the roles that may
 * call it in its own description (`roles`); the server refuses any other role with 403 before the
 * handler, and refuses to start with an operator endpoint that names none.
 */

/** admin: everything and the operators; manager: affiliates, approvals, content; finance: payouts, reports; viewer: reads. */
export const OPERATOR_ROLES = ['admin', 'manager', 'finance', 'viewer'] as const;
export const OperatorRole = z.enum(OPERATOR_ROLES, { error: 'The role is admin, manager, finance or viewer.' });
export type OperatorRole = z.infer<typeof OperatorRole>;

/** The role sets the endpoints use. */
export const ROLES = {
  /** Every operator. */
  all: OPERATOR_ROLES,
  /** Reads of people and offers: everyone but finance. */
  readers: ['admin', 'manager', 'viewer'],
  /** Approvals and the daily work on offers and people. */
  approvers: ['admin', 'manager'],
  /** Operator accounts and the audit log. */
  admin: ['admin'],
} as const satisfies Record<string, readonly OperatorRole[]>;
