import { LEAD_PIXELS_META, leadPixelAddress } from '../../shared/leadPixels';

/** The pixel images under way: kept, so none is collected (and its request dropped) before it is sent. */
const underWay: HTMLImageElement[] = [];

function loadImage(src: string) {
  const img = new Image(1, 1);
  img.decoding = 'async';
  img.onload = img.onerror = () => underWay.splice(underWay.indexOf(img), 1);
  underWay.push(img);
  img.src = src;
}

/**
 * Requests each lead pixel the server named in index.html (LEAD_PIXEL_URLS, src/shared/leadPixels.ts)
 * once, its {cachebuster} filled; the thank-you step calls it when a registration succeeded. Returns
 * the addresses requested. A failing pixel is the ad platform's matter: nothing is shown.
 */
export function fireLeadPixels(
  doc: Pick<Document, 'querySelector'> | undefined = globalThis.document,
  load: (src: string) => void = loadImage,
  cachebuster: () => string = () => String(Math.floor(Math.random() * 1e12)),
): string[] {
  const meta = doc?.querySelector<HTMLMetaElement>(`meta[name="${LEAD_PIXELS_META}"]`);
  const addresses = (meta?.content ?? '').split(/\s+/).filter(Boolean).map((pixel) => leadPixelAddress(pixel, cachebuster()));
  addresses.forEach(load);
  return addresses;
}
