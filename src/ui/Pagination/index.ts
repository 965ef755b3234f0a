export { Pagination, pageItems } from './Pagination';
export type { PaginationProps, PageItem } from './Pagination';
