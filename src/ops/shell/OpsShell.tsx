import { Suspense, type ReactNode } from 'react';
import { Link as AriaLink } from 'react-aria-components';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import type { OperatorRole } from '../../api/contract/roles';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import type { OpsArea } from '../areas';

const Frame = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.colors.background};
`;
const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => `${theme.space[2]}px ${theme.space[4]}px`};
  padding: ${({ theme }) => `${theme.space[3]}px ${theme.space[4]}px`};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;
const Brand = styled(AriaLink)`
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  outline: none;
  &[data-focus-visible] {
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;
const Who = styled.div`
  margin-left: auto;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;
const Nav = styled.nav`
  padding: ${({ theme }) => `0 ${theme.space[4]}px`};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  ul {
    display: flex;
    gap: ${({ theme }) => theme.space[1]}px;
    margin: 0;
    padding: 0;
    list-style: none;
    overflow-x: auto;
  }
`;
const Tab = styled(AriaLink)`
  display: inline-block;
  padding: ${({ theme }) => `${theme.space[3]}px ${theme.space[3]}px`};
  color: ${({ theme }) => theme.colors.textMuted};
  text-decoration: none;
  white-space: nowrap;
  border-bottom: 3px solid transparent;
  &[aria-current='page'] {
    color: ${({ theme }) => theme.colors.text};
    border-bottom-color: ${({ theme }) => theme.colors.primary};
    font-weight: ${({ theme }) => theme.fontWeights.medium};
  }
  outline: none;
  &[data-hovered] {
    color: ${({ theme }) => theme.colors.text};
  }
  &[data-focus-visible] {
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: -2px;
  }
`;
const Main = styled.main`
  flex: 1;
  width: 100%;
  max-width: 1280px;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space[5]}px ${theme.space[4]}px`};
`;

export const roleNames: Record<OperatorRole, string> = { admin: 'Admin', manager: 'Manager', finance: 'Finance', viewer: 'Viewer' };

export interface OpsShellProps {
  productName: string;
  email: string;
  role: OperatorRole;
  /** The areas this role may open (areasFor). */
  areas: OpsArea[];
  isSigningOut?: boolean;
  onSignOut: () => void;
  children: ReactNode;
}

/** The console's frame: the product, the signed-in operator with Sign out, the areas of their role, the page. */
export function OpsShell({ productName, email, role, areas, isSigningOut = false, onSignOut, children }: OpsShellProps) {
  const { pathname } = useLocation();
  const current = (href: string) => (href === '/ops' ? pathname === '/ops' || pathname === '/ops/' : pathname === href || pathname.startsWith(`${href}/`));
  return (
    <Frame>
      <Header>
        <Brand href="/ops">
          {productName} back office
        </Brand>
        <Who>
          <span>
            {email} · {roleNames[role]}
          </span>
          <Button size="sm" variant="secondary" onPress={onSignOut} isPending={isSigningOut}>
            Sign out
          </Button>
        </Who>
      </Header>
      <Nav aria-label="Back office">
        <ul>
          <li>
            <Tab href="/ops" aria-current={current('/ops') ? 'page' : undefined}>
              Overview
            </Tab>
          </li>
          {areas.map((a) => (
            <li key={a.path}>
              <Tab href={`/ops/${a.path}`} aria-current={current(`/ops/${a.path}`) ? 'page' : undefined}>
                {a.label}
              </Tab>
            </li>
          ))}
        </ul>
      </Nav>
      <Main>
        <Suspense fallback={<Spinner label="Loading" />}>{children}</Suspense>
      </Main>
    </Frame>
  );
}
