import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PAY_METHODS, paychangeEndpoints, type PayPlatform } from '../../../src/api/contract/paychange';
import { countryByAlpha2 } from '../../../src/shared/countries';
import { isPayBlackout, PAY_BLACKOUT_MESSAGE } from '../../../src/shared/payBlackout';
import { paths } from '../../../src/shared/paths';
import { ApiError, notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { requireSettingsWindow } from '../settings/service';
import { completePayChange, markPayoneerReturned, openRequest, payAffiliate, startPayChange, type OpenRequest } from './queries';
import { ProviderUnavailable } from './providers';
import { platformOfSlug, readSandboxToken, SANDBOX_TOKEN_MS, sandboxFormPage, sandboxMessagePage, sandboxTokenKey, type SandboxClaims } from './sandbox';
import type { RouteModule, RoutePlugin } from '../../lib/routeModules';

/**
 * POST /api/paychange/payoneer and /api/paychange/tipalti (spec 001 section 7 "Payment"), and the
 * built-in sandbox provider page under /api/paychange/sandbox/{provider} (docs/settings.md
 * "Payment platforms"). The page sits under /api on purpose: it is described in the contract like
 * every other route (OpenAPI, the routes and hostile-input tests), rate-limited with the API, and
 * never mistaken for a portal route by the SPA fallback.
 */
export const paychangeMessages = {
  blackout: PAY_BLACKOUT_MESSAGE,
  unavailable: (platform: PayPlatform) => `${platform} is not available right now. Please try again in a few minutes.`,
  invalidLink: 'This payment form link is not valid. Please close it and open Payment Settings again.',
  expired: 'This payment form has expired. Please close it and open Payment Settings again.',
  used: 'These payment details were already submitted. You can close this window.',
  payeeName: 'Please enter the payee name.',
  country: 'Please choose your country.',
  method: 'Please choose a payment method.',
} as const;

function refuseDuringBlackout(now: Date) {
  if (isPayBlackout(now)) throw new ApiError(409, PAY_BLACKOUT_MESSAGE);
}

/** Payoneer's return: on at once to /paycompletion (a link for a browser that does not follow the refresh). */
const PAYONEER_RETURN_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">
<meta http-equiv="refresh" content="0;url=${paths.payCompletion}"><title>Payment change submitted</title></head>
<body><p>Your payment details were submitted. <a href="${paths.payCompletion}">Continue</a></p></body></html>`;

/** The product's own /paycompletion: the one the browser named when it is that, else built from the request. */
function completionUrl(request: FastifyRequest, claimed: string | undefined): string {
  const own = `${request.protocol}://${request.host}`;
  if (claimed) {
    try {
      const url = new URL(claimed);
      if ((url.protocol === 'https:' || url.protocol === 'http:') && url.host === request.host && url.pathname === paths.payCompletion && !url.username && !url.password) {
        return `${url.origin}${paths.payCompletion}`;
      }
    } catch {
      // Not an address: ignored, like any other.
    }
  }
  return `${own}${paths.payCompletion}`;
}

