import { Button as AriaButton } from 'react-aria-components';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import type { AffiliateManager } from '../../api/contract/affiliate';
import { Link } from '../../ui/Link';
import { Skeleton } from '../../ui/Skeleton';
import { isCurrent, type NavLink } from './navigation';

const Nav = styled.nav`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]}px;
`;
const ManagerButton = styled(AriaButton)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]}px;
  width: 100%;
  padding: ${({ theme }) => theme.space[3]}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  text-align: left;
  cursor: pointer;
  outline: none;
  &[data-hovered] { border-color: ${({ theme }) => theme.colors.primary}; }
  &[data-focus-visible] { outline: 2px solid ${({ theme }) => theme.colors.focusRing}; outline-offset: 2px; }
  img, .avatar { flex: none; width: 44px; height: 44px; border-radius: 50%; object-fit: cover; background: ${({ theme }) => theme.colors.surfaceMuted}; }
  small { display: block; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.xs}; }
  strong { display: block; }
`;
const Links = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 2px;
  a {
    display: flex;
    width: 100%;
    padding: ${({ theme }) => `${theme.space[2]}px ${theme.space[3]}px`};
    border-radius: ${({ theme }) => theme.radii.md};
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
  a[data-hovered] { background: ${({ theme }) => theme.colors.surfaceMuted}; text-decoration: none; color: ${({ theme }) => theme.colors.text}; }
  a[aria-current='page'] { background: ${({ theme }) => theme.colors.primarySubtle}; color: ${({ theme }) => theme.colors.primary}; font-weight: ${({ theme }) => theme.fontWeights.bold}; }
`;

export interface SideNavProps {
  links: NavLink[];
  /** Undefined while the affiliate record loads. */
  manager?: AffiliateManager;
  onOpenManager: () => void;
  /** Every menu link fires the usage-tracking event (spec 000 §2, §7). */
  onLinkPress: (link: NavLink) => void;
}

/** Spec 000 §2, the left sidebar: the manager button, then the menu links. */
export function SideNav({ links, manager, onOpenManager, onLinkPress }: SideNavProps) {
  const { pathname } = useLocation();
  return (
    <Nav aria-label="Main">
      {manager ? (
        <ManagerButton onPress={onOpenManager}>
          {manager.image ? <img src={manager.image} alt="" width={44} height={44} /> : <span className="avatar" aria-hidden="true" />}
          <span>
            <small>Your affiliate manager</small>
            <strong>{manager.name}</strong>
          </span>
        </ManagerButton>
      ) : (
        <Skeleton height={70} />
      )}
      <Links>
        {links.map((link) => (
          <li key={link.id}>
            <Link
              href={link.href}
              variant="subtle"
              external={link.external}
              aria-current={isCurrent(link, pathname) ? 'page' : undefined}
              onPress={() => onLinkPress(link)}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </Links>
    </Nav>
  );
}
