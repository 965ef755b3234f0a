import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';

/** MaxMoney points (issue 19): GET /maxmoney, POST /maxmoney/register, /redeem, /cancel. Being built. */
export const maxmoneyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async () => {};
