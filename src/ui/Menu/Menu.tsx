import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import {
  Header,
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  MenuSection as AriaMenuSection,
  MenuTrigger,
  Separator,
  type MenuItemProps as AriaMenuItemProps,
  type MenuProps as AriaMenuProps,
  type MenuTriggerProps,
  type PopoverProps,
  type Key,
  type Selection,
} from 'react-aria-components';
import { Icon, type IconName } from '../Icon';
import { Popover, popoverRow } from '../Popover';

/* Menu and MenuItem are generic, which a styled() wrapper would erase, so they are styled from here. */
const menuStyles = css`
  .menu { outline: none; max-height: inherit; }
  .menu-item {
  ${popoverRow}
  text-decoration: none;
  &[data-focused] { background: ${({ theme }) => theme.colors.primarySubtle}; }
  &[data-pressed] { background: ${({ theme }) => theme.colors.surfaceMuted}; }
  &[data-focus-visible] { outline: 2px solid ${({ theme }) => theme.colors.focusRing}; outline-offset: -2px; }
  &[data-disabled] { color: ${({ theme }) => theme.colors.textMuted}; cursor: not-allowed; }
  &[data-variant='danger'] { color: ${({ theme }) => theme.colors.danger}; }
  &[data-selected] .menu-check { visibility: visible; }
  .menu-check { visibility: hidden; margin-left: auto; }
  }
`;

const StyledPopover = styled(Popover)`
  min-width: 200px;
  max-width: 320px;
  padding: ${({ theme }) => theme.space[1]}px;
  ${menuStyles}
`;

const SectionHeader = styled(Header)`
  padding: ${({ theme }) => `${theme.space[2]}px ${theme.space[3]}px ${theme.space[1]}px`};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  text-transform: uppercase;
  letter-spacing: 0.04em;
`;

const StyledSeparator = styled(Separator)`
  height: 1px;
  margin: ${({ theme }) => theme.space[1]}px 0;
  border: none;
  background: ${({ theme }) => theme.colors.border};
`;

export interface MenuProps<T extends object> extends AriaMenuProps<T> {
  /** Where the popover opens relative to the trigger. */
  placement?: PopoverProps['placement'];
}

/**
 * The dropdown part of a menu: put it after the trigger button inside `MenuTrigger`.
 * `<MenuTrigger><Button>Account</Button><Menu>…items…</Menu></MenuTrigger>`.
 * Items with `href` navigate through the app's router (react-aria's RouterProvider).
 */
export function Menu<T extends object>({ placement = 'bottom end', ...props }: MenuProps<T>) {
  return (
    <StyledPopover placement={placement} offset={6}>
      <AriaMenu {...props} className="menu" />
    </StyledPopover>
  );
}

export interface MenuItemProps<T extends object = object> extends Omit<AriaMenuItemProps<T>, 'children'> {
  children: ReactNode;
  icon?: IconName;
  /** `danger` for destructive items, e.g. Delete. */
  variant?: 'default' | 'danger';
}

export function MenuItem<T extends object = object>({ children, icon, variant = 'default', ...props }: MenuItemProps<T>) {
  const textValue = props.textValue ?? (typeof children === 'string' ? children : undefined);
  return (
    <AriaMenuItem {...props} className="menu-item" textValue={textValue} data-variant={variant}>
      {({ selectionMode }) => (
        <>
          {icon && <Icon name={icon} />}
          <span>{children}</span>
          {selectionMode !== 'none' && <Icon name="check" className="menu-check" />}
        </>
      )}
    </AriaMenuItem>
  );
}

export interface MenuSectionProps {
  /** Visible section heading; also names the group for screen readers. */
  title?: ReactNode;
  'aria-label'?: string;
  children: ReactNode;
  id?: string;
  /** A section of choices (e.g. a theme): 'single' shows a check on the selected item. */
  selectionMode?: 'none' | 'single' | 'multiple';
  selectedKeys?: Iterable<Key>;
  onSelectionChange?: (keys: Selection) => void;
}

export function MenuSection({ title, children, ...props }: MenuSectionProps) {
  return (
    <AriaMenuSection {...props}>
      {title && <SectionHeader>{title}</SectionHeader>}
      {children}
    </AriaMenuSection>
  );
}

export const MenuSeparator = StyledSeparator;
export { MenuTrigger };
export type { MenuTriggerProps };
