import { lazy, Suspense, useState } from 'react';
import styled from 'styled-components';
import { useGetAffiliateQuery } from '../../../api/affiliateApi';
import type { CampaignDetail } from '../../../api/contract/campaignDetail';
import { APPLICATION_MESSAGES } from '../../../shared/campaignApplication';
import { Button } from '../../../ui/Button';
import { Card, CardBody, CardHeader } from '../../../ui/Card';
import { Link } from '../../../ui/Link';
import { SkeletonText } from '../../../ui/Skeleton';
import { SystemMessage } from '../../../ui/SystemMessage';

/** Flag 175 shows the search-safe checkbox (spec 000 section 6). */
export const SEARCH_SAFE_FLAG = 175;

// The builder loads with the button that opens it, not with the campaign route.
const LinkBuilder = lazy(() => import('./linkBuilder/LinkBuilder').then((m) => ({ default: m.LinkBuilder })));

/**
 * The campaign access state of spec 000 section 4: Approved shows the link builder behind a start
 * button. Until the application modal lands (issue 15, still open), every other status says what it
 * means and how to get access today: from the affiliate manager, whose address the shell already
 * loads. At the by-request limit the limit message of section 8 shows instead; a Pending request
 * waits for review. docs/campaigns.md "Campaign page (portal)".
 */
export function AccessCard({ campaign }: { campaign: CampaignDetail }) {
  const status = campaign.details.affiliate_campaign_status;
  const [building, setBuilding] = useState(false);
  const { data: affiliate } = useGetAffiliateQuery();
  const searchSafeAllowed = Boolean(affiliate?.success && affiliate.affiliate_flags.includes(SEARCH_SAFE_FLAG));

  if (status === 'Approved') {
    return (
      <Card>
        <CardHeader title="Tracking Link Builder" />
        <CardBody>
          {building ? (
            <Suspense fallback={<SkeletonText lines={4} />}>
              <LinkBuilder campaign={campaign} searchSafeAllowed={searchSafeAllowed} />
            </Suspense>
          ) : (
            <Stack>
              <p>You are approved to run this campaign.</p>
              <div>
                <Button onPress={() => setBuilding(true)}>Get your tracking link</Button>
              </div>
            </Stack>
          )}
        </CardBody>
      </Card>
    );
  }

  const limitReached = campaign.details.request_limit_reached === 'Y' && status !== 'Pending';
  const manager = affiliate?.success ? affiliate.affiliate_manager : null;
  return (
    <Card>
      <CardHeader title="Access" />
      <CardBody>
        <Stack>
          {status === 'Pending' ? (
            <SystemMessage variant="info" isDismissable={false}>
              Your request to run this campaign is waiting for review. We will let you know when it has been decided.
            </SystemMessage>
          ) : limitReached ? (
            <SystemMessage variant="warning" isDismissable={false}>
              {APPLICATION_MESSAGES.limitReached}
            </SystemMessage>
          ) : (
            <SystemMessage variant={status === 'Request approval to run' ? 'warning' : 'info'} isDismissable={false}>
              {status === 'Request approval to run'
                ? 'This campaign asks you to request approval before you run it.'
                : status === 'Rejected'
                  ? 'Your last request to run this campaign was not approved.'
                  : campaign.details.status === 'By Request'
                    ? 'This campaign is By Request: the network approves each publisher who runs it.'
                    : 'You need access to this campaign before you can build its tracking link.'}{' '}
              {manager?.email ? (
                <>
                  Ask your affiliate manager, {manager.name}, at <Link href={`mailto:${manager.email}?subject=${encodeURIComponent(`Access to campaign #${campaign.campaign_id}`)}`}>{manager.email}</Link>.
                </>
              ) : (
                'Ask your affiliate manager for access.'
              )}
            </SystemMessage>
          )}
        </Stack>
      </CardBody>
    </Card>
  );
}

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
  p {
    margin: 0;
  }
`;
