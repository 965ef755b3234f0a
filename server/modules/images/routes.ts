import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { imageEndpoints } from '../../../src/api/contract/images';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { avatarSvg, bannerSvg, campaignThumbnailSvg, landingPageSvg, resourceSvg, sliderSvg } from './svg';

const CTAS = ['Learn More', 'Get Started', 'Sign Up Free', 'Claim Offer', 'Shop Now', 'Try It Today', 'Apply Now'];

/** An SVG answer of the image routes: an hour's cache, and no scripts nor external loads if opened directly. */
export function sendSvg(reply: FastifyReply, body: string, download?: string): FastifyReply {
  reply
    .type('image/svg+xml; charset=utf-8')
    .header('cache-control', 'public, max-age=3600')
    // Defence in depth if an SVG is opened directly: no scripts, no external loads.
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
  if (download) reply.header('content-disposition', `attachment; filename="${download}"`);
  return reply.send(body);
}

/** Brand part of a campaign name ("NovaLend Personal Loans - Approved Application (US)"). */
function brandOf(name: string) {
  return name.split(' - ')[0];
}

/**
 * Generated images of the demo network. Public (an <img> cannot send the token header), and they
 * show only what a campaign's public creatives show anyway.
 */
export const imageRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  route(app, imageEndpoints.campaignThumbnail, async (request, reply) => {
    const row = await db
      .selectFrom('campaigns as c')
      .innerJoin('subcategories as s', 's.id', 'c.subcategory_id')
      .select(['c.name', 'c.thumbnail_style', 's.name as vertical'])
      .where('c.id', '=', request.params.id)
      .executeTakeFirst();
    if (!row) throw notFound('Image not found.');
    return sendSvg(reply, campaignThumbnailSvg({ brand: brandOf(row.name), vertical: row.vertical, style: row.thumbnail_style }));
  });

  route(app, imageEndpoints.landingPage, async (request, reply) => {
    const row = await db
      .selectFrom('landing_pages as l')
      .innerJoin('campaigns as c', 'c.id', 'l.campaign_id')
      .select(['l.id', 'l.name', 'l.thumbnail_style', 'c.name as campaign'])
      .where('l.id', '=', request.params.id)
      .executeTakeFirst();
    if (!row) throw notFound('Image not found.');
    return sendSvg(
      reply,
      landingPageSvg({
        title: `${brandOf(row.campaign)}: ${row.name}`,
        brand: brandOf(row.campaign),
        style: row.thumbnail_style,
        layout: row.id,
        full: request.query.size === 'full',
      }),
    );
  });

  route(app, imageEndpoints.creative, async (request, reply) => {
    const row = await db
      .selectFrom('creatives as cr')
      .innerJoin('campaigns as c', 'c.id', 'cr.campaign_id')
      .select(['cr.id', 'cr.width', 'cr.height', 'cr.body', 'c.name as campaign', 'c.thumbnail_style'])
      .where('cr.id', '=', request.params.id)
      .where('cr.type', '=', 'banner')
      .executeTakeFirst();
    if (!row || !row.width || !row.height) throw notFound('Image not found.');
    const image = bannerSvg({
      width: row.width,
      height: row.height,
      brand: brandOf(row.campaign),
      headline: row.body || brandOf(row.campaign),
      cta: CTAS[row.id % CTAS.length],
      style: row.thumbnail_style,
    });
    return sendSvg(reply, image, request.query.download ? `banner-${row.id}-${row.width}x${row.height}.svg` : undefined);
  });

  route(app, imageEndpoints.managerPhoto, async (request, reply) => {
    const row = await db.selectFrom('managers').select(['name', 'photo_style']).where('id', '=', request.params.id).executeTakeFirst();
    if (!row) throw notFound('Image not found.');
    return sendSvg(reply, avatarSvg({ name: row.name, style: row.photo_style }));
  });

  route(app, imageEndpoints.managerQr, async (request, reply) => {
    const row = await db.selectFrom('managers').select(['im_handle']).where('id', '=', request.params.id).executeTakeFirst();
    if (!row || !row.im_handle) throw notFound('Image not found.');
    const handle = row.im_handle.replace(/^@/, '');
    const image = await QRCode.toString(`https://t.me/${encodeURIComponent(handle)}`, { type: 'svg', margin: 2, width: 200 });
    return sendSvg(reply, image);
  });

  route(app, imageEndpoints.slider, async (request, reply) => {
    const row = await db
      .selectFrom('slider_items as s')
      .leftJoin('campaigns as c', 'c.id', 's.campaign_id')
      .select(['s.id', 's.description', 'c.name as campaign', 'c.thumbnail_style'])
      .where('s.id', '=', request.params.id)
      .executeTakeFirst();
    if (!row) throw notFound('Image not found.');
    return sendSvg(
      reply,
      sliderSvg({
        title: row.campaign ? brandOf(row.campaign) : 'Featured',
        subtitle: row.description,
        style: row.thumbnail_style ?? row.id,
        thumb: request.query.size === 'thumb',
      }),
    );
  });

  route(app, imageEndpoints.resource, async (request, reply) => {
    const row = await db.selectFrom('resources').select(['name', 'image_style']).where('id', '=', request.params.id).executeTakeFirst();
    if (!row) throw notFound('Image not found.');
    return sendSvg(reply, resourceSvg({ name: row.name, style: row.image_style }));
  });
};
