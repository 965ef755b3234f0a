import type { Kysely, Transaction } from 'kysely';
import type { Operator, OperatorRole } from '../../../src/api/contract/operator';
import type { DB } from '../../db/schema';
import { hashPassword, hashToken, newToken, type ScryptCost } from '../../lib/crypto';
import { ApiError, notFound } from '../../lib/errors';
import type { Messenger } from '../../lib/messenger';
import { isSealed, open, seal } from '../../lib/secretBox';
import { recordAudit } from './audit';

/**
 * Operator accounts (docs/operators.md): roles, invitations and their one-time links, disabling and
 * resetting. Every change writes its audit entry in its own transaction (./audit.ts).
 */

/** An invitation link is valid this long, once. */
export const INVITE_TTL_MS = 72 * 3600_000;

/**
 * Operators' authenticator secrets are sealed like the affiliates' (server/lib/secretBox.ts, the
 * configured TOTP key), bound to their operator.
 */
const secretContext = (operatorId: number) => `operators.otp_secret:${operatorId}`;
export const sealOperatorSecret = (key: Buffer, operatorId: number, secret: string) => seal(key, secret, secretContext(operatorId));
export const openOperatorSecret = (key: Buffer, operatorId: number, stored: string) =>
  isSealed(stored) ? open(key, stored, secretContext(operatorId)) : stored;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

type OperatorRow = {
  id: number; email: string; role: OperatorRole; password_hash: string; otp_secret: string | null; created_at: Date; disabled_at: Date | null;
};
const columns = ['id', 'email', 'role', 'password_hash', 'otp_secret', 'created_at', 'disabled_at'] as const;

export function operatorView(r: OperatorRow): Operator {
  return {
    operator_id: r.id,
    email: r.email,
    role: r.role,
    status: r.disabled_at !== null ? 'disabled' : r.password_hash === '' ? 'invited' : 'active',
    authenticator: r.otp_secret !== null,
    created_at: new Date(r.created_at).toISOString(),
    disabled_at: r.disabled_at === null ? null : new Date(r.disabled_at).toISOString(),
  };
}

/** What the audit keeps of an operator: never the password's hash or the secret. */
const auditView = (r: OperatorRow) => {
  const v = operatorView(r);
  return { email: v.email, role: v.role, status: v.status, authenticator: v.authenticator, disabled_at: v.disabled_at };
};

export async function listOperators(db: Kysely<DB>): Promise<Operator[]> {
  const rows = await db.selectFrom('operators').select(columns).orderBy('id').execute();
  return rows.map(operatorView);
}

async function lockOperator(trx: Transaction<DB>, id: number): Promise<OperatorRow> {
  const row = await trx.selectFrom('operators').select(columns).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound('There is no operator with this id.');
  return row;
}

const isActiveAdmin = (r: Pick<OperatorRow, 'role' | 'disabled_at' | 'password_hash'>) => r.role === 'admin' && r.disabled_at === null && r.password_hash !== '';

/**
 * Refuses to leave the network without an active admin. The active admins' rows are locked first,
 * so two admins demoting or disabling each other at once cannot both succeed.
 */
async function keepAnAdmin(trx: Transaction<DB>, target: OperatorRow, what: string): Promise<void> {
  if (!isActiveAdmin(target)) return;
  const admins = await trx
    .selectFrom('operators')
    .select('id')
    .where('role', '=', 'admin')
    .where('disabled_at', 'is', null)
    .where('password_hash', '<>', '')
    .orderBy('id')
    .forUpdate()
    .execute();
  if (admins.every((a) => a.id === target.id)) {
    throw new ApiError(409, `${target.email} is the last active admin: ${what} would leave no one to manage the operators. Make another operator admin first.`);
  }
}

const endSessions = (trx: Transaction<DB>, operatorId: number, now: Date) =>
  trx.updateTable('operator_sessions').set({ revoked_at: now }).where('operator_id', '=', operatorId).where('revoked_at', 'is', null).execute();

export interface Actor {
  operatorId: number | null;
  ip: string;
  now: Date;
}

/** The audit entry's who, where and when. */
const by = (a: Actor) => ({ operatorId: a.operatorId, ip: a.ip, at: a.now });

