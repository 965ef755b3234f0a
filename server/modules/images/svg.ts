/**
 * Images of the demo network drawn as SVG on the server: banners in the IAB sizes, landing page
 * screenshots, campaign thumbnails, manager portraits, slider and resource art. Nothing is fetched.
 * Every text is XML-escaped; the route adds a CSP that forbids scripts inside the images.
 */
import { REFERRAL_LOGO_SIZE } from '../../../src/api/contract/rewards';

const PALETTES: ReadonlyArray<readonly [string, string, string]> = [
  ['#0f4c81', '#f5a623', '#ffffff'],
  ['#1b998b', '#2d3047', '#fffd82'],
  ['#e84855', '#2b2d42', '#f9dc5c'],
  ['#3d5a80', '#ee6c4d', '#e0fbfc'],
  ['#5f0f40', '#fb8b24', '#ffffff'],
  ['#006d77', '#e29578', '#edf6f9'],
  ['#14213d', '#fca311', '#e5e5e5'],
  ['#2a9d8f', '#e76f51', '#ffffff'],
  ['#6a4c93', '#8ac926', '#ffffff'],
  ['#023047', '#ffb703', '#8ecae6'],
  ['#3a0ca3', '#4cc9f0', '#ffffff'],
  ['#9b2226', '#ee9b00', '#fefae0'],
];

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

const FONT = "font-family=\"'DejaVu Sans', 'Liberation Sans', Arial, sans-serif\"";

function palette(style: number) {
  return PALETTES[Math.abs(style) % PALETTES.length];
}

function svg(width: number, height: number, body: string, title: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ` +
    `role="img" aria-label="${escapeXml(title)}"><title>${escapeXml(title)}</title>${body}</svg>`
  );
}

/** Shortens text to roughly fit `width` pixels at `size`. */
function fit(text: string, width: number, size: number): string {
  const max = Math.max(3, Math.floor(width / (size * 0.58)));
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function mark(x: number, y: number, r: number, accent: string, light: string) {
  return (
    `<circle cx="${x}" cy="${y}" r="${r}" fill="${accent}"/>` +
    `<path d="M${x - r * 0.45} ${y + r * 0.05} l${r * 0.3} ${r * 0.3} l${r * 0.6} -${r * 0.6}" ` +
    `stroke="${light}" stroke-width="${Math.max(2, r * 0.18)}" fill="none" stroke-linecap="round"/>`
  );
}

export interface BannerInput {
  width: number;
  height: number;
  brand: string;
  headline: string;
  cta: string;
  style: number;
}

/** A display banner laid out for its shape: leaderboard, rectangle, skyscraper or mobile strip. */
export function bannerSvg({ width, height, brand, headline, cta, style }: BannerInput): string {
  const [base, accent, light] = palette(style);
  const bg =
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${base}"/>` +
    `<stop offset="1" stop-color="${accent}" stop-opacity="0.85"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#g)"/>` +
    `<circle cx="${width * 0.9}" cy="${height * 0.15}" r="${Math.max(width, height) * 0.35}" fill="${light}" opacity="0.08"/>`;
  const ratio = width / height;
  let body: string;
  if (ratio >= 4) {
    // 728x90, 468x60, 320x50: one line.
    const size = Math.round(height * 0.3);
    const btnW = Math.round(Math.min(width * 0.26, 150));
    const btnH = Math.round(height * 0.56);
    body =
      mark(height * 0.5, height * 0.5, height * 0.3, accent, light) +
      `<text x="${height}" y="${height * 0.42}" ${FONT} font-size="${Math.round(size * 0.8)}" font-weight="700" fill="${light}">${escapeXml(fit(brand, width * 0.6, size * 0.8))}</text>` +
      `<text x="${height}" y="${height * 0.78}" ${FONT} font-size="${Math.round(size * 0.75)}" fill="${light}">${escapeXml(fit(headline, width - height - btnW - 20, size * 0.75))}</text>` +
      `<rect x="${width - btnW - 10}" y="${(height - btnH) / 2}" width="${btnW}" height="${btnH}" rx="${btnH / 2}" fill="${light}"/>` +
      `<text x="${width - btnW / 2 - 10}" y="${height / 2 + size * 0.3}" text-anchor="middle" ${FONT} font-size="${Math.round(size * 0.8)}" font-weight="700" fill="${base}">${escapeXml(fit(cta, btnW, size * 0.8))}</text>`;
  } else {
    // Rectangles and skyscrapers: stacked.
    const size = Math.round(Math.min(width * 0.1, height * 0.08));
    const lines = wrap(headline, width * 0.84, size);
    const top = height * 0.34;
    body =
      mark(width / 2, height * 0.16, Math.min(width, height) * 0.1, accent, light) +
      `<text x="${width / 2}" y="${height * 0.3}" text-anchor="middle" ${FONT} font-size="${Math.round(size * 0.9)}" font-weight="700" fill="${light}">${escapeXml(fit(brand, width * 0.9, size * 0.9))}</text>` +
      lines
        .map(
          (line, i) =>
            `<text x="${width / 2}" y="${top + (i + 1.2) * size * 1.3}" text-anchor="middle" ${FONT} font-size="${size}" fill="${light}">${escapeXml(line)}</text>`,
        )
        .join('') +
      `<rect x="${width * 0.15}" y="${height * 0.8}" width="${width * 0.7}" height="${height * 0.1}" rx="${height * 0.05}" fill="${light}"/>` +
      `<text x="${width / 2}" y="${height * 0.865}" text-anchor="middle" ${FONT} font-size="${Math.round(Math.min(size, height * 0.05))}" font-weight="700" fill="${base}">${escapeXml(fit(cta, width * 0.65, size))}</text>`;
  }
  return svg(width, height, bg + body, `${brand}: ${headline}`);
}

