export { PageFailure, type PageFailureProps } from './PageFailure';