export interface InviteMail {
  messenger: Messenger;
  productName: string;
  /** The product's public address: the link is `${baseUrl}/ops/invite?token=...`. */
  baseUrl: string;
}

/** A new one-time link for the operator (earlier unused ones stop working), e-mailed in the same transaction. */
async function issueInvite(trx: Transaction<DB>, op: OperatorRow, actor: Actor, mail: InviteMail, reset: boolean): Promise<Date> {
  await trx.updateTable('operator_invites').set({ used_at: actor.now }).where('operator_id', '=', op.id).where('used_at', 'is', null).execute();
  const token = newToken();
  const expires = new Date(actor.now.getTime() + INVITE_TTL_MS);
  await trx.insertInto('operator_invites').values({ operator_id: op.id, token_hash: hashToken(token), created_at: actor.now, expires_at: expires }).execute();
  const link = `${mail.baseUrl}/ops/invite?token=${token}`;
  await mail.messenger.queue(trx, {
    channel: 'email',
    recipient: op.email,
    account: op.email,
    subject: reset ? `${mail.productName}: set a new operator password` : `${mail.productName}: you are invited as an operator`,
    body:
      (reset
        ? `Your ${mail.productName} operator account was reset. Choose a new password here: ${link}`
        : `You are invited to ${mail.productName}'s back office as ${op.role}. Choose your password here: ${link}`) +
      `\n\nThe link works once, for 72 hours. At your first sign-in you will set up an authenticator app.`,
  });
  return expires;
}

export async function inviteOperator(db: Kysely<DB>, input: { email: string; role: OperatorRole }, actor: Actor, mail: InviteMail) {
  const email = normalizeEmail(input.email);
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('operators').select('id').where('email', '=', email).executeTakeFirst();
    if (existing) throw new ApiError(409, 'There is already an operator with this e-mail address: reset them instead.');
    const created = await trx
      .insertInto('operators')
      .values({ email, password_hash: '', role: input.role, invited_by: actor.operatorId, created_at: actor.now })
      .returning(columns)
      .executeTakeFirstOrThrow();
    const expires = await issueInvite(trx, created, actor, mail, false);
    await recordAudit(trx, { ...by(actor), action: 'operator.invite', target: { type: 'operator', id: created.id }, before: null, after: auditView(created) });
    return { operator: operatorView(created), invite_expires_at: expires.toISOString() };
  });
}

export async function changeRole(db: Kysely<DB>, id: number, role: OperatorRole, actor: Actor): Promise<Operator> {
  return db.transaction().execute(async (trx) => {
    const before = await lockOperator(trx, id);
    if (before.role === role) return operatorView(before);
    if (role !== 'admin') await keepAnAdmin(trx, before, 'a new role');
    const after = await trx.updateTable('operators').set({ role }).where('id', '=', id).returning(columns).executeTakeFirstOrThrow();
    await recordAudit(trx, { ...by(actor), action: 'operator.role', target: { type: 'operator', id }, before: auditView(before), after: auditView(after) });
    return operatorView(after);
  });
}

export async function disableOperator(db: Kysely<DB>, id: number, actor: Actor): Promise<Operator> {
  return db.transaction().execute(async (trx) => {
    const before = await lockOperator(trx, id);
    if (before.disabled_at !== null) return operatorView(before);
    await keepAnAdmin(trx, before, 'disabling them');
    const after = await trx.updateTable('operators').set({ disabled_at: actor.now }).where('id', '=', id).returning(columns).executeTakeFirstOrThrow();
    await endSessions(trx, id, actor.now);
    await trx.updateTable('operator_invites').set({ used_at: actor.now }).where('operator_id', '=', id).where('used_at', 'is', null).execute();
    await recordAudit(trx, { ...by(actor), action: 'operator.disable', target: { type: 'operator', id }, before: auditView(before), after: auditView(after) });
    return operatorView(after);
  });
}

/**
 * Resets an operator: the password and the authenticator are cleared (an old password must not be
 * enough to set up a new authenticator), their sessions end, and a new invitation link is e-mailed.
 * A disabled operator comes back this way.
 */
