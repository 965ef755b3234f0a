import { z } from 'zod';
import { IdParams } from './common';
import { endpoint } from './endpoint';

/**
 * Generated images of the demo network (SVG). Public: an <img> cannot send the token header, and
 * they show only what a campaign's public creatives show anyway. Only the error answers are JSON.
 */
const tags = ['images'];
const svg = { raw: 'image/svg+xml' } as const;

export const imageEndpoints = {
  campaignThumbnail: endpoint({
    method: 'GET',
    path: '/images/campaigns/:id',
    access: 'public',
    tags,
    summary: 'Campaign thumbnail',
    params: IdParams,
    response: svg,
    errors: [404],
  }),
  landingPage: endpoint({
    method: 'GET',
    path: '/images/landing-pages/:id',
    access: 'public',
    tags,
    summary: 'Landing page screenshot (thumb 320x400 or full 1024x1280)',
    params: IdParams,
    query: z.object({ size: z.enum(['thumb', 'full']).default('thumb') }),
    response: svg,
    errors: [404],
  }),
  creative: endpoint({
    method: 'GET',
    path: '/images/creatives/:id',
    access: 'public',
    tags,
    summary: 'Banner creative image in its own size',
    params: IdParams,
    query: z.object({ download: z.enum(['1', 'true']).optional() }),
    response: svg,
    errors: [404],
  }),
  managerPhoto: endpoint({
    method: 'GET',
    path: '/images/managers/:id',
    access: 'public',
    tags,
    summary: 'Affiliate manager photo (drawn)',
    params: IdParams,
    response: svg,
    errors: [404],
  }),
  managerQr: endpoint({
    method: 'GET',
    path: '/images/managers/:id/qr',
    access: 'public',
    tags,
    summary: "QR code of the manager's Telegram contact",
    params: IdParams,
    response: svg,
    errors: [404],
  }),
  slider: endpoint({
    method: 'GET',
    path: '/images/slider/:id',
    access: 'public',
    tags,
    summary: 'Dashboard slider image',
    params: IdParams,
    query: z.object({ size: z.enum(['full', 'thumb']).default('full') }),
    response: svg,
    errors: [404],
  }),
  resource: endpoint({
    method: 'GET',
    path: '/images/resources/:id',
    access: 'public',
    tags,
    summary: 'Resource card image',
    params: IdParams,
    response: svg,
    errors: [404],
  }),
};
