import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Menu, MenuItem, MenuSection, MenuSeparator, MenuTrigger } from '../../ui/Menu';
import { THEME_CHOICES, useThemeChoice, type ThemeChoice } from '../../lib/themeChoice';
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

const themeLabels: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/**
 * Spec 000 §2: the account dropdown with Settings, Account Balances, Global Postback and Logout; and
 * the theme (System, Light, Dark) remembered on this device.
 */
export function AccountMenu({ name, onLogout, compact, trigger, placement = 'bottom end' }: AccountMenuProps) {
  const { choice, setChoice } = useThemeChoice();
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
        <MenuSection
          title="Theme"
          selectionMode="single"
          selectedKeys={[`theme-${choice}`]}
          onSelectionChange={(keys) => {
            const key = keys === 'all' ? undefined : [...keys][0];
            const next = THEME_CHOICES.find((t) => `theme-${t}` === key);
            if (next) setChoice(next);
          }}
        >
          {THEME_CHOICES.map((t) => (
            <MenuItem key={t} id={`theme-${t}`}>
              {themeLabels[t]}
            </MenuItem>
          ))}
        </MenuSection>
        <MenuSeparator />
        <MenuItem id="logout">Logout</MenuItem>
      </Menu>
    </MenuTrigger>
  );
}