export async function resetOperator(db: Kysely<DB>, id: number, actor: Actor, mail: InviteMail) {
  return db.transaction().execute(async (trx) => {
    const before = await lockOperator(trx, id);
    const after = await trx
      .updateTable('operators')
      .set({ password_hash: '', otp_secret: null, otp_last_step: null, disabled_at: null })
      .where('id', '=', id)
      .returning(columns)
      .executeTakeFirstOrThrow();
    await endSessions(trx, id, actor.now);
    const expires = await issueInvite(trx, after, actor, mail, true);
    await recordAudit(trx, { ...by(actor), action: 'operator.reset', target: { type: 'operator', id }, before: auditView(before), after: auditView(after) });
    return { operator: operatorView(after), invite_expires_at: expires.toISOString() };
  });
}

const INVALID_INVITE = 'This invitation link is not valid any more: it was used, replaced or has expired. Ask an admin for a new one.';

/** Accepts an invitation: the link works once, before it expires; the password is set, nothing else. */
export async function acceptInvite(db: Kysely<DB>, input: { token: string; password: string }, ctx: { ip: string; now: Date; cost: ScryptCost }) {
  const password_hash = await hashPassword(input.password, ctx.cost);
  return db.transaction().execute(async (trx) => {
    const invite = await trx
      .selectFrom('operator_invites')
      .select(['id', 'operator_id', 'expires_at', 'used_at'])
      .where('token_hash', '=', hashToken(input.token))
      .forUpdate()
      .executeTakeFirst();
    if (!invite || invite.used_at !== null || new Date(invite.expires_at).getTime() <= ctx.now.getTime()) throw new ApiError(403, INVALID_INVITE);
    const before = await lockOperator(trx, invite.operator_id);
    if (before.disabled_at !== null) throw new ApiError(403, INVALID_INVITE);
    await trx.updateTable('operator_invites').set({ used_at: ctx.now }).where('id', '=', invite.id).execute();
    const after = await trx
      .updateTable('operators')
      .set({ password_hash, otp_secret: null, otp_last_step: null })
      .where('id', '=', before.id)
      .returning(columns)
      .executeTakeFirstOrThrow();
    await endSessions(trx, before.id, ctx.now);
    await recordAudit(trx, {
      operatorId: before.id, ip: ctx.ip, at: ctx.now, action: 'operator.invite.accept', target: { type: 'operator', id: before.id },
      before: auditView(before), after: auditView(after),
    });
    return { email: after.email };
  });
}

/**
 * The command line's account (`npm run operator -- create EMAIL`, OPERATOR_EMAIL at start): makes an
 * admin, or gives an existing operator a new password and the admin role, ending their sessions.
 * With `resetAuthenticator` (the command line) the authenticator is set up again at the next sign-in:
 * the way back in for an admin who lost both password and phone.
 */
export async function upsertOperator(
  db: Kysely<DB>,
  email: string,
  password: string,
  options: { cost?: ScryptCost; resetAuthenticator?: boolean } = {},
): Promise<'created' | 'updated'> {
  const normalized = normalizeEmail(email);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(normalized)) throw new Error(`"${email}" is not an e-mail address`);
  if (password.length < 12) throw new Error('an operator password must be at least 12 characters');
  const password_hash = await hashPassword(password, options.cost);
  const now = new Date();
  const cli = { operatorId: null, ip: '', at: now };
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('operators').select(columns).where('email', '=', normalized).forUpdate().executeTakeFirst();
    if (existing) {
      const after = await trx
        .updateTable('operators')
        .set({ password_hash, disabled_at: null, role: 'admin', ...(options.resetAuthenticator ? { otp_secret: null, otp_last_step: null } : {}) })
        .where('id', '=', existing.id)
        .returning(columns)
        .executeTakeFirstOrThrow();
      // A new password ends the sessions opened with the old one.
      await endSessions(trx, existing.id, now);
      await recordAudit(trx, { ...cli, action: 'operator.cli.update', target: { type: 'operator', id: existing.id }, before: auditView(existing), after: auditView(after) });
      return 'updated';
    }
    const created = await trx.insertInto('operators').values({ email: normalized, password_hash, role: 'admin' }).returning(columns).executeTakeFirstOrThrow();
    await recordAudit(trx, { ...cli, action: 'operator.cli.create', target: { type: 'operator', id: created.id }, before: null, after: auditView(created) });
    return 'created';
  });
}
