import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useAddBookmarkMutation, useGetCampaignQuery, useGetEmailSuppressionQuery, useRemoveBookmarkMutation } from '../../../api/campaignApi';
import { CAMPAIGN_NOT_FOUND, type CampaignDetail, type Creative, type DetailTrafficCode, type LandingPage } from '../../../api/contract/campaignDetail';
import { errorText } from '../../../api/errors';
import { useGetAffiliateQuery } from '../../../api/affiliateApi';
import { CampaignNotices, PAUSED_LABEL, PAUSED_NOTE, PAUSED_SHORT } from '../../../components/campaigns/CampaignNotices';
import { usePageTitle } from '../../../lib/page';
import { countryByAlpha2 } from '../../../shared/countries';
import { formatLongDate } from '../../../shared/longDate';
import { paths } from '../../../shared/paths';
import { safeLink } from '../../../shared/safeLink';
import { searchParamsOf } from '../../../shared/searchState';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Card, CardBody, CardHeader } from '../../../ui/Card';
import { Link } from '../../../ui/Link';
import { Modal } from '../../../ui/Modal';
import { SkeletonRegion, SkeletonText } from '../../../ui/Skeleton';
import { SystemMessage } from '../../../ui/SystemMessage';
import { epcText } from '../epcText';
import { AccessCard } from './AccessCard';
import { TRAFFIC_NAMES } from './traffic';
import { CreativePicker, List, type CreativeKind } from './CreativePicker';
import { campaignIdOf } from './campaignId';

/** Countries listed before See More (spec 000 §9). */
export const COUNTRIES_COLLAPSED = 5;

export { TRAFFIC_NAMES };

/** Tracking type names (spec 000 §9). */
export function trackingTypeName(code: string): string {
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

/** The spec's link from a category to /search: every parameter, st empty, ob=date, pn=1 (spec 000 §2). */
export const categorySearchPath = (m: number, c = 0) => paths.search(searchParamsOf({ m, c }));

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
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]}px;
  min-width: 0;
`;
const Info = styled.div`
  display: grid;
  grid-template-columns: 160px minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[3]}px;
  @container (max-width: 480px) { grid-template-columns: minmax(0, 1fr); }
  img { width: 160px; height: 120px; object-fit: cover; border-radius: ${({ theme }) => theme.radii.sm}; }
  h1 { margin: 0 0 ${({ theme }) => theme.space[2]}px; font-size: ${({ theme }) => theme.fontSizes.xl}; overflow-wrap: anywhere; }
`;
const Paused = styled.div`
  margin-bottom: ${({ theme }) => theme.space[4]}px;
`;
const Notices = styled.div`
  &:not(:empty) { margin-bottom: ${({ theme }) => theme.space[2]}px; }
