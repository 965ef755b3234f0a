import type { ReactNode } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import styled from 'styled-components';
import { Icon } from '../../ui/Icon';
import { Menu, MenuItem, MenuSeparator, MenuTrigger } from '../../ui/Menu';
import { accountLinks } from './navigation';

const Trigger = styled(AriaButton)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]}px;
  height: 36px;
  padding: 0 ${({ theme }) => theme.space[2]}px;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  outline: none;
  &[data-hovered] { background: ${({ theme }) => theme.colors.surfaceMuted}; }
  &[data-pressed] { background: ${({ theme }) => theme.colors.border}; }
  &[data-focus-visible] { outline: 2px solid ${({ theme }) => theme.colors.focusRing}; outline-offset: 2px; }
  .account-name { max-width: 160px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  &[data-compact] .account-name { display: none; }
`;

export interface AccountMenuProps {
  /** The signed-in affiliate's name, shown on the trigger (hidden when `compact`). */
  name?: string;
  onLogout: () => void;
  /** The mobile bottom bar shows the icon and a short label only. */
  compact?: boolean;
  /** Trigger content override (the bottom bar's stacked icon and label). */
  trigger?: ReactNode;
  placement?: 'bottom end' | 'top end' | 'top';
}

/** Spec 000 §2: the account dropdown with Settings, Account Balances, Global Postback and Logout. */
export function AccountMenu({ name, onLogout, compact, trigger, placement = 'bottom end' }: AccountMenuProps) {
  return (
    <MenuTrigger>
      {trigger ?? (
        <Trigger aria-label={name && !compact ? `Account: ${name}` : 'Account'} data-compact={compact || undefined}>
          <Icon name="user" size={18} />
          {name && <span className="account-name">{name}</span>}
          <Icon name="chevronDown" size={14} />
        </Trigger>
      )}
      <Menu aria-label="Account" placement={placement} onAction={(key) => key === 'logout' && onLogout()}>
        {accountLinks.map((l) => (
          <MenuItem key={l.id} id={l.id} href={l.href}>
            {l.label}
          </MenuItem>
        ))}
        <MenuSeparator />
        <MenuItem id="logout">Logout</MenuItem>
      </Menu>
    </MenuTrigger>
  );
}

export { Trigger as AccountTriggerButton };
