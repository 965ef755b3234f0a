import { operatorEndpoints } from '../../../src/api/contract/operator';
import { route } from '../../lib/route';
import type { RouteModule, RoutePlugin } from '../../lib/routeModules';
import { readAudit } from './audit';
import { acceptInvite, changeRole, disableOperator, inviteOperator, listOperators, resetOperator } from './service';
import { signInWithCode, signInWithPassword } from './signIn';

/**
 * The operators' own API (docs/operators.md): the two-step sign-in, invitations, the admins'
 * management of the operators and the audit log. Which role may call what is each endpoint's
 * `roles` in the contract, checked by the operator hook (server/plugins/auth.ts) before any handler here.
 */

/** Operator sign-in steps per address and minute, beside the database-held limits of each account. */
const SIGN_INS_PER_MINUTE = 10;
const perAddress = (name: string) => ({
  config: { rateLimit: { max: SIGN_INS_PER_MINUTE, timeWindow: 60_000, keyGenerator: (r: { ip: string }) => `operator-${name}:${r.ip}` } },
});

export const operatorAccountRoutes: RoutePlugin = async (app, { ctx, messenger, productName, tracking: { baseUrl } }) => {
  const signInDeps = (ip: string) => ({
    db: ctx.db, now: ctx.now(), ip, limits: ctx.loginLimits, totpKey: ctx.totpKey, dummyHash: ctx.dummyHash, productName,
  });
  const actor = (request: { operator: { operatorId: number }; ip: string }) => ({ operatorId: request.operator.operatorId, ip: request.ip, now: ctx.now() });
  const mail = { messenger, productName, baseUrl };

  route(app, operatorEndpoints.operatorSignIn, async (request) => signInWithPassword(signInDeps(request.ip), request.body), perAddress('sign-in'));

  route(
    app,
    operatorEndpoints.operatorSignInCode,
    async (request) => signInWithCode(signInDeps(request.ip), request.body, ctx.access.operatorSessionHours),
    perAddress('sign-in-code'),
  );

  route(
    app,
    operatorEndpoints.acceptInvite,
    async (request) => ({ success: true as const, ...(await acceptInvite(ctx.db, request.body, { ip: request.ip, now: ctx.now(), cost: ctx.passwordCost })) }),
    perAddress('invite'),
  );

  route(app, operatorEndpoints.operatorSignOut, async (request) => {
    await ctx.db.updateTable('operator_sessions').set({ revoked_at: ctx.now() }).where('id', '=', request.operator.sessionId).execute();
    return { success: true as const };
  });

  route(app, operatorEndpoints.operatorMe, async (request) => {
    const me = await ctx.db
      .selectFrom('operator_sessions as s')
      .innerJoin('operators as o', 'o.id', 's.operator_id')
      .select(['o.id', 'o.email', 'o.role', 's.expires_at'])
      .where('s.id', '=', request.operator.sessionId)
      .executeTakeFirstOrThrow();
    return { success: true as const, expires_at: new Date(me.expires_at).toISOString(), operator: { operator_id: me.id, email: me.email, role: me.role } };
  });

  route(app, operatorEndpoints.listOperators, async () => ({ success: true as const, operators: await listOperators(ctx.db) }));

  route(app, operatorEndpoints.inviteOperator, async (request) => ({ success: true as const, ...(await inviteOperator(ctx.db, request.body, actor(request), mail)) }));

  route(app, operatorEndpoints.changeOperatorRole, async (request) => ({
    success: true as const,
    operator: await changeRole(ctx.db, request.params.id, request.body.role, actor(request)),
  }));

  route(app, operatorEndpoints.disableOperator, async (request) => ({
    success: true as const,
    operator: await disableOperator(ctx.db, request.params.id, actor(request)),
  }));

  route(app, operatorEndpoints.resetOperator, async (request) => ({ success: true as const, ...(await resetOperator(ctx.db, request.params.id, actor(request), mail)) }));

  route(app, operatorEndpoints.operatorAudit, async (request) => {
    const { entries, total } = await readAudit(ctx.db, request.query);
    return { success: true as const, entries, total, page: request.query.page, limit: request.query.limit };
  });
};

/** Registered by server/lib/routeModules.ts. */
export const routeModule: RouteModule = { api: [operatorAccountRoutes] };
