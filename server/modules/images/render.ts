import { bannerSvg, landingPageSvg } from './svg';

const CTAS = ['Learn More', 'Get Started', 'Sign Up Free', 'Claim Offer', 'Shop Now', 'Try It Today', 'Apply Now'];

/** Brand part of a campaign name ("NovaLend Personal Loans - Approved Application (US)"). */
export const brandOf = (name: string) => name.split(' - ')[0];

interface BannerRow { id: number; width: number | null; height: number | null; body: string; campaign: string; thumbnail_style: number }

/**
 * A banner creative's picture (its call to action picked by its id) and the file name a download
 * gets; null without a banner or without a size.
 */
export function bannerImage(row: BannerRow | undefined): { svg: string; fileName: string } | null {
  if (!row || !row.width || !row.height) return null;
  const brand = brandOf(row.campaign);
  return {
    svg: bannerSvg({ width: row.width, height: row.height, brand, headline: row.body || brand, cta: CTAS[row.id % CTAS.length], style: row.thumbnail_style }),
    fileName: `banner-${row.id}-${row.width}x${row.height}.svg`,
  };
}

/** A landing page's picture (thumbnail or full page). */
export function landingPageImage(row: { id: number; name: string; thumbnail_style: number; campaign: string }, full: boolean): string {
  const brand = brandOf(row.campaign);
  return landingPageSvg({ title: `${brand}: ${row.name}`, brand, style: row.thumbnail_style, layout: row.id, full });
}
