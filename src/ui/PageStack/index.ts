export { PageStack } from './PageStack';
