import styled from 'styled-components';
import { usePageTitle } from '../../lib/page';
import { paths } from '../../shared/paths';
import { Card, CardBody } from '../../ui/Card';
import { Link } from '../../ui/Link';

const Body = styled(CardBody)`
  h1 { margin: 0 0 ${({ theme }) => theme.space[2]}px; font-size: ${({ theme }) => theme.fontSizes.xl}; }
  h1:focus { outline: none; }
  p { margin: 0 0 ${({ theme }) => theme.space[3]}px; color: ${({ theme }) => theme.colors.textMuted}; }
`;

/**
 * A signed-in route whose screen is not built yet (reports, browse, search, settings, campaign ...).
 * It renders inside the shell, so every link of the shell works and never lands on a 404; each
 * screen's own issue replaces its route. See docs/portal-shell.md.
 */
export function ComingSoon({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <Card>
      <Body>
        <h1>{title}</h1>
        <p>This page is coming soon.</p>
        <Link href={paths.dashboard}>Back to the dashboard</Link>
      </Body>
    </Card>
  );
}
