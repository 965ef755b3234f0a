import styled from 'styled-components';
import type { OperatorRole } from '../../api/contract/roles';
import { usePageTitle } from '../../lib/page';
import { Card, CardBody } from '../../ui/Card';
import { Link } from '../../ui/Link';
import type { OpsArea } from '../areas';
import { roleNames } from '../shell/OpsShell';

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));
  gap: ${({ theme }) => theme.space[4]}px;
  margin: 0;
  padding: 0;
  list-style: none;
`;
const AreaLink = styled(Link)`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;
const Muted = styled.p`
  margin: ${({ theme }) => theme.space[2]}px 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** What each role is for (docs/operators.md "Roles"). */
export const roleDuties: Record<OperatorRole, string> = {
  admin: 'You can do everything, and manage the operators.',
  manager: 'You work with your affiliates, approvals and content.',
  finance: 'You work with payouts and reports.',
  viewer: 'You can read everything your areas show, and change nothing.',
};

export interface OverviewPageProps {
  email: string;
  role: OperatorRole;
  areas: OpsArea[];
}

/** The console's first page: who is signed in, what the role is for, and the areas it opens. */
export function OverviewPage({ email, role, areas }: OverviewPageProps) {
  usePageTitle('Back office');
  return (
    <div style={{ display: 'grid', gap: 24 }}>
      <div>
        <h1 style={{ margin: 0 }}>Overview</h1>
        <Muted>
          Signed in as {email} ({roleNames[role]}). {roleDuties[role]}
        </Muted>
      </div>
      {areas.length === 0 ? (
        <Card>
          <CardBody>No area of the back office is open to your role yet. Ask an admin if you need one.</CardBody>
        </Card>
      ) : (
        <Grid aria-label="Areas">
          {areas.map((a) => (
            <li key={a.path}>
              <Card>
                <CardBody>
                  <AreaLink href={`/ops/${a.path}`}>{a.label}</AreaLink>
                  <Muted>{a.description}</Muted>
                </CardBody>
              </Card>
            </li>
          ))}
        </Grid>
      )}
    </div>
  );
}
