import multipart from '@fastify/multipart';
import { MARKETING_CAMPAIGN_NOT_FOUND, registerEndpoints } from '../../../src/api/contract/register';
import { emailProblem } from '../../../src/shared/emailRules';
import { isValidPhone } from '../../../src/shared/phone';
import { registrationLimits, registrationMessages } from '../../../src/shared/registration';
import { notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { publisherReviewRoutes } from './review';
import { register, type RegisterDeps } from './application';
import { emailTaken, reApplication, removeIdEntry, trackApplication, verifyRegistration } from './service';
import type { RouteModule, RoutePlugin } from '../../lib/routeModules';

/** Per-client limits of the public calls (kept in the database by the API's rate-limit store). */
export const REGISTER_LIMITS = {
  /** The availability check: the one address lookup the spec requires, so the one to keep slow. */
  checkEmail: { max: 30, timeWindow: 10 * 60_000 },
  /** The phone check: no lookup, but libphonenumber's work per call; two numbers per contact step. */
  checkPhone: { max: 60, timeWindow: 10 * 60_000 },
  register: { max: 10, timeWindow: 60 * 60_000 },
  track: { max: 120, timeWindow: 10 * 60_000 },
  reApplication: { max: 30, timeWindow: 10 * 60_000 },
  verify: { max: 30, timeWindow: 10 * 60_000 },
} as const;

const limit = (name: keyof typeof REGISTER_LIMITS) => ({
  config: { rateLimit: { ...REGISTER_LIMITS[name], keyGenerator: (r: { ip: string }) => `register-${name}:${r.ip}` } },
});

/** The public calls of joining the network (spec 002 §7; docs/registration.md) and the profile's question list (spec 001 section 7). */
export const registerRoutes: RoutePlugin = async (app, { ctx, messenger, productName, tracking: { baseUrl } }) => {
  const deps: RegisterDeps = { db: ctx.db, messenger, productName, baseUrl, passwordCost: ctx.passwordCost };

  // Multipart for this module's routes only (plugins are encapsulated): two images, each under
  // 25,000,000 bytes (a larger part is answered 413 with the spec's message), and the text fields.
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: registrationLimits.imageMaxBytes - 1, files: 2, fields: 60, fieldSize: 16 * 1024, parts: 62, headerPairs: 200 },
  });

  route(app, registerEndpoints.getSecurityQuestions, async () => {
    const rows = await ctx.db.selectFrom('security_questions').select(['id', 'question', 'question_group']).orderBy('id').execute();
    return { success: true as const, securityQuestions: rows.map((r) => ({ id: r.id, question: r.question, question_group: r.question_group === 2 ? (2 as const) : (1 as const) })) };
  });

  route(
    app,
    registerEndpoints.checkEmail,
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const email = request.query.e;
      // An address the rules refuse can never be registered: taken.
      return { success: true as const, taken: emailProblem(email) !== null || (await emailTaken(ctx.db, email)) };
    },
    limit('checkEmail'),
  );

  route(
    app,
    registerEndpoints.checkPhone,
    async (request) => {
      const isValid = isValidPhone(request.query.m);
      return { success: true as const, isValid, ...(isValid ? {} : { message: registrationMessages.mobileInvalid }) };
    },
    limit('checkPhone'),
  );

  route(
    app,
    registerEndpoints.register,
    async (request) => {
      const { affiliateId } = await register(deps, request.body, ctx.now());
      return { success: true as const, message: registrationMessages.registered, affiliate_id: affiliateId };
    },
    // This route only: two images of up to 25 MB and the text fields. Everything else keeps the app's limit.
    { bodyLimit: 2 * registrationLimits.imageMaxBytes + 1024 * 1024, ...limit('register') },
  );

  route(
    app,
    registerEndpoints.trackApplication,
    async (request) => {
      await trackApplication(ctx.db, request.body, ctx.now());
      return { success: true as const };
    },
    limit('track'),
  );

  route(
    app,
    registerEndpoints.removeIdEntry,
    async (request) => {
      await removeIdEntry(ctx.db, request.body.token, request.body.email, ctx.now());
      return { success: true as const };
    },
    limit('track'),
  );

  route(
    app,
    registerEndpoints.reApplication,
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const details = await reApplication(ctx.db, request.query.token);
      return { success: true as const, data_exists: details !== null, details };
    },
    limit('reApplication'),
  );

  route(app, registerEndpoints.marketingCampaign, async (request) => {
    const row = await ctx.db.selectFrom('marketing_campaigns').select(['header', 'image', 'content']).where('id', '=', request.params.mktg).executeTakeFirst();
    if (!row) throw notFound(MARKETING_CAMPAIGN_NOT_FOUND);
    return { success: true as const, data: { campaign_header: row.header, campaign_image: row.image, campaign_content: row.content } };
  });

  route(
    app,
    registerEndpoints.verifyRegistration,
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true as const, ...(await verifyRegistration(ctx.db, request.query.i, request.query.e, ctx.now())) };
    },
    limit('verify'),
  );

  await app.register(publisherReviewRoutes, { ctx, messenger, productName, baseUrl });
};

/** Registered by server/lib/routeModules.ts. */
export const routeModule: RouteModule = { api: [registerRoutes] };
