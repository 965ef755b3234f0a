import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Menu, MenuItem, MenuTrigger } from '../../ui/Menu';
import { RenderWhenNear } from '../../lib/RenderWhenNear';
import type { NavLink } from './navigation';

const Bar = styled.nav`
  /* Sticky to the bottom of the window, within the shell (so it follows the shell's width). */
  position: sticky;
  bottom: 0;
  z-index: ${({ theme }) => theme.zIndices.sticky};
  display: none;
  justify-content: space-around;
  align-items: center;
  height: 64px;
  padding: 0 ${({ theme }) => theme.space[2]}px;
  background: ${({ theme }) => theme.colors.surface};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.shadows.md};
  /* Spec 000 §2: the bottom bar replaces the sidebar and the top bar's menus on mobile. */
  @container portal (max-width: 767px) { display: flex; }
`;

export interface MobileBottomBarProps {
  links: NavLink[];
  onLinkPress: (link: NavLink) => void;
  /** The news dropdown, given a stacked trigger. */
  news: (trigger: (count: number) => ReactNode) => ReactNode;
  /** The account menu, given a stacked trigger. */
  account: (trigger: ReactNode) => ReactNode;
  /** Opens the manager contact modal (the sidebar's manager card is hidden on mobile); no item without it. */
  onOpenManager?: () => void;
  /** The manager's name, for the menu item. */
  managerName?: string;
}

/** The menu item that opens the manager contact modal. */
const MANAGER_MENU_ITEM = 'manager-contact';

/** Spec 000 §2: on mobile, a bottom bar with the navigation, news and account menus. */
export function MobileBottomBar({ links, onLinkPress, news, account, onOpenManager, managerName }: MobileBottomBarProps) {
  return (
    <Bar aria-label="Mobile">
      {/* Not displayed on a wider screen: not rendered there either. */}
      <RenderWhenNear>
        <MenuTrigger>
          <Button variant="quiet" stacked>
            <Icon name="menu" size={20} />
            Menu
          </Button>
          <Menu
            aria-label="Navigation"
            placement="top"
            onAction={(key) => {
              if (key === MANAGER_MENU_ITEM) return onOpenManager?.();
              const link = links.find((l) => l.id === key);
              if (link) onLinkPress(link);
            }}
          >
            {links.map((l) => (
              <MenuItem key={l.id} id={l.id} href={l.href} target={l.external ? '_blank' : undefined} rel={l.external ? 'noopener noreferrer' : undefined}>
                {l.label}
              </MenuItem>
            ))}
            {onOpenManager && (
              <MenuItem key={MANAGER_MENU_ITEM} id={MANAGER_MENU_ITEM}>
                {managerName ? `Contact ${managerName}, your affiliate manager` : 'Contact your affiliate manager'}
              </MenuItem>
            )}
          </Menu>
        </MenuTrigger>
        {news((count) => (
          <Button variant="quiet" stacked aria-label={count ? `News, ${count} unread` : 'News'}>
            <Icon name="bell" size={20} />
            <span aria-hidden="true">News{count ? ` (${count})` : ''}</span>
          </Button>
        ))}
        {account(
          <Button variant="quiet" stacked>
            <Icon name="user" size={20} />
            Account
          </Button>,
        )}
      </RenderWhenNear>
    </Bar>
  );
}
