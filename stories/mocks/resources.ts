import { imageEndpoints } from '../../src/api/contract/images';
import { rewardEndpoints, type Resource } from '../../src/api/contract/rewards';
import { answer, failure, mock, networkError, pending, type MockOptions } from './http';

/**
 * MSW handlers and fixtures of the Resources page (spec 001 §2.3, §3, §7, §8): the list
 * (GET /resources, sent without the token) and the card images at /images/resources/:id, drawn here
 * as SVG in their real 320 × 180 size so nothing leaves the machine and screenshots stay fixed.
 */

const { resources } = rewardEndpoints;

const resource = (r: Partial<Resource> & Pick<Resource, 'resource_category_id' | 'category_name' | 'key_id' | 'name' | 'description' | 'URL'>): Resource => ({
  image_name: String(r.key_id),
  promo_code: '',
  promo_description: '',
  ...r,
});

/** Three categories, ordered by category then name as the server lists them; some with a promo code, one without a link. */
export const resourcesFixture: Resource[] = [
  resource({
    resource_category_id: 1,
    category_name: 'Hosting and Websites',
    key_id: 11,
    name: 'BrightHost',
    description: 'Fast managed WordPress hosting for landing pages and review sites, with free SSL and daily backups.',
    URL: 'https://brighthost.example.com/partners',
    promo_code: 'MAXPUB30',
    promo_description: '30% off the first year of any plan.',
  }),
  resource({
    resource_category_id: 1,
    category_name: 'Hosting and Websites',
    key_id: 12,
    name: 'PageForge',
    description: 'A drag-and-drop landing page builder with A/B tests and templates made for lead generation.',
    URL: 'https://pageforge.example.com/',
  }),
  resource({
    resource_category_id: 2,
    category_name: 'Email Marketing',
    key_id: 21,
    name: 'MailPilot',
    description: 'Newsletters and autoresponders with list segmentation and deliverability reports.',
    URL: 'https://mailpilot.example.com/signup?ref=network',
    promo_code: 'PILOT2MONTHS',
    promo_description: 'Two months free on the Growth plan.',
  }),
  resource({
    resource_category_id: 3,
    category_name: 'Tracking and Analytics',
    key_id: 31,
    name: 'ClickLens',
    description: 'Click tracking and split testing across your traffic sources, with postback support.',
    URL: 'https://clicklens.example.com/',
    promo_code: 'LENS15',
    promo_description: '',
  }),
  resource({
    resource_category_id: 3,
    category_name: 'Tracking and Analytics',
    key_id: 32,
    name: 'Spreadsheet Template',
    description: 'A free earnings-tracking spreadsheet: paste your weekly report and see EPC by campaign.',
    // Not an http(s) address: the card shows no Learn More link.
    URL: 'javascript:alert(1)',
  }),
];

const HUES: Record<number, number> = { 11: 210, 12: 150, 21: 20, 31: 275, 32: 95 };

/** A resource card image in its real size: a flat tile with the resource's initials. */
export function resourceImageSvg(id: number): string {
  const name = resourcesFixture.find((r) => r.key_id === id)?.name ?? 'Resource';
  const hue = HUES[id] ?? (id * 47) % 360;
  const initials = name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0])
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180"><rect width="320" height="180" fill="hsl(${hue},45%,92%)"/><rect x="20" y="40" width="100" height="100" rx="22" fill="hsl(${hue},55%,38%)"/><text x="70" y="103" text-anchor="middle" font-family="Liberation Sans, DejaVu Sans, sans-serif" font-size="34" font-weight="700" fill="#fff">${initials}</text><text x="136" y="98" font-family="Liberation Sans, DejaVu Sans, sans-serif" font-size="16" font-weight="700" fill="hsl(${hue},55%,30%)">${name}</text></svg>`;
}

const svgResponse = (body: string) => new Response(body, { headers: { 'content-type': 'image/svg+xml' } });

export const resourceHandlers = {
  loaded: (list: Resource[] = resourcesFixture, spy?: MockOptions) => answer(resources, { success: true, resources: list }, spy),
  empty: () => answer(resources, { success: true, resources: [] }),
  pending: () => pending(resources),
  failure: (message = 'An internal error occurred. Please try again later', status = 500) => failure(resources, message, status),
  networkError: () => networkError(resources),
  /** The card images (GET /images/resources/:id). */
  images: () => mock(imageEndpoints.resource, ({ params }) => svgResponse(resourceImageSvg(Number(params.id)))),
};

/** The page's calls answered with the fixture. */
export function resourceDefaults() {
  return [resourceHandlers.loaded(), resourceHandlers.images()];
}
