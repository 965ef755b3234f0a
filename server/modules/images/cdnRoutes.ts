import type { FastifyReply } from 'fastify';
import { cdnEndpoints } from '../../../src/api/contract/cdn';
import { notFound } from '../../lib/errors';
import { cdnUrls } from './cdn';
import { route } from '../../lib/route';
import { bannerForImage, landingPageForImage } from './queries';
import { bannerImage, landingPageImage } from './render';
import type { RoutePlugin } from '../../lib/routeModules';

/** A year, immutable: a creative or landing page keeps its id for life (a new image is a new id). */
export const CDN_CACHE_CONTROL = 'public, max-age=31536000, immutable';

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
 * An image an operator uploaded in place of the drawn one (docs/ops-files.md): a redirect to the file,
 * not cached, because this address may be asked for again after another upload.
 */
function sendUploaded(reply: FastifyReply, url: string): FastifyReply {
  return reply.header('cache-control', 'no-cache').redirect(url, 302);
}

/**
 * The campaign page's images at their CDN-style paths (modules/images/cdn.ts): served outside /api,
 * so the API's rate limit does not count them and a CDN can pull the same paths.
 */
export const cdnImageRoutes: RoutePlugin = async (app, { ctx, creativeBaseUrl }) => {
  const { db } = ctx;
  const cdn = cdnUrls(creativeBaseUrl);

  route(app, cdnEndpoints.cdnCreative, async (request, reply) => {
    const { merchant, offer, creative } = request.params;
    const row = await bannerForImage(db, creative, { campaignId: offer, advertiserId: merchant });
    if (row?.image_key) return sendUploaded(reply, `${cdn.file(row.image_key)}${request.query.download ? '?download=1' : ''}`);
    const image = bannerImage(row);
    if (!image) throw notFound('Image not found.');
    return sendSvg(reply, image.svg, request.query.download ? image.fileName : undefined);
  });

  route(app, cdnEndpoints.cdnLandingPage, async (request, reply) => {
    const { merchant, offer, file } = request.params;
    const row = await landingPageForImage(db, file.id, { campaignId: offer, advertiserId: merchant });
    if (!row) throw notFound('Image not found.');
    if (row.screenshot_key) return sendUploaded(reply, cdn.file(row.screenshot_key));
    return sendSvg(reply, landingPageImage(row, file.size === 'full'));
  });
};
