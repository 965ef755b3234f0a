import type { FastifyReply } from 'fastify';
import QRCode from 'qrcode';
import { imageEndpoints } from '../../../src/api/contract/images';
import { notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { bannerForImage, campaignForThumbnail, landingPageForImage, managerForImage, resourceForImage, slideForImage } from './queries';
import { bannerImage, brandOf, landingPageImage } from './render';
import { avatarSvg, campaignThumbnailSvg, resourceSvg, sliderSvg } from './svg';
import type { RouteModule, RoutePlugin } from '../../lib/routeModules';
import { cdnUrls } from './cdn';
import { cdnImageRoutes } from './cdnRoutes';

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

/**
 * The generated images by address (path and query), kept in memory for a while: each costs a query
 * and an SVG render, and a page of cards asks for a dozen at once, in the same event loop as the
 * page's API calls (on PGlite a query holds the loop). Browsers cache them an hour anyway, so a
 * renamed campaign's thumbnail may lag by up to `ttlMs` more. Unknown ids are not kept (a new
 * campaign's image is there at once). Oldest first out beyond `max` entries.
 */
export class GeneratedImageCache {
  private readonly entries = new Map<string, { body: string; download?: string; at: number }>();
  constructor(
    private readonly max = 1000,
    private readonly ttlMs = 10 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string, make: () => Promise<{ body: string; download?: string }>): Promise<{ body: string; download?: string }> {
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < this.ttlMs) return hit;
    const made = await make();
    this.entries.delete(key);
    this.entries.set(key, { ...made, at: this.now() });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    return made;
  }

  get size() {
    return this.entries.size;
  }
}

/**
 * Generated images of the demo network. Public (an <img> cannot send the token header), and they
 * show only what a campaign's public creatives show anyway.
 */
export const imageRoutes: RoutePlugin = async (app, { ctx, creativeBaseUrl }) => {
  const { db } = ctx;
  const cdn = cdnUrls(creativeBaseUrl);
  /** A manager's uploaded photo or QR code (docs/ops-files.md), asked for before the drawn one: a redirect to the file, not cached. */
  const uploaded = async (reply: FastifyReply, id: number, which: 'photo_key' | 'qr_key') => {
    const row = await managerForImage(db, id);
    const key = row?.[which];
    return key ? reply.header('cache-control', 'no-cache').redirect(cdn.file(key), 302) : null;
  };
  const cache = new GeneratedImageCache();
  const send = async (reply: FastifyReply, key: string, make: () => Promise<{ body: string; download?: string }>) => {
    const image = await cache.get(key, make);
    return sendSvg(reply, image.body, image.download);
  };

  route(app, imageEndpoints.campaignThumbnail, (request, reply) => send(reply, request.url, async () => {
    const row = await campaignForThumbnail(db, request.params.id);
    if (!row) throw notFound('Image not found.');
    return { body: campaignThumbnailSvg({ brand: brandOf(row.name), vertical: row.vertical, style: row.thumbnail_style }) };
  }));

  route(app, imageEndpoints.landingPage, (request, reply) => send(reply, request.url, async () => {
    const row = await landingPageForImage(db, request.params.id);
    if (!row) throw notFound('Image not found.');
    return { body: landingPageImage(row, request.query.size === 'full') };
  }));

  route(app, imageEndpoints.creative, (request, reply) => send(reply, request.url, async () => {
    const image = bannerImage(await bannerForImage(db, request.params.id));
    if (!image) throw notFound('Image not found.');
    return { body: image.svg, download: request.query.download ? image.fileName : undefined };
  }));

  route(app, imageEndpoints.managerPhoto, async (request, reply) => (await uploaded(reply, request.params.id, 'photo_key')) ?? send(reply, request.url, async () => {
    const row = await managerForImage(db, request.params.id);
    if (!row) throw notFound('Image not found.');
    return { body: avatarSvg({ name: row.name, style: row.photo_style }) };
  }));

  route(app, imageEndpoints.managerQr, async (request, reply) => (await uploaded(reply, request.params.id, 'qr_key')) ?? send(reply, request.url, async () => {
    const row = await managerForImage(db, request.params.id);
    if (!row || !row.im_handle) throw notFound('Image not found.');
    const handle = row.im_handle.replace(/^@/, '');
    return { body: await QRCode.toString(`https://t.me/${encodeURIComponent(handle)}`, { type: 'svg', margin: 2, width: 200 }) };
  }));

  route(app, imageEndpoints.slider, (request, reply) => send(reply, request.url, async () => {
    const row = await slideForImage(db, request.params.id);
    if (!row) throw notFound('Image not found.');
    return {
      body: sliderSvg({
        title: row.campaign ? brandOf(row.campaign) : 'Featured',
        subtitle: row.description,
        style: row.thumbnail_style ?? row.id,
        thumb: request.query.size === 'thumb',
      }),
    };
  }));

  route(app, imageEndpoints.resource, (request, reply) => send(reply, request.url, async () => {
    const row = await resourceForImage(db, request.params.id);
    if (!row) throw notFound('Image not found.');
    return { body: resourceSvg({ name: row.name, style: row.image_style }) };
  }));
};

/** Registered by server/lib/routeModules.ts. */
export const routeModule: RouteModule = { api: [imageRoutes], site: [cdnImageRoutes] };
