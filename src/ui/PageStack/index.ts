export { PageEmpty, PageLoading, PageStack } from './PageStack';
