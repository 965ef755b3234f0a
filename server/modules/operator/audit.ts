import type { Kysely, Transaction } from 'kysely';
import type { AuditEntry } from '../../../src/api/contract/operator';
import type { DB } from '../../db/schema';

/**
 * The operators' audit log (table operator_audit, docs/operators.md "Audit"). `recordAudit` takes
 * the transaction of the write it describes and nothing else: the entry commits with the write or
 * not at all (docs/adr/0020), so the log holds nothing that did not happen and nothing happens
 * without its entry.
 */

export interface AuditWrite {
  /** The operator who did it; null for the server's own command line (`npm run operator`). */
  operatorId: number | null;
  /** Area and verb: 'accessRequest.approve', 'operator.invite'. */
  action: string;
  target: { type: string; id: string | number };
  before: unknown;
  after: unknown;
  ip: string;
  at: Date;
}

export async function recordAudit(trx: Transaction<DB>, entry: AuditWrite): Promise<void> {
  await trx
    .insertInto('operator_audit')
    .values({
      operator_id: entry.operatorId,
      action: entry.action,
      target_type: entry.target.type,
      target_id: String(entry.target.id),
      before: entry.before === undefined || entry.before === null ? null : JSON.stringify(entry.before),
      after: entry.after === undefined || entry.after === null ? null : JSON.stringify(entry.after),
      at: entry.at,
      ip: entry.ip,
    })
    .execute();
}

export interface AuditFilter {
  operator_id?: number;
  action?: string;
  target_type?: string;
  target_id?: string;
  from?: string;
  to?: string;
  page: number;
  limit: number;
}

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A `to` date without a time means the whole day: up to the next day's start (UTC). */
function upperBound(to: string): Date {
  if (!DAY_ONLY.test(to)) return new Date(to);
  const d = new Date(`${to}T00:00:00Z`);
  return new Date(d.getTime() + 24 * 3600_000);
}

const parseJson = (v: unknown): unknown => (typeof v === 'string' ? (JSON.parse(v) as unknown) : v);

/** The entries matching the filter, newest first, one page, and how many match in all. */
export async function readAudit(db: Kysely<DB>, f: AuditFilter): Promise<{ entries: AuditEntry[]; total: number }> {
  let q = db.selectFrom('operator_audit as l').leftJoin('operators as o', 'o.id', 'l.operator_id');
  if (f.operator_id !== undefined) q = q.where('l.operator_id', '=', f.operator_id);
  if (f.action !== undefined && f.action.trim() !== '') q = q.where('l.action', '=', f.action.trim());
  if (f.target_type !== undefined && f.target_type.trim() !== '') q = q.where('l.target_type', '=', f.target_type.trim());
  if (f.target_id !== undefined && f.target_id.trim() !== '') q = q.where('l.target_id', '=', f.target_id.trim());
  if (f.from !== undefined) q = q.where('l.at', '>=', new Date(f.from));
  if (f.to !== undefined) q = q.where('l.at', '<', upperBound(f.to));
  const [{ n }] = await q.select((eb) => eb.fn.countAll<number>().as('n')).execute();
  const rows = await q
    .select(['l.id', 'l.at', 'l.operator_id', 'o.email', 'l.action', 'l.target_type', 'l.target_id', 'l.before', 'l.after', 'l.ip'])
    .orderBy('l.at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(f.limit)
    .offset((f.page - 1) * f.limit)
    .execute();
  return {
    total: Number(n),
    entries: rows.map((r) => ({
      id: Number(r.id),
      at: new Date(r.at).toISOString(),
      operator: r.operator_id === null ? null : { operator_id: r.operator_id, email: r.email ?? '' },
      action: r.action,
      target: { type: r.target_type, id: r.target_id },
      before: parseJson(r.before),
      after: parseJson(r.after),
      ip: r.ip,
    })),
  };
}
