/** The image types the portal accepts (spec 002 §5: jpg, jpeg, png or gif). */
export type ImageMimeType = 'image/png' | 'image/jpeg' | 'image/gif';

export const DEFAULT_IMAGE_TYPES: ImageMimeType[] = ['image/png', 'image/jpeg', 'image/gif'];

const signatures: { type: ImageMimeType; bytes: number[] }[] = [
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38] },
];

/**
 * The image type the file's first bytes say it is, or `null`. The name and the browser's MIME
 * guess come from the extension and can lie; the magic number cannot.
 */
export async function sniffImageType(file: Blob): Promise<ImageMimeType | null> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const match = signatures.find((s) => s.bytes.every((b, i) => head[i] === b));
  return match ? match.type : null;
}

const trim = (n: number) => String(Number(n.toFixed(1)));

/** Decimal units, as the spec counts them (25,000,000 bytes = 25MB). */
export function formatFileSize(bytes: number) {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${trim(bytes / 1000)} KB`;
  return `${trim(bytes / 1_000_000)} MB`;
}

/** A limit as the spec writes it: `25MB`. */
export function formatSizeLimit(bytes: number) {
  return formatFileSize(bytes).replace(' ', '');
}
