import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { commonErrorResponses, successEnvelope } from '../../../src/api/contract/envelope';
import type { AppContext } from '../../context';

const HealthResponse = successEnvelope({ database: z.string() });

export const systemRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; engine: string }> = async (app, { ctx, engine }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check, for load balancers',
        response: { 200: HealthResponse, ...commonErrorResponses },
      },
      config: { rateLimit: false },
    },
    async () => {
      await sql`select 1`.execute(ctx.db);
      return { success: true as const, database: engine };
    },
  );

  // The OpenAPI document generated from the zod schemas of src/api/contract.
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
};