function wrap(text: string, width: number, size: number, maxLines = 4): string[] {
  const perLine = Math.max(6, Math.floor(width / (size * 0.58)));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if ((line + ' ' + word).trim().length > perLine) {
      if (line) lines.push(line);
      line = word;
    } else {
      line = (line + ' ' + word).trim();
    }
  }
  if (line) lines.push(line);
  return lines.slice(0, maxLines);
}

/** A landing page screenshot: header, hero, form or product grid, depending on the layout. */
export function landingPageSvg(input: { title: string; brand: string; style: number; layout: number; full: boolean }): string {
  const width = input.full ? 1024 : 320;
  const height = input.full ? 1280 : 400;
  const k = width / 320;
  const [base, accent, light] = palette(input.style);
  let body =
    `<rect width="${width}" height="${height}" fill="#f7f7f9"/>` +
    `<rect width="${width}" height="${28 * k}" fill="${base}"/>` +
    `<text x="${10 * k}" y="${19 * k}" ${FONT} font-size="${12 * k}" font-weight="700" fill="${light}">${escapeXml(fit(input.brand, 180 * k, 12 * k))}</text>` +
    [0, 1, 2].map((i) => `<rect x="${(200 + i * 38) * k}" y="${11 * k}" width="${30 * k}" height="${6 * k}" rx="${3 * k}" fill="${light}" opacity="0.6"/>`).join('') +
    `<rect y="${28 * k}" width="${width}" height="${140 * k}" fill="${accent}" opacity="0.9"/>` +
    wrap(input.title, 200 * k, 15 * k, 3)
      .map((l, i) => `<text x="${14 * k}" y="${(62 + i * 20) * k}" ${FONT} font-size="${15 * k}" font-weight="700" fill="#ffffff">${escapeXml(l)}</text>`)
      .join('');
  if (input.layout % 3 === 0) {
    // Lead form.
    body +=
      `<rect x="${196 * k}" y="${44 * k}" width="${110 * k}" height="${112 * k}" rx="${6 * k}" fill="#ffffff"/>` +
      [0, 1, 2].map((i) => `<rect x="${204 * k}" y="${(54 + i * 22) * k}" width="${94 * k}" height="${14 * k}" rx="${3 * k}" fill="#e3e5ea"/>`).join('') +
      `<rect x="${204 * k}" y="${124 * k}" width="${94 * k}" height="${20 * k}" rx="${4 * k}" fill="${base}"/>`;
  } else if (input.layout % 3 === 1) {
    // Product grid.
    body += [0, 1, 2].map((i) => `<rect x="${(14 + i * 100) * k}" y="${190 * k}" width="${90 * k}" height="${80 * k}" rx="${6 * k}" fill="#ffffff" stroke="#e3e5ea"/>` +
      `<circle cx="${(59 + i * 100) * k}" cy="${222 * k}" r="${18 * k}" fill="${accent}" opacity="0.5"/>`).join('');
  } else {
    // Video sales letter.
    body +=
      `<rect x="${196 * k}" y="${44 * k}" width="${110 * k}" height="${80 * k}" rx="${4 * k}" fill="#111"/>` +
      `<path d="M${243 * k} ${70 * k} l${20 * k} ${14 * k} l-${20 * k} ${14 * k}z" fill="#fff"/>`;
  }
  body += [0, 1, 2, 3, 4, 5]
    .map((i) => `<rect x="${14 * k}" y="${(290 + i * 14) * k}" width="${(i % 2 ? 250 : 292) * k}" height="${7 * k}" rx="${3 * k}" fill="#d5d8de"/>`)
    .join('');
  return svg(width, height, body, input.title);
}

