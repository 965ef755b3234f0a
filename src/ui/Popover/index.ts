export { Popover } from './Popover';
export type { PopoverProps } from 'react-aria-components';
export { popoverRow } from './popoverRow';
