import styled, { keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

export type SpinnerSize = 'sm' | 'md' | 'lg';
const px: Record<SpinnerSize, number> = { sm: 14, md: 24, lg: 40 };

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  border: ${({ $size }) => Math.max(2, Math.round($size / 8))}px solid currentColor;
  border-right-color: transparent;
  animation: ${spin} 0.8s linear infinite;
  vertical-align: middle;
`;

export interface SpinnerProps {
  size?: SpinnerSize;
  /** Announced to screen readers; pass `null` when a surrounding control already says it is busy. */
  label?: string | null;
  className?: string;
}

/** An indeterminate busy indicator. */
export function Spinner({ size = 'md', label = 'Loading', className }: SpinnerProps) {
  if (label === null) return <Ring $size={px[size]} className={className} aria-hidden="true" data-spinner="" />;
  return <Ring $size={px[size]} className={className} role="progressbar" aria-label={label} data-spinner="" />;
}
