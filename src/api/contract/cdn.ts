import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * The campaign page's images (spec 000 section 7: "a creative image path on a CDN keyed by merchant,
 * offer and creative id"), served by the product outside the API base so a CDN can pull them as
 * they are: real SVG files in their real sizes, cached for a year. Public (an <img> sends no token);
 * they show only what a campaign's creatives show anyway. An id that does not match (unknown, or
 * not of that merchant and offer) is a 404.
 */
const tags = ['images'];
const svg = { raw: 'image/svg+xml' } as const;
const MAX_INT_ID = 2_147_483_647;

const idText = (what: string) =>
  z
    .string({ error: `The ${what} is missing.` })
    .regex(/^\d{1,10}$/, `The ${what} must be a positive whole number.`)
    .transform(Number)
    .pipe(z.number().int().min(1, `The ${what} must be a positive whole number.`).max(MAX_INT_ID, `The ${what} is too large to be one of ours.`));

/** '123.svg' -> 123 */
const svgFile = (what: string) =>
  z
    .string()
    .regex(/^\d{1,10}\.svg$/, `The ${what} file must be named by its id, like 123.svg.`)
    .transform((s) => Number(s.slice(0, -4)))
    .pipe(z.number().int().min(1, `The ${what} id must be a positive whole number.`).max(MAX_INT_ID, `The ${what} id is too large to be one of ours.`));

/** '45.svg' (thumbnail) or '45-full.svg' (full preview) -> { id, size } */
const landingPageFile = z
  .string()
  .regex(/^\d{1,10}(-full)?\.svg$/, 'The landing page image must be named like 45.svg or 45-full.svg.')
  .transform((s) => ({ id: Number(s.replace(/(-full)?\.svg$/, '')), size: s.endsWith('-full.svg') ? ('full' as const) : ('thumb' as const) }))
  .refine((f) => f.id >= 1 && f.id <= MAX_INT_ID, 'The landing page id is out of range.');

export const cdnEndpoints = {
  cdnCreative: endpoint({
    method: 'GET',
    path: '/cdn/creatives/:merchant/:offer/:creative',
    base: 'site',
    access: 'public',
    hidden: true,
    tags,
    summary: 'A banner creative in its real size (160x600, 300x250, 300x600, 728x90, 468x60, 320x50); ?download=1 to save it',
    params: z.object({ merchant: idText('merchant ID'), offer: idText('offer ID'), creative: svgFile('creative') }),
    query: z.object({ download: z.enum(['1', 'true']).optional() }),
    response: svg,
    errors: [404],
  }),
  cdnLandingPage: endpoint({
    method: 'GET',
    path: '/cdn/landing-pages/:merchant/:offer/:file',
    base: 'site',
    access: 'public',
    hidden: true,
    tags,
    summary: 'A landing page screenshot: {id}.svg thumbnail (320x400) or {id}-full.svg full preview (1024x1280)',
    params: z.object({ merchant: idText('merchant ID'), offer: idText('offer ID'), file: landingPageFile }),
    response: svg,
    errors: [404],
  }),
};
