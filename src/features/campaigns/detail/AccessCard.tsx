import { lazy, Suspense, useState } from 'react';
import styled from 'styled-components';
import { useGetAffiliateQuery } from '../../../api/affiliateApi';
import type { CampaignDetail } from '../../../api/contract/campaignDetail';
import { APPLICATION_MESSAGES } from '../../../shared/campaignApplication';
import { Button } from '../../../ui/Button';
import { Card, CardBody, CardHeader } from '../../../ui/Card';
import { SkeletonText } from '../../../ui/Skeleton';
import { SystemMessage } from '../../../ui/SystemMessage';

/** Flag 175 shows the search-safe checkbox (spec 000 section 6). */
const SEARCH_SAFE_FLAG = 175;

// The builder loads with the button that opens it, not with the campaign route.
const LinkBuilder = lazy(() => import('./linkBuilder/LinkBuilder').then((m) => ({ default: m.LinkBuilder })));
// The application modal (and its machine) loads when the affiliate asks for access.
const ApplicationModal = lazy(() => import('./application/ApplicationModal').then((m) => ({ default: m.ApplicationModal })));

/**
 * The campaign access state of spec 000 section 4: Approved shows the link builder behind a start
 * button; any other status a request-access button that opens the application modal ('Request
 * approval to run' as a warning button). At the by-request limit the limit message of section 8
 * replaces the button. A Pending request waits for review (the server refuses a second one), so it
 * shows no button. docs/campaigns.md "Access requests".
 */
export function AccessCard({ campaign }: { campaign: CampaignDetail }) {
  const [applying, setApplying] = useState(false);
  // The modal is mounted beside the card, not inside its status branch: a request approved at once
  // reloads the campaign as Approved (the card changes), and the modal's success message must stay
  // until the affiliate closes it (spec 000 section 4).
  return (
    <>
      {campaign.details.affiliate_campaign_status === 'Approved' ? (
        <ApprovedCard campaign={campaign} />
      ) : (
        <RequestCard campaign={campaign} onApply={() => setApplying(true)} />
      )}
      {applying && (
        <Suspense fallback={null}>
          <ApplicationModal campaign={campaign} onClose={() => setApplying(false)} />
        </Suspense>
      )}
    </>
  );
}

function ApprovedCard({ campaign }: { campaign: CampaignDetail }) {
  const [building, setBuilding] = useState(false);
  const { data: affiliate } = useGetAffiliateQuery();
  const searchSafeAllowed = Boolean(affiliate?.success && affiliate.affiliate_flags.includes(SEARCH_SAFE_FLAG));
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

function RequestCard({ campaign, onApply }: { campaign: CampaignDetail; onApply: () => void }) {
  const status = campaign.details.affiliate_campaign_status;
  const limitReached = campaign.details.request_limit_reached === 'Y' && status !== 'Pending';
  const warning = status === 'Request approval to run';
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
            <>
              <p>
                {warning
                  ? 'This campaign asks you to request approval before you run it.'
                  : status === 'Rejected'
                    ? 'Your last request to run this campaign was not approved. You can send a new request.'
                    : campaign.details.status === 'By Request'
                      ? 'This campaign is By Request: tell the network how you will run it.'
                      : 'Request access to build your tracking link for this campaign.'}
              </p>
              <div>
                <Button variant={warning ? 'warning' : 'primary'} onPress={onApply}>
                  {warning ? 'Request approval to run' : 'Request access'}
                </Button>
              </div>
            </>
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
