// Pure (no API modules): the machine-state story generator reads it in Node.
/**
 * A small QR-like picture as an inline SVG data URL (nothing fetched). `variant` changes the
 * pattern, so a story can tell a fresh code from the previous one.
 */
export function qrImage(variant = 0): string {
  const cells: string[] = [];
  const finder = (x: number, y: number) =>
    `<rect x="${x}" y="${y}" width="7" height="7"/><rect x="${x + 1}" y="${y + 1}" width="5" height="5" fill="#fff"/><rect x="${x + 2}" y="${y + 2}" width="3" height="3"/>`;
  for (let y = 0; y < 21; y += 1) {
    for (let x = 0; x < 21; x += 1) {
      const inFinder = (x < 8 && y < 8) || (x > 12 && y < 8) || (x < 8 && y > 12);
      // A fixed pseudo-pattern: deterministic for a given variant.
      if (!inFinder && ((x * 7 + y * 13 + x * y + variant * 5) % 3 === 0)) cells.push(`<rect x="${x}" y="${y}" width="1" height="1"/>`);
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21" shape-rendering="crispEdges"><rect width="21" height="21" fill="#fff"/>${finder(0, 0)}${finder(14, 0)}${finder(0, 14)}${cells.join('')}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
