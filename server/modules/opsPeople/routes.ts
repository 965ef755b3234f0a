import { opsPeopleEndpoints as ep } from '../../../src/api/contract/opsPeople';
import { route } from '../../lib/route';
import type { RouteModule, RoutePlugin } from '../../lib/routeModules';
import type { OperatorContext } from '../../plugins/auth';
import {
  affiliateFor, changeManager, paymentFor, reactivateAffiliate, searchAffiliates, setCap, setFlag, suspendAffiliate, type Actor,
} from './affiliates';
import { createManager, editManager, linkOperatorManager, listManagers, setManagerActive } from './managers';
import { scopeOf } from './scope';

/**
 * The back office's people (src/api/contract/opsPeople.ts, docs/ops-people.md): affiliates, affiliate
 * managers and the operator-to-manager link. Which role may call each route is its endpoint's
 * `roles`, checked before the handler (server/plugins/auth.ts); which affiliates a manager operator
 * reaches is ./scope.ts.
 */
export const opsPeopleRoutes: RoutePlugin = async (app, { ctx }) => {
  const actor = (request: { operator: OperatorContext; ip: string }): Actor => ({ operator: request.operator, ip: request.ip, now: ctx.now() });
  const ok = <T extends object>(body: T) => ({ success: true as const, ...body });

  route(app, ep.searchAffiliates, async (request) => {
    const { affiliates, total } = await searchAffiliates(ctx.db, await scopeOf(ctx.db, request.operator), request.query);
    return ok({ affiliates, total, page: request.query.page, limit: request.query.limit });
  });

  route(app, ep.affiliateDetail, async (request) => ok({ affiliate: await affiliateFor(ctx.db, request.operator, request.params.id) }));

  route(app, ep.affiliatePayment, async (request) => ok({ affiliate_id: request.params.id, ...(await paymentFor(ctx.db, request.operator, request.params.id)) }));

  route(app, ep.changeAffiliateManager, async (request) =>
    ok({ affiliate: await changeManager(ctx.db, request.params.id, request.body.manager_id, actor(request)) }),
  );

  route(app, ep.suspendAffiliate, async (request) => ok({ affiliate: await suspendAffiliate(ctx.db, request.params.id, request.body.reason, actor(request)) }));

  route(app, ep.reactivateAffiliate, async (request) => ok({ affiliate: await reactivateAffiliate(ctx.db, request.params.id, actor(request)) }));

  route(app, ep.setAffiliateFlag, async (request) => ok({ affiliate: await setFlag(ctx.db, request.params.id, request.params.flag, true, actor(request)) }));

  route(app, ep.clearAffiliateFlag, async (request) => ok({ affiliate: await setFlag(ctx.db, request.params.id, request.params.flag, false, actor(request)) }));

  route(app, ep.setAffiliateCap, async (request) =>
    ok({ affiliate: await setCap(ctx.db, request.params.id, request.params.campaign, request.body.daily_cap, actor(request)) }),
  );

  route(app, ep.listManagers, async () => ok({ managers: await listManagers(ctx.db) }));

  route(app, ep.createManager, async (request) => ok({ manager: await createManager(ctx.db, request.body, actor(request)) }));

  route(app, ep.editManager, async (request) => ok({ manager: await editManager(ctx.db, request.params.id, request.body, actor(request)) }));

  route(app, ep.deactivateManager, async (request) => ok({ manager: await setManagerActive(ctx.db, request.params.id, false, actor(request)) }));

  route(app, ep.activateManager, async (request) => ok({ manager: await setManagerActive(ctx.db, request.params.id, true, actor(request)) }));

  route(app, ep.linkOperatorManager, async (request) =>
    ok({ operator: await linkOperatorManager(ctx.db, request.params.id, request.body.manager_id, actor(request)) }),
  );
};

/** Registered by server/lib/routeModules.ts. */
export const routeModule: RouteModule = { api: [opsPeopleRoutes] };