/**
 * A campaign thumbnail: brand mark and vertical name, 4:3 like every place the portal shows it (the
 * cards, the campaign page, the tables: `object-fit: cover` in a 4:3 box). It was 3:2, so the cover
 * crop cut off the brand's first and last letters. The texts are fitted to 190 px by `fit`'s estimate
 * (about 220 px in the bold face), inside the 240.
 */
export const THUMBNAIL = { width: 240, height: 180, text: 190 } as const;
export function campaignThumbnailSvg(input: { brand: string; vertical: string; style: number }): string {
  const [base, accent, light] = palette(input.style);
  const { width, height, text } = THUMBNAIL;
  const middle = width / 2;
  const body =
    `<rect width="${width}" height="${height}" fill="${base}"/>` +
    `<path d="M0 136 Q${middle} 96 ${width} 146 V${height} H0z" fill="${accent}" opacity="0.8"/>` +
    mark(middle, 58, 26, accent, light) +
    `<text x="${middle}" y="116" text-anchor="middle" ${FONT} font-size="18" font-weight="700" fill="${light}">${escapeXml(fit(input.brand, text, 18))}</text>` +
    `<text x="${middle}" y="164" text-anchor="middle" ${FONT} font-size="11" fill="#ffffff">${escapeXml(fit(input.vertical, text, 11))}</text>`;
  return svg(width, height, body, input.brand);
}

/** A drawn portrait: background, shoulders, head, hair; initials under it for the alt text only. */
export function avatarSvg(input: { name: string; style: number }): string {
  const skins = ['#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#ffdbac'];
  const hairs = ['#2c1b18', '#4a312c', '#a55728', '#b89778', '#d6b370', '#71635a'];
  const [base, accent] = palette(input.style);
  const skin = skins[input.style % skins.length];
  const hair = hairs[(input.style * 7) % hairs.length];
  const longHair = input.style % 2 === 0;
  const body =
    `<rect width="200" height="200" fill="${base}"/>` +
    `<circle cx="100" cy="100" r="96" fill="${accent}" opacity="0.25"/>` +
    (longHair ? `<path d="M56 96 Q56 40 100 38 Q144 40 144 96 L150 160 H50z" fill="${hair}"/>` : '') +
    `<path d="M30 200 Q34 140 100 136 Q166 140 170 200z" fill="${accent}"/>` +
    `<rect x="88" y="118" width="24" height="24" fill="${skin}"/>` +
    `<ellipse cx="100" cy="92" rx="34" ry="40" fill="${skin}"/>` +
    (longHair
      ? `<path d="M66 84 Q70 50 100 50 Q130 50 134 84 Q118 66 100 68 Q82 66 66 84z" fill="${hair}"/>`
      : `<path d="M64 86 Q62 48 100 46 Q138 48 136 86 Q128 64 100 64 Q72 64 64 86z" fill="${hair}"/>`) +
    `<circle cx="87" cy="92" r="3.5" fill="#2b2b2b"/><circle cx="113" cy="92" r="3.5" fill="#2b2b2b"/>` +
    `<path d="M88 110 Q100 119 112 110" stroke="#7a3b2e" stroke-width="3" fill="none" stroke-linecap="round"/>`;
  return svg(200, 200, body, input.name);
}

