/** The product's mark, drawn inline so nothing is fetched; decorative (the product name stands beside it). */
export function ProductMark({ size, tint }: { size: number; /** Opacity of the rounded backdrop. */ tint: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="currentColor" opacity={tint} />
      <path d="M8 22l6-12 4 8 3-5 3 9" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
