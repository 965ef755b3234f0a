import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useGetCampaignQuery } from '../../../api/campaignApi';
import { CAMPAIGN_NOT_FOUND, type CampaignDetail } from '../../../api/contract/campaignDetail';
import { CAP_REACHED_LABEL, CAP_REACHED_SHORT, PAUSED_LABEL, PAUSED_NOTE, PAUSED_SHORT } from '../../../components/campaigns/CampaignNotices';
import { usePageTitle } from '../../../lib/page';
import { formatLongDate } from '../../../shared/longDate';
import { Card, CardBody, CardHeader } from '../../../ui/Card';
import { SkeletonRegion, SkeletonText } from '../../../ui/Skeleton';
import { column } from '../../../ui/Stack';
import { ErrorBanner, SystemMessage } from '../../../ui/SystemMessage';
import { epcText } from '../epcText';
import { AccessCard } from './AccessCard';
import { campaignIdOf } from './campaignId';
import { CAP_REACHED_NOTE } from './capNotes';
import { Facts, Plain } from './campaignStyles';
import { InformationCard } from './InformationCard';
import { CreativesCard, LandingPagesCard } from './MaterialCards';
import { EmailRestrictionsCard, PostbacksCard } from './RestrictionCards';

/** The page's own width decides between two columns and one (a phone, or a narrow window beside the sidebars). */
const Frame = styled.div`
  container-type: inline-size;
  min-width: 0;
`;
const Page = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  gap: ${({ theme }) => theme.space[4]}px;
  align-items: start;
  min-width: 0;
  @container (max-width: 760px) { grid-template-columns: minmax(0, 1fr); }
`;
const Column = styled.div`
  ${column(4)}
`;
/** The paused and cap-reached warnings above the page. */
const Warnings = styled.div`
  ${column(2)}
  margin-bottom: ${({ theme }) => theme.space[4]}px;
`;
const RatesTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  th, td { text-align: left; padding: ${({ theme }) => theme.space[2]}px; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  td:last-child, th:last-child { text-align: right; white-space: nowrap; }
`;

/** Tracking type names (spec 000 §9). */
function trackingTypeName(code: string): string {
  switch (code) {
    case 'S':
    case 'M':
      return 'Server to Server';
    case 'L':
      return 'Pixel';
    case 'I':
      return 'iFrame';
    case 'A':
      return 'API';
    case 'G':
      return 'Global';
    case 'H':
      return 'Host and Post';
    default:
      return 'Unknown';
  }
}

/** /campaign/{offerId} (spec 000 §2): the campaign's information, rates, landing pages, creatives and restrictions. */
export function CampaignPage() {
  const { oid } = useParams();
  const id = campaignIdOf(oid);
  const valid = id !== null;
  const { data, isLoading, isError } = useGetCampaignQuery(id ?? 0, { skip: !valid });
  const campaign = data?.success ? data.campaign : undefined;
  usePageTitle(campaign?.details.name ?? 'Campaign');

  if (!valid || isError || (data && !data.success)) {
    return <ErrorBanner>{CAMPAIGN_NOT_FOUND}</ErrorBanner>;
  }
  if (isLoading || !campaign) {
    return (
      // Marked as a screen still loading: the shell keeps what sits below it back (PortalShell).
      <SkeletonRegion isLoading loadingLabel="Loading the campaign" data-screen-loading="">
        <Card>
          <CardBody>
            <SkeletonText lines={6} />
          </CardBody>
        </Card>
      </SkeletonRegion>
    );
  }
  return <CampaignScreen campaign={campaign} />;
}

function CampaignScreen({ campaign }: { campaign: CampaignDetail }) {
  const { details } = campaign;
  const searchAllowed = campaign.allowed_traffic_types.R === 'Y';
  const paused = details.paused === 'Y';
  const capReached = details.cap_left_today === 0;
  return (
    <Frame>
    {(paused || capReached) && (
      <Warnings>
        {paused && (
          <SystemMessage variant="warning" isDismissable={false} title={`${PAUSED_LABEL}: ${PAUSED_SHORT}`}>
            {PAUSED_NOTE}
          </SystemMessage>
        )}
        {capReached && (
          <SystemMessage variant="warning" isDismissable={false} title={`${CAP_REACHED_LABEL}: ${CAP_REACHED_SHORT}`}>
            {CAP_REACHED_NOTE}
          </SystemMessage>
        )}
      </Warnings>
    )}
    <Page>
      <Column>
        <InformationCard campaign={campaign} />
        <AccessCard campaign={campaign} />
        <Card>
          <CardHeader title="Commission rates" />
          <CardBody>
            <RatesTable>
              <thead>
                <tr>
                  <th scope="col">Description</th>
                  <th scope="col">Type</th>
                  <th scope="col">CPA Rate</th>
                </tr>
              </thead>
              <tbody>
                {campaign.commission.map((r) => (
                  <tr key={r.rate_id}>
                    <td>{r.description}</td>
                    <td>{r.rate_type}</td>
                    <td>{r.rate_text}</td>
                  </tr>
                ))}
              </tbody>
            </RatesTable>
          </CardBody>
        </Card>
        <LandingPagesCard pages={campaign.landing_pages} />
        <CreativesCard creatives={campaign.creatives} />
        <Card>
          <CardHeader title="Details" />
          <CardBody>
            <Facts>
              <dt>Network EPC</dt>
              <dd>{epcText(details.epc)}</dd>
              <dt>Expires</dt>
              <dd>{details.expiry_date ? formatLongDate(details.expiry_date) : 'No expiry'}</dd>
              <dt>Tracking type</dt>
              <dd>{trackingTypeName(details.tracking_type)}</dd>
            </Facts>
          </CardBody>
        </Card>
      </Column>
      <Column>
        <Card>
          <CardHeader title="Description" />
          <CardBody>
            <Plain>{details.description || 'No description.'}</Plain>
          </CardBody>
        </Card>
        {searchAllowed && campaign.search_restrictions.trim() && (
          <Card>
            <CardHeader title="Search restrictions" />
            <CardBody>
              <Plain>{campaign.search_restrictions}</Plain>
            </CardBody>
          </Card>
        )}
        <EmailRestrictionsCard campaign={campaign} />
        <PostbacksCard campaign={campaign} />
      </Column>
    </Page>
    </Frame>
  );
}

