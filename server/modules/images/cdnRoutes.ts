import type { FastifyReply } from 'fastify';
import { cdnEndpoints } from '../../../src/api/contract/cdn';
import { notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { bannerSvg, landingPageSvg } from './svg';
import type { RoutePlugin } from '../../lib/routeModules';

/** A year, immutable: a creative or landing page keeps its id for life (a new image is a new id). */
export const CDN_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const CTAS = ['Learn More', 'Get Started', 'Sign Up Free', 'Claim Offer', 'Shop Now', 'Try It Today', 'Apply Now'];

const brandOf = (name: string) => name.split(' - ')[0];

function sendSvg(reply: FastifyReply, body: string, download?: string): FastifyReply {
  reply
    .type('image/svg+xml; charset=utf-8')
    .header('cache-control', CDN_CACHE_CONTROL)
    // A CDN or another origin's page may show it; scripts inside stay forbidden.
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
  if (download) reply.header('content-disposition', `attachment; filename="${download}"`);
  return reply.send(body);
}

/**
 * The campaign page's images at their CDN-style paths (modules/images/cdn.ts): served outside /api,
 * so the API's rate limit does not count them and a CDN can pull the same paths.
 */
export const cdnImageRoutes: RoutePlugin = async (app, { ctx }) => {
  const { db } = ctx;

  route(app, cdnEndpoints.cdnCreative, async (request, reply) => {
    const { merchant, offer, creative } = request.params;
    const row = await db
      .selectFrom('creatives as cr')
      .innerJoin('campaigns as c', 'c.id', 'cr.campaign_id')
      .select(['cr.id', 'cr.width', 'cr.height', 'cr.body', 'c.name as campaign', 'c.thumbnail_style'])
      .where('cr.id', '=', creative)
      .where('cr.campaign_id', '=', offer)
      .where('c.advertiser_id', '=', merchant)
      .where('cr.type', '=', 'banner')
      .executeTakeFirst();
    if (!row || !row.width || !row.height) throw notFound('Image not found.');
    const brand = brandOf(row.campaign);
    const image = bannerSvg({
      width: row.width,
      height: row.height,
      brand,
      headline: row.body || brand,
      cta: CTAS[row.id % CTAS.length],
      style: row.thumbnail_style,
    });
    return sendSvg(reply, image, request.query.download ? `banner-${row.id}-${row.width}x${row.height}.svg` : undefined);
  });

  route(app, cdnEndpoints.cdnLandingPage, async (request, reply) => {
    const { merchant, offer, file } = request.params;
    const row = await db
      .selectFrom('landing_pages as l')
      .innerJoin('campaigns as c', 'c.id', 'l.campaign_id')
      .select(['l.id', 'l.name', 'l.thumbnail_style', 'c.name as campaign'])
      .where('l.id', '=', file.id)
      .where('l.campaign_id', '=', offer)
      .where('c.advertiser_id', '=', merchant)
      .executeTakeFirst();
    if (!row) throw notFound('Image not found.');
    const brand = brandOf(row.campaign);
    return sendSvg(reply, landingPageSvg({ title: `${brand}: ${row.name}`, brand, style: row.thumbnail_style, layout: row.id, full: file.size === 'full' }));
  });
};
