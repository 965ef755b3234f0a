import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerEndpoints } from '../../../src/api/contract/register';
import type { AppContext } from '../../context';
import { route } from '../../lib/route';

/** The public calls of joining the network (spec 002) and the profile's question list (spec 001 section 7). */
export const registerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  route(app, registerEndpoints.getSecurityQuestions, async () => {
    const rows = await ctx.db.selectFrom('security_questions').select(['id', 'question', 'question_group']).orderBy('id').execute();
    return { success: true as const, securityQuestions: rows.map((r) => ({ id: r.id, question: r.question, question_group: r.question_group === 2 ? (2 as const) : (1 as const) })) };
  });
};
