export { PageState } from './PageState';
export type { PageQuery, PageQueryError, PageStateProps } from './PageState';