/** Slider art (wide) with the campaign's name and rate. */
export function sliderSvg(input: { title: string; subtitle: string; style: number; thumb: boolean }): string {
  const [base, accent, light] = palette(input.style);
  const width = input.thumb ? 300 : 1200;
  const height = input.thumb ? 75 : 300;
  const k = width / 1200;
  const body =
    `<rect width="${width}" height="${height}" fill="${base}"/>` +
    `<circle cx="${1000 * k}" cy="${150 * k}" r="${220 * k}" fill="${accent}" opacity="0.6"/>` +
    `<circle cx="${1120 * k}" cy="${40 * k}" r="${90 * k}" fill="${light}" opacity="0.15"/>` +
    `<text x="${60 * k}" y="${130 * k}" ${FONT} font-size="${52 * k}" font-weight="700" fill="${light}">${escapeXml(fit(input.title, 820 * k, 52 * k))}</text>` +
    `<text x="${60 * k}" y="${200 * k}" ${FONT} font-size="${30 * k}" fill="#ffffff">${escapeXml(fit(input.subtitle, 820 * k, 30 * k))}</text>`;
  return svg(width, height, body, input.title);
}

/** Resource card art: a tile with a glyph and the partner's name. */
export function resourceSvg(input: { name: string; style: number }): string {
  const [base, accent, light] = palette(input.style);
  const body =
    `<rect width="320" height="180" rx="12" fill="${light}"/>` +
    `<rect x="20" y="40" width="100" height="100" rx="22" fill="${base}"/>` +
    `<path d="M46 112 L70 62 L94 112z" fill="${accent}"/>` +
    `<text x="136" y="98" ${FONT} font-size="22" font-weight="700" fill="${base}">${escapeXml(fit(input.name, 170, 22))}</text>`;
  return svg(320, 180, body, input.name);
}

/**
 * The referral program's banners (spec 001 §2.4): the product's name, a short pitch and a
 * call to action, laid out for the shape (a one-line leaderboard, a rectangle, skyscrapers), in the
 * network's own colours (the first palette). `width` and `height` are the banner's real size.
 */
