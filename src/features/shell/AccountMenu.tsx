import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Menu, MenuItem, MenuSeparator, MenuTrigger } from '../../ui/Menu';
import { accountLinks } from './navigation';

const AccountName = styled.span`
  max-width: 160px;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
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
        <Button variant="quiet" aria-label={name && !compact ? `Account: ${name}` : 'Account'}>
          <Icon name="user" size={18} />
          {name && !compact && <AccountName>{name}</AccountName>}
          <Icon name="chevronDown" size={14} />
        </Button>
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
