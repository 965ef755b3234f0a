export { LoadFailureBoundary } from './LoadFailureBoundary';
export type { LoadFailureBoundaryProps } from './LoadFailureBoundary';