export function referralBannerSvg(input: { width: number; height: number; productName: string; pitch: string; extra: string; cta: string }): string {
  const { width, height, productName, pitch, extra, cta } = input;
  const [base, accent, light] = PALETTES[0];
  const bg =
    `<defs><linearGradient id="rg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${base}"/>` +
    `<stop offset="1" stop-color="#0a2f52"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#rg)"/>` +
    `<circle cx="${width * 0.92}" cy="${height * 0.1}" r="${Math.max(width, height) * 0.3}" fill="${accent}" opacity="0.12"/>`;
  let body: string;
  if (width / height >= 4) {
    const size = Math.round(height * 0.24);
    const btnW = Math.round(Math.min(width * 0.18, 130));
    const btnH = Math.round(height * 0.5);
    const textX = height * 0.95;
    const pitchSize = Math.round(size * 0.66);
    body =
      mark(height * 0.5, height * 0.5, height * 0.3, accent, light) +
      `<text x="${textX}" y="${height * 0.42}" ${FONT} font-size="${size}" font-weight="700" fill="${light}">${escapeXml(fit(productName, width - textX - btnW - 24, size))}</text>` +
      `<text x="${textX}" y="${height * 0.76}" ${FONT} font-size="${pitchSize}" fill="${light}">${escapeXml(fit(pitch, width - textX - btnW - 24, pitchSize))}</text>` +
      `<rect x="${width - btnW - 14}" y="${(height - btnH) / 2}" width="${btnW}" height="${btnH}" rx="${btnH / 2}" fill="${accent}"/>` +
      `<text x="${width - btnW / 2 - 14}" y="${height / 2 + size * 0.3}" text-anchor="middle" ${FONT} font-size="${Math.round(size * 0.8)}" font-weight="700" fill="${base}">${escapeXml(fit(cta, btnW - 12, size * 0.8))}</text>`;
  } else {
    const size = Math.round(Math.min(width * 0.09, height * 0.07));
    const titleLines = wrap(productName, width * 0.86, size * 1.2, 2);
    const tall = height > width * 1.5;
    const pitchSize = tall && width >= 250 ? Math.round(size * 0.8) : size;
    const pitchLines = wrap(pitch, width * 0.84, pitchSize, tall ? 6 : 3);
    const titleTop = height * (tall ? 0.3 : 0.36);
    const pitchTop = titleTop + titleLines.length * size * 1.5 + size * 0.6;
    // Tall banners have room for the bonus too, above the button.
    const extraSize = Math.round(size * 0.75);
    const extraLines = tall ? wrap(extra, width * 0.8, extraSize, 2) : [];
    const extraTop = height * 0.78 - extraLines.length * extraSize * 1.3;
    body =
      mark(width / 2, height * (height > width * 1.5 ? 0.14 : 0.17), Math.min(width, height) * 0.1, accent, light) +
      titleLines
        .map((line, i) => `<text x="${width / 2}" y="${titleTop + i * size * 1.5}" text-anchor="middle" ${FONT} font-size="${Math.round(size * 1.2)}" font-weight="700" fill="${light}">${escapeXml(line)}</text>`)
        .join('') +
      pitchLines
        .map((line, i) => `<text x="${width / 2}" y="${pitchTop + i * pitchSize * 1.35}" text-anchor="middle" ${FONT} font-size="${pitchSize}" fill="${light}">${escapeXml(line)}</text>`)
        .join('') +
      extraLines
        .map((line, i) => `<text x="${width / 2}" y="${extraTop + (i + 0.5) * extraSize * 1.3}" text-anchor="middle" ${FONT} font-size="${extraSize}" font-weight="700" fill="${accent}">${escapeXml(line)}</text>`)
        .join('') +
      `<rect x="${width * 0.12}" y="${height * 0.82}" width="${width * 0.76}" height="${height * 0.1}" rx="${height * 0.05}" fill="${accent}"/>` +
      `<text x="${width / 2}" y="${height * 0.885}" text-anchor="middle" ${FONT} font-size="${Math.round(Math.min(size, height * 0.045))}" font-weight="700" fill="${base}">${escapeXml(fit(cta, width * 0.7, size))}</text>`;
  }
  return svg(width, height, bg + body, `${productName}: ${pitch}`);
}

/** The product's logo for the referral page: its mark and name, for a light or a dark background, in REFERRAL_LOGO_SIZE (280x64). */
export function referralLogoSvg(input: { productName: string; theme: 'light' | 'dark' }): string {
  const [base, accent] = PALETTES[0];
  const ink = input.theme === 'light' ? base : '#ffffff';
  const ground = input.theme === 'light' ? '#ffffff' : '#0a2f52';
  const { width, height } = REFERRAL_LOGO_SIZE;
  const body =
    `<rect width="${width}" height="${height}" rx="8" fill="${ground}"/>` +
    mark(32, 32, 20, accent, ground) +
    `<text x="62" y="40" ${FONT} font-size="20" font-weight="700" fill="${ink}">${escapeXml(fit(input.productName, width - 76, 20))}</text>`;
  return svg(width, height, body, input.productName);
}
