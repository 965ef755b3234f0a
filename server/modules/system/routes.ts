import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { systemEndpoints } from '../../../src/api/contract/system';
import type { AppContext } from '../../context';
import { route } from '../../lib/route';

export const systemRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; engine: string }> = async (app, { ctx, engine }) => {
  route(
    app,
    systemEndpoints.health,
    async () => {
      await sql`select 1`.execute(ctx.db);
      return { success: true as const, database: engine };
    },
    { config: { rateLimit: false } },
  );

  // The OpenAPI document generated from the endpoint descriptions of src/api/contract.
  route(app, systemEndpoints.openapi, async (_request, reply) => reply.type('application/json').send(app.swagger()));
};
