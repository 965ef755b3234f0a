import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { Block, CardRoot, Lines, VisuallyHidden } from './Skeleton.styles';

export type SkeletonShape = 'text' | 'rect' | 'circle';

export interface SkeletonProps {
  shape?: SkeletonShape;
  /** A number is pixels; any CSS length otherwise. Text lines default to 100%. */
  width?: number | string;
  /** A number is pixels. Circles use `width` when no height is given. */
  height?: number | string;
  className?: string;
  style?: CSSProperties;
}

const len = (v: number | string | undefined) => (typeof v === 'number' ? `${v}px` : v);

/**
 * A placeholder block shown while content loads. Always hidden from screen readers: the loading
 * state is announced once by the surrounding `SkeletonRegion` (or the owning component), not per block.
 */
export function Skeleton({ shape = 'rect', width, height, className, style }: SkeletonProps) {
  const w = len(width) ?? (shape === 'circle' ? '40px' : '100%');
  const h = len(height) ?? (shape === 'circle' ? w : shape === 'text' ? undefined : '80px');
  return (
    <Block
      aria-hidden="true"
      data-skeleton=""
      data-shape={shape}
      className={className}
      style={{ width: w, height: h, ...style }}
    />
  );
}

export interface SkeletonTextProps {
  /** Number of lines; the last one is shorter, like the end of a paragraph. */
  lines?: number;
  lastLineWidth?: string;
  className?: string;
}

export function SkeletonText({ lines = 3, lastLineWidth = '60%', className }: SkeletonTextProps) {
  return (
    <Lines aria-hidden="true" className={className}>
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} shape="text" width={i === lines - 1 && lines > 1 ? lastLineWidth : '100%'} />
      ))}
    </Lines>
  );
}

export interface SkeletonCardProps {
  /** Thumbnail height in px. */
  thumbnailHeight?: number;
  className?: string;
}

/** A placeholder campaign card: thumbnail block plus name and rate lines (spec 000: 12 show while loading). */
export function SkeletonCard({ thumbnailHeight = 120, className }: SkeletonCardProps) {
  return (
    <CardRoot aria-hidden="true" className={className} data-skeleton-card="">
      <Skeleton shape="rect" height={thumbnailHeight} />
      <SkeletonText lines={2} />
    </CardRoot>
  );
}

export interface SkeletonRegionProps extends HTMLAttributes<HTMLDivElement> {
  isLoading: boolean;
  /** Read to screen readers while loading, e.g. 'Loading campaigns'. */
  loadingLabel?: string;
  children: ReactNode;
}

/**
 * A container that marks itself `aria-busy` while loading and gives screen readers one
 * status message instead of a pile of meaningless blocks.
 */
export function SkeletonRegion({ isLoading, loadingLabel = 'Loading', children, ...rest }: SkeletonRegionProps) {
  return (
    <div {...rest} aria-busy={isLoading || undefined}>
      <VisuallyHidden role="status">{isLoading ? loadingLabel : ''}</VisuallyHidden>
      {children}
    </div>
  );
}
