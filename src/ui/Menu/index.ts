export { Menu, MenuItem, MenuSection, MenuSeparator, MenuTrigger } from './Menu';
export type { MenuProps, MenuItemProps, MenuSectionProps, MenuTriggerProps } from './Menu';