export const paychangeRoutes: RoutePlugin = async (app, { ctx, paychangeProviders: providers }) => {
  async function start(request: FastifyRequest & { auth: { sessionId: number } }, affiliateId: number, platform: PayPlatform, redirectClaim?: string) {
    const now = ctx.now();
    refuseDuringBlackout(now);
    // Payment details are part of the settings: changed only in a verified settings window (docs/settings.md).
    await requireSettingsWindow(ctx.db, request.auth.sessionId, now);
    const affiliate = await payAffiliate(ctx.db, affiliateId);
    if (!affiliate) throw notFound('Your account could not be found.');
    const provider = providers[platform];
    const id = randomBytes(16).toString('base64url');
    const expiresAt = new Date(now.getTime() + SANDBOX_TOKEN_MS);
    let iframe: string;
    try {
      const completion = completionUrl(request, redirectClaim);
      // Live Payoneer sends the payee back through the product's return address, which marks the change pending.
      const redirectUrl = platform === 'Payoneer' && provider.kind === 'live' ? `${new URL(completion).origin}/api/paychange/payoneer/return/${id}` : completion;
      iframe = await provider.start({ requestId: id, affiliateId, now, expiresAt, redirectUrl, payee: affiliate.payee });
    } catch (err) {
      if (err instanceof ProviderUnavailable) {
        request.log.warn({ platform, err: err.message }, 'payment provider unavailable');
        throw new ApiError(503, paychangeMessages.unavailable(platform));
      }
      throw err;
    }
    await startPayChange(ctx.db, { id, affiliateId, platform, kind: provider.kind, now, expiresAt });
    return { success: true as const, iframe, method: affiliate.method, platform: affiliate.platform };
  }

  route(app, paychangeEndpoints.payoneerChange, async (request) => start(request, request.auth.affiliateId, 'Payoneer', request.body.redirect_url));
  route(app, paychangeEndpoints.payoneerReturn, async (request, reply) => {
    if (await markPayoneerReturned(ctx.db, request.params.request, ctx.now())) request.log.info('payoneer change submitted: marked pending');
    // Whatever the request was, the payee goes on to the page that tells the payment modal it is done.
    return reply.code(200).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').type('text/html; charset=utf-8').send(PAYONEER_RETURN_PAGE);
  });
  route(app, paychangeEndpoints.tipaltiChange, async (request) => start(request, request.auth.affiliateId, 'Tipalti'));

  // The sandbox page and its form, in their own scope: only here is a form body (urlencoded) read.
  await app.register(async (sandbox) => {
    sandbox.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const key = sandboxTokenKey(ctx.totpKey);

    const html = (reply: FastifyReply, status: number, page: string) =>
      reply
        .code(status)
        .header('cache-control', 'no-store')
        // The token is in the address: never sent on as a referrer.
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8')
        .send(page);

    const refusal = (state: OpenRequest['state']) =>
      state === 'used' ? { status: 409, message: paychangeMessages.used } : state === 'expired' ? { status: 403, message: paychangeMessages.expired } : { status: 403, message: paychangeMessages.invalidLink };

    /** The token's claims when it is signed, for this provider, unexpired; else the refusal to show. */
    function check(token: string, platform: PayPlatform, now: Date): { claims: SandboxClaims } | { status: number; message: string } {
      const claims = readSandboxToken(key, token);
      if (!claims || platformOfSlug(claims.provider) !== platform) return { status: 403, message: paychangeMessages.invalidLink };
      if (claims.expires * 1000 <= now.getTime()) return { status: 403, message: paychangeMessages.expired };
      if (isPayBlackout(now)) return { status: 409, message: PAY_BLACKOUT_MESSAGE };
      return { claims };
    }

    route(sandbox, paychangeEndpoints.sandboxPayPage, async (request, reply) => {
      const platform = platformOfSlug(request.params.provider);
      const now = ctx.now();
      const checked = check(request.query.t, platform, now);
      if (!('claims' in checked)) return html(reply, checked.status, sandboxMessagePage(platform, checked.message));
      const { claims } = checked;
      const open = await openRequest(ctx.db, claims.requestId, claims.affiliateId, platform, now);
      if (open.state !== 'open') {
        const r = refusal(open.state);
        return html(reply, r.status, sandboxMessagePage(platform, r.message));
      }
      const affiliate = await payAffiliate(ctx.db, claims.affiliateId);
      if (!affiliate) return html(reply, 403, sandboxMessagePage(platform, paychangeMessages.invalidLink));
      const method = affiliate.platform === platform ? affiliate.method : '';
      return html(reply, 200, sandboxFormPage(platform, { token: request.query.t, payeeName: affiliate.payee.name, country: affiliate.payee.country, method }));
    });

    route(sandbox, paychangeEndpoints.sandboxPaySubmit, async (request, reply) => {
      const platform = platformOfSlug(request.params.provider);
      const now = ctx.now();
      const body = request.body;
      const checked = check(body.t, platform, now);
      if (!('claims' in checked)) return html(reply, checked.status, sandboxMessagePage(platform, checked.message));
      const { claims } = checked;
      const payeeName = (body.payee_name ?? '').trim().replace(/\s+/g, ' ');
      const country = countryByAlpha2(body.country ?? '')?.alpha2 ?? '';
      const method = (PAY_METHODS[platform] as readonly string[]).find((m) => m === body.method) ?? '';
      const problem = !payeeName || payeeName.length > 100 ? paychangeMessages.payeeName : !country ? paychangeMessages.country : !method ? paychangeMessages.method : null;
      if (problem) {
        return html(reply, 400, sandboxFormPage(platform, { token: body.t, payeeName: (body.payee_name ?? '').slice(0, 100), country, method }, problem));
      }
      const done = await completePayChange(ctx.db, { id: claims.requestId, affiliateId: claims.affiliateId, platform, method, payeeName, country, now });
      if (done.state !== 'open') {
        const r = refusal(done.state);
        return html(reply, r.status, sandboxMessagePage(platform, r.message));
      }
      // 303: the browser follows with a GET of the portal's confirmation page, inside the iframe.
      return reply.code(303).header('cache-control', 'no-store').header('location', paths.payCompletion).send();
    });
  });
};

/** Registered by server/lib/routeModules.ts. */
export const routeModule: RouteModule = { api: [paychangeRoutes] };
