import { useState } from 'react';
import styled from 'styled-components';
import { useAddBookmarkMutation, useRemoveBookmarkMutation } from '../../../api/campaignApi';
import type { CampaignDetail, DetailTrafficCode } from '../../../api/contract/campaignDetail';
import { errorText } from '../../../api/errors';
import { CampaignNotices } from '../../../components/campaigns/CampaignNotices';
import { countryByAlpha2 } from '../../../shared/countries';
import { paths } from '../../../shared/paths';
import { searchParamsOf } from '../../../shared/searchState';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Card, CardBody, CardHeader } from '../../../ui/Card';
import { Link } from '../../../ui/Link';
import { SystemMessage } from '../../../ui/SystemMessage';
import { capLeftText, leadsText } from './capNotes';
import { Facts } from './campaignStyles';
import { TRAFFIC_NAMES } from './traffic';

/** Countries listed before See More (spec 000 §9). */
const COUNTRIES_COLLAPSED = 5;

const capText = (cap: number | null) => (cap === null ? 'No cap' : leadsText(cap));

/** The spec's link from a category to /search: every parameter, st empty, ob=date, pn=1 (spec 000 §2). */
const categorySearchPath = (m: number, c = 0) => paths.search(searchParamsOf({ m, c }));

/** The campaign's name, picture and facts, with its Bookmark button (spec 000 §2, §9). */
export function InformationCard({ campaign }: { campaign: CampaignDetail }) {
  const { details, categories } = campaign;
  const [expanded, setExpanded] = useState(false);
  const [add, adding] = useAddBookmarkMutation();
  const [remove, removing] = useRemoveBookmarkMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const toggle = async () => {
    setFailure(null);
    const result = campaign.is_bookmarked ? await remove(campaign.campaign_id) : await add(campaign.campaign_id);
    if ('error' in result) setFailure(errorText(result.error));
  };
  const traffic = (Object.keys(TRAFFIC_NAMES) as DetailTrafficCode[]).filter((code) => campaign.allowed_traffic_types[code] === 'Y');
  const countries = campaign.allowed_countries.map((code) => countryByAlpha2(code)?.name ?? code);
  const shown = expanded ? countries : countries.slice(0, COUNTRIES_COLLAPSED);
  const capReached = details.cap_left_today === 0;
  const capLeft = capLeftText(details.cap_left_today);
  const devices = [details.desktop_traffic === 'Y' && 'Desktop', details.mobile_traffic === 'Y' && 'Mobile'].filter(Boolean).join(', ');
  return (
    <Card>
      <CardHeader
        title="Campaign Information"
        actions={
          <Button variant="secondary" size="sm" isDisabled={adding.isLoading || removing.isLoading} onPress={() => void toggle()}>
            {campaign.is_bookmarked ? 'Remove Bookmark' : 'Bookmark'}
          </Button>
        }
      />
      <CardBody>
        {failure && (
          <SystemMessage variant="error" onDismiss={() => setFailure(null)}>
            {failure}
          </SystemMessage>
        )}
        <Info>
          <img src={details.thumbnail} alt="" width={160} height={120} />
          <div>
            <h1 tabIndex={-1}>{details.name}</h1>
            <Notices>
              <CampaignNotices paused={details.paused} capReached={capReached ? 'Y' : 'N'} expiryDate={details.expiry_date} />
            </Notices>
            <Facts>
              <dt>ID</dt>
              <dd>{campaign.campaign_id}</dd>
              <dt>Category</dt>
              <dd>
                <Link href={categorySearchPath(categories.main_category_id)}>{categories.category}</Link>
                {' / '}
                <Link href={categorySearchPath(categories.main_category_id, categories.subcategory_id)}>{categories.subcategory}</Link>
              </dd>
              <dt>Traffic types</dt>
              <dd>{traffic.length ? traffic.map((code) => TRAFFIC_NAMES[code]).join(', ') : 'None'}</dd>
              <dt>Your Status</dt>
              <dd>
                <Badge tone={details.affiliate_campaign_status === 'Approved' ? 'success' : details.affiliate_campaign_status === 'Rejected' ? 'danger' : 'neutral'}>
                  {details.affiliate_campaign_status}
                </Badge>
              </dd>
              <dt>Your Daily Cap</dt>
              <dd>
                {capText(details.affiliate_cap)}
                {capLeft && (
                  <>
                    {' '}
                    <CapLeft data-cap-reached={capReached || undefined}>{capLeft}</CapLeft>
                  </>
                )}
              </dd>
              <dt>Campaign Daily Cap</dt>
              <dd>{capText(details.cap)}</dd>
              {details.affiliate_campaign_status === 'Approved' && (
                <>
                  {/* This month's reports of the campaign (a report without dates is the current month). */}
                  <dt>Your reports</dt>
                  <dd>
                    <Link href={paths.reports('clicks', { oid: campaign.campaign_id })}>Clicks by day</Link>
                    {' · '}
                    <Link href={paths.reports('conversions', { oid: campaign.campaign_id })}>Conversions</Link>
                    {' · '}
                    <Link href={paths.reports('creatives', { oid: campaign.campaign_id })}>Creatives</Link>
                  </dd>
                </>
              )}
              <dt>Countries Allowed</dt>
              <dd>
                {campaign.all_countries === 'Y' ? (
                  'All countries'
                ) : (
                  <>
                    {shown.join(', ')}
                    {countries.length > COUNTRIES_COLLAPSED && (
                      <>
                        {' '}
                        <Button variant="link" onPress={() => setExpanded((e) => !e)}>
                          {expanded ? 'See Less' : 'See More'}
                        </Button>
                      </>
                    )}
                  </>
                )}
              </dd>
              <dt>Devices</dt>
              <dd>
                {devices || 'Any'}
                {campaign.os_list.length > 0 && ` (${campaign.os_list.join(', ')})`}
              </dd>
            </Facts>
          </div>
        </Info>
      </CardBody>
    </Card>
  );
}

const Info = styled.div`
  display: grid;
  grid-template-columns: 160px minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[3]}px;
  @container (max-width: 480px) { grid-template-columns: minmax(0, 1fr); }
  img { width: 160px; height: 120px; object-fit: cover; border-radius: ${({ theme }) => theme.radii.sm}; }
  h1 { margin: 0 0 ${({ theme }) => theme.space[2]}px; font-size: ${({ theme }) => theme.fontSizes.xl}; overflow-wrap: anywhere; }
`;
/** What today's caps leave, under Your Daily Cap; in the warning colour once nothing is left. */
const CapLeft = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  &[data-cap-reached] { color: ${({ theme }) => theme.colors.warning}; font-weight: ${({ theme }) => theme.fontWeights.medium}; }
`;
const Notices = styled.div`
  &:not(:empty) { margin-bottom: ${({ theme }) => theme.space[2]}px; }
`;
