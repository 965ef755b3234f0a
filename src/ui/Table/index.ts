export { Table } from './Table';
export type { TableProps, TableColumn, SortDescriptor, SortDirection } from './Table';
