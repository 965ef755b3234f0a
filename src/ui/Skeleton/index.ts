export { Skeleton, SkeletonText, SkeletonCard, SkeletonRegion } from './Skeleton';
export type { SkeletonProps, SkeletonShape, SkeletonTextProps, SkeletonCardProps, SkeletonRegionProps } from './Skeleton';
