import { sql } from 'kysely';
import { systemEndpoints } from '../../../src/api/contract/system';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../../lib/databaseErrors';
import { ApiError } from '../../lib/errors';
import { route } from '../../lib/route';
import type { RouteModule, RoutePlugin } from '../../lib/routeModules';

export const systemRoutes: RoutePlugin = async (app, { ctx, engine }) => {
  route(
    app,
    systemEndpoints.health,
    async (_request, reply) => {
      try {
        await sql`select 1`.execute(ctx.db);
      } catch (err) {
        if (!isDatabaseUnavailable(err)) throw err;
        // For load balancers and people alike: 503 while the database cannot be reached.
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        throw new ApiError(503, 'The database is down: the service cannot reach it, and answers 503 until it is back.');
      }
      return { success: true as const, database: engine };
    },
    { config: { rateLimit: false } },
  );

  // The OpenAPI document generated from the endpoint descriptions of src/api/contract.
  route(app, systemEndpoints.openapi, async (_request, reply) => reply.type('application/json').send(app.swagger()));
};

/** Registered by server/lib/routeModules.ts. */
export const routeModule: RouteModule = { api: [systemRoutes] };
