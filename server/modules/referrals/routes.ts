import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';

/** Partner resources, the referral count and the referral art (issue 19): GET /resources, /referrer, /images/referral/:file. Being built. */
export const referralRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async () => {};