`;
const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => `${theme.space[1]}px ${theme.space[3]}px`};
  margin: 0;
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
`;
const Plain = styled.p`
  margin: 0;
  white-space: pre-line;
  overflow-wrap: anywhere;
`;
const RatesTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  th, td { text-align: left; padding: ${({ theme }) => theme.space[2]}px; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  td:last-child, th:last-child { text-align: right; white-space: nowrap; }
`;

/** /campaign/{offerId} (spec 000 §2): the campaign's information, rates, landing pages, creatives and restrictions. */
export function CampaignPage() {
  const { oid } = useParams();
  const id = campaignIdOf(oid);
  const valid = id !== null;
  const { data, isLoading, isError } = useGetCampaignQuery(id ?? 0, { skip: !valid });
  const campaign = data?.success ? data.campaign : undefined;
  usePageTitle(campaign?.details.name ?? 'Campaign');

  if (!valid || isError || (data && !data.success)) {
    return (
      <SystemMessage variant="error" isDismissable={false}>
        {CAMPAIGN_NOT_FOUND}
      </SystemMessage>
    );
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
  return (
    <Frame>
    {details.paused === 'Y' && (
      <Paused>
        <SystemMessage variant="warning" isDismissable={false} title={`${PAUSED_LABEL}: ${PAUSED_SHORT}`}>
          {PAUSED_NOTE}
        </SystemMessage>
      </Paused>
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

// The postback form (editor, macro help, delivery log) loads after the page: it sits below the fold.
const CampaignPostbackForm = lazy(() => import('../../../components/postbacks/CampaignPostbackForm').then((m) => ({ default: m.CampaignPostbackForm })));

/**
 * Pixels / Postbacks (spec 000 sections 2, 5): the form for approved campaigns (the server saves a
 * postback only for those); otherwise which postback would apply.
 */
function PostbacksCard({ campaign }: { campaign: CampaignDetail }) {
  const { data: affiliate } = useGetAffiliateQuery();
  const hasGlobalPostback = Boolean(affiliate?.success && affiliate.promotional_methods.global_callback_type !== '');
  return (
    <Card>
      <CardHeader title="Pixels / Postbacks" />
      <CardBody>
        {campaign.details.affiliate_campaign_status === 'Approved' ? (
          <Suspense fallback={<SkeletonText lines={4} />}>
            <CampaignPostbackForm campaign={campaign} hasGlobalPostback={hasGlobalPostback} />
          </Suspense>
        ) : (
          <Plain>Once you are approved to run this campaign, you can save a pixel or postback for it here.</Plain>
        )}
      </CardBody>
    </Card>
  );
}

function InformationCard({ campaign }: { campaign: CampaignDetail }) {
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
              <CampaignNotices paused={details.paused} expiryDate={details.expiry_date} />
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
              <dd>{details.affiliate_cap === null ? 'No cap' : `${details.affiliate_cap} leads`}</dd>
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

function LandingPagesCard({ pages }: { pages: LandingPage[] }) {
  const [preview, setPreview] = useState<LandingPage | null>(null);
  return (
    <Card>
      <CardHeader title="Landing Pages" />
      <CardBody>
        {pages.length === 0 ? (
          <Plain>No landing pages.</Plain>
        ) : (
          <List>
            {pages.map((lp) => {
              const link = safeLink(lp.url, undefined, ['web']);
              return (
                <li key={lp.landing_page_id}>
                  <Row>
                    <strong>{lp.name}</strong>
                    {lp.default_lp === 'Y' && <Badge tone="info">Default</Badge>}
                    {link && (
                      <Link href={link.href} target="_blank" rel="noopener noreferrer">
                        Preview (opens in a new tab)
                      </Link>
                    )}
                    <Button variant="link" onPress={() => setPreview(lp)}>
                      View image
                    </Button>
                  </Row>
                </li>
              );
            })}
          </List>
        )}
        <Modal title={preview?.name ?? 'Landing page'} isOpen={preview !== null} onOpenChange={(open) => !open && setPreview(null)} size="lg">
          {preview && <img src={preview.full} alt={`Landing page ${preview.name}`} style={{ maxWidth: '100%', height: 'auto' }} />}
        </Modal>
      </CardBody>
    </Card>
  );
}

const GROUPS: Array<{ key: CreativeKind; label: string }> = [
  { key: 'banner', label: 'Banners' },
  { key: 'text', label: 'Text Links' },
  { key: 'textEmail', label: 'Solo E-mail (text)' },
  { key: 'htmlEmail', label: 'Solo E-mail (html)' },
];

function CreativesCard({ creatives }: { creatives: Creative[] }) {
  const [open, setOpen] = useState<CreativeKind | null>(null);
  return (
    <Card>
      <CardHeader title="Creatives" />
      <CardBody>
        <List>
          {GROUPS.map((g) => {
            const count = creatives.filter((c) => c.type === g.key).length;
            return (
              <li key={g.key}>
                <Row>
                  <span>
                    {g.label} ({count})
                  </span>
                  <Button variant="secondary" size="sm" isDisabled={count === 0} aria-label={`View ${g.label}`} onPress={() => setOpen(g.key)}>
                    View
                  </Button>
                </Row>
              </li>
            );
          })}
        </List>
        <CreativePicker kind={open ?? 'banner'} creatives={creatives} mode="view" isOpen={open !== null} onClose={() => setOpen(null)} />
      </CardBody>
    </Card>
  );
}

function EmailRestrictionsCard({ campaign }: { campaign: CampaignDetail }) {
  const { email_restrictions: r } = campaign;
  const [open, setOpen] = useState(false);
  if (!r.rules.trim() && r.suppression === 'N' && r.subject_lines.length === 0 && r.from_lines.length === 0) return null;
  return (
    <Card>
      <CardHeader title="Email restrictions" />
      <CardBody>
        {r.rules.trim() && <Plain>{r.rules}</Plain>}
        {r.subject_lines.length > 0 && (
          <>
            <h3>Subject lines</h3>
            <List>{r.subject_lines.map((line, i) => <li key={i}>{line}</li>)}</List>
          </>
        )}
        {r.from_lines.length > 0 && (
          <>
            <h3>From lines</h3>
            <List>{r.from_lines.map((line, i) => <li key={i}>{line}</li>)}</List>
          </>
        )}
        {r.suppression === 'Y' && (
          <Button variant="secondary" size="sm" onPress={() => setOpen(true)}>
            Suppression list
          </Button>
        )}
        <Modal title="Suppression list" isOpen={open} onOpenChange={setOpen}>
          {open && <SuppressionLinks advertiser={campaign.details.advertiser_id} campaign={campaign.campaign_id} />}
        </Modal>
      </CardBody>
    </Card>
  );
}

function SuppressionLinks({ advertiser, campaign }: { advertiser: number; campaign: number }) {
  const { data, error, isLoading } = useGetEmailSuppressionQuery({ advertiser, campaign });
  if (isLoading) return <SkeletonText lines={2} />;
  if (error) return <SystemMessage variant="error" isDismissable={false}>{errorText(error)}</SystemMessage>;
  const urls = data?.success ? data.urls : [];
  if (urls.length === 0) return <Plain>No Links found</Plain>;
  return (
    <List>
      {urls.map(({ url }) => {
        const link = safeLink(url, undefined, ['web']);
        return <li key={url}>{link ? <Link href={link.href} target="_blank" rel="noopener noreferrer">{url}</Link> : url}</li>;
      })}
    </List>
  );
}
