import { lazy, Suspense, useState } from 'react';
import { useGetEmailSuppressionQuery } from '../../../api/campaignApi';
import type { CampaignDetail } from '../../../api/contract/campaignDetail';
import { errorText } from '../../../api/errors';
import { useGetAffiliateQuery } from '../../../api/affiliateApi';
import { safeLink } from '../../../shared/safeLink';
import { Button } from '../../../ui/Button';
import { Card, CardBody, CardHeader } from '../../../ui/Card';
import { Link } from '../../../ui/Link';
import { Modal } from '../../../ui/Modal';
import { SkeletonText } from '../../../ui/Skeleton';
import { ErrorBanner } from '../../../ui/SystemMessage';
import { Plain } from './campaignStyles';
import { List } from './CreativePicker';

// The postback form (editor, macro help, delivery log) loads after the page: it sits below the fold.
const CampaignPostbackForm = lazy(() => import('../../../components/postbacks/CampaignPostbackForm').then((m) => ({ default: m.CampaignPostbackForm })));

/**
 * Pixels / Postbacks (spec 000 sections 2, 5): the form for approved campaigns (the server saves a
 * postback only for those); otherwise which postback would apply.
 */
export function PostbacksCard({ campaign }: { campaign: CampaignDetail }) {
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

/** The advertiser's e-mail rules, subject and from lines and suppression list; nothing when it has none. */
export function EmailRestrictionsCard({ campaign }: { campaign: CampaignDetail }) {
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
  if (error) return <ErrorBanner>{errorText(error)}</ErrorBanner>;
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
