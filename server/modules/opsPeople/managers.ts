import type { Kysely, Transaction } from 'kysely';
import type { Manager } from '../../../src/api/contract/opsPeople';
import { isValidPhone } from '../../../src/shared/phone';
import type { DB } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../lib/errors';
import { recordAudit } from '../operator/audit';
import type { Actor } from './affiliates';
import { checkManagerInScope, scopeOf } from './scope';

/**
 * The affiliate managers (table managers: the portal's contact card, docs/ops-people.md) and the link
 * of an operator account to the manager it acts as. Every change writes its audit entry in its own
 * transaction, with the row locked.
 */

const MANAGER_NOT_FOUND = 'There is no affiliate manager with this id.';

type ManagerRow = { id: number; name: string; email: string; phone: string; im_handle: string; is_active: boolean; created_at: Date };
const columns = ['id', 'name', 'email', 'phone', 'im_handle', 'is_active', 'created_at'] as const;

/** What the audit keeps of a manager: the contact card and whether they are active. */
const auditView = (r: ManagerRow) => ({ name: r.name, email: r.email, phone: r.phone, im_handle: r.im_handle, is_active: r.is_active });

/** Every manager, or the one of `id`, with their affiliate count and linked operators, by id. */
async function managersWhere(db: Kysely<DB>, id?: number): Promise<Manager[]> {
  let q = db.selectFrom('managers').select(columns);
  if (id !== undefined) q = q.where('id', '=', id);
  const rows = await q.orderBy('id').execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const counts = await db
    .selectFrom('affiliates')
    .select(['manager_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('manager_id', 'in', ids)
    .groupBy('manager_id')
    .execute();
  const operators = await db.selectFrom('operators').select(['id', 'email', 'manager_id']).where('manager_id', 'in', ids).orderBy('id').execute();
  return rows.map((r) => ({
    manager_id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    im_handle: r.im_handle,
    is_active: r.is_active,
    created_at: new Date(r.created_at).toISOString(),
    affiliates: Number(counts.find((c) => c.manager_id === r.id)?.n ?? 0),
    operators: operators.filter((o) => o.manager_id === r.id).map((o) => ({ operator_id: o.id, email: o.email })),
  }));
}

export const listManagers = (db: Kysely<DB>) => managersWhere(db);

async function managerAnswer(db: Kysely<DB>, id: number): Promise<Manager> {
  const [manager] = await managersWhere(db, id);
  return manager;
}

export interface ManagerFields {
  name?: string;
  email?: string;
  phone?: string;
  im_handle?: string;
}

/** The fields as stored: trimmed, the e-mail in lower case, the Telegram username with its @; a phone the portal's rule refuses is a 400. */
function cleaned(f: ManagerFields): ManagerFields {
  const out: ManagerFields = {};
  if (f.name !== undefined) out.name = f.name.trim().replace(/\s+/g, ' ');
  if (f.email !== undefined) out.email = f.email.trim().toLowerCase();
  if (f.phone !== undefined) {
    out.phone = f.phone.trim();
    if (out.phone !== '' && !isValidPhone(out.phone)) throw badRequest('The phone number is not a valid number: give it with its country code, e.g. +1 416 555 0141.');
  }
  if (f.im_handle !== undefined) {
    const handle = f.im_handle.trim().replace(/^@/, '');
    out.im_handle = handle === '' ? '' : `@${handle}`;
  }
  return out;
}

const by = (a: Actor) => ({ operatorId: a.operator.operatorId, ip: a.ip, at: a.now });

async function lockManager(trx: Transaction<DB>, id: number): Promise<ManagerRow> {
  const row = await trx.selectFrom('managers').select(columns).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound(MANAGER_NOT_FOUND);
  return row;
}

export async function createManager(db: Kysely<DB>, input: Required<ManagerFields>, actor: Actor): Promise<Manager> {
  const values = cleaned(input) as Required<ManagerFields>;
  const id = await db.transaction().execute(async (trx) => {
    const created = await trx.insertInto('managers').values({ ...values, created_at: actor.now }).returning(columns).executeTakeFirstOrThrow();
    await recordAudit(trx, { ...by(actor), action: 'manager.create', target: { type: 'manager', id: created.id }, before: null, after: auditView(created) });
    return created.id;
  });
  return managerAnswer(db, id);
}

/** Changes the fields sent; a manager operator only their own card. Nothing sent that differs: nothing written. */
export async function editManager(db: Kysely<DB>, id: number, input: ManagerFields, actor: Actor): Promise<Manager> {
  const values = cleaned(input);
  await db.transaction().execute(async (trx) => {
    const before = await lockManager(trx, id);
    checkManagerInScope(await scopeOf(trx, actor.operator), id);
    const changed = (Object.keys(values) as Array<keyof ManagerFields>).filter((k) => values[k] !== before[k]);
    if (changed.length === 0) return;
    const after = await trx
      .updateTable('managers')
      .set(Object.fromEntries(changed.map((k) => [k, values[k]])))
      .where('id', '=', id)
      .returning(columns)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { ...by(actor), action: 'manager.edit', target: { type: 'manager', id }, before: auditView(before), after: auditView(after) });
  });
  return managerAnswer(db, id);
}

/**
 * Deactivates or activates a manager. A deactivated manager gets no new publishers (registration
 * picks among the active ones) and no affiliates from the back office; their affiliates stay theirs.
 */
export async function setManagerActive(db: Kysely<DB>, id: number, active: boolean, actor: Actor): Promise<Manager> {
  await db.transaction().execute(async (trx) => {
    const before = await lockManager(trx, id);
    if (before.is_active === active) return;
    const after = await trx.updateTable('managers').set({ is_active: active }).where('id', '=', id).returning(columns).executeTakeFirstOrThrow();
    await recordAudit(trx, {
      ...by(actor), action: active ? 'manager.activate' : 'manager.deactivate', target: { type: 'manager', id }, before: auditView(before), after: auditView(after),
    });
  });
  return managerAnswer(db, id);
}

/** Links an operator account to the manager it acts as (null: none). Only an active manager can be linked. */
export async function linkOperatorManager(db: Kysely<DB>, operatorId: number, managerId: number | null, actor: Actor) {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('operators').select(['id', 'email', 'role', 'manager_id']).where('id', '=', operatorId).forUpdate().executeTakeFirst();
    if (!before) throw notFound('There is no operator with this id.');
    let manager: { id: number; name: string } | null = null;
    if (managerId !== null) {
      const row = await trx.selectFrom('managers').select(['id', 'name', 'is_active']).where('id', '=', managerId).executeTakeFirst();
      if (!row) throw notFound(MANAGER_NOT_FOUND);
      if (!row.is_active && before.manager_id !== managerId) throw new ApiError(409, `${row.name} is deactivated: activate them first, or choose another manager.`);
      manager = { id: row.id, name: row.name };
    }
    if (before.manager_id !== managerId) {
      await trx.updateTable('operators').set({ manager_id: managerId }).where('id', '=', operatorId).execute();
      await recordAudit(trx, {
        ...by(actor), action: 'operator.manager', target: { type: 'operator', id: operatorId }, before: { manager_id: before.manager_id }, after: { manager_id: managerId },
      });
    }
    return {
      operator_id: before.id,
      email: before.email,
      role: before.role,
      manager: manager === null ? null : { manager_id: manager.id, name: manager.name },
    };
  });
}
