import styled from 'styled-components';
import { Button } from '../../ui/Button';
import { Card, CardBody, CardHeader } from '../../ui/Card';
import { SkeletonText } from '../../ui/Skeleton';
import { SystemMessage } from '../../ui/SystemMessage';
import { useGetAffiliateQuery } from '../../api/affiliateApi';

const Page = styled.main`
  max-width: 960px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space[6]}px ${({ theme }) => theme.space[4]}px;
`;

export interface DashboardHomeProps {
  onLogout: () => void;
  isLoggingOut?: boolean;
}

/**
 * The landing page after sign-in, as far as the sign-in journey needs it: who is signed in, and
 * Logout. The full dashboard (stats, slider, rows, modals) is its own issue and replaces the body.
 */
export function DashboardHome({ onLogout, isLoggingOut }: DashboardHomeProps) {
  const { data, error, isLoading } = useGetAffiliateQuery();
  return (
    <Page>
      <Card>
        <CardHeader
          title="Dashboard"
          actions={
            <Button variant="secondary" size="sm" onPress={onLogout} isPending={isLoggingOut}>
              Logout
            </Button>
          }
        />
        <CardBody>
          {isLoading && <SkeletonText lines={2} />}
          {error && (
            <SystemMessage variant="error" isDismissable={false}>
              There was an error signing in. Please try again.
            </SystemMessage>
          )}
          {data && (
            <p style={{ margin: 0 }}>
              Welcome, <strong>{data.affiliate_personal_information.name}</strong> (ID {data.publisher_id})
            </p>
          )}
        </CardBody>
      </Card>
    </Page>
  );
}
