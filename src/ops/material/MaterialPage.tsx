import { useState } from 'react';
import { Route, Routes, useParams } from 'react-router-dom';
import { apiBase } from '../../api/baseApi';
import { opsMaterialEndpoints as ep, type OpsCreative } from '../../api/contract/opsMaterial';
import type { OperatorRole } from '../../api/contract/roles';
import { errorText } from '../../api/errors';
import { PageState } from '../../components/PageState';
import { usePageTitle } from '../../lib/page';
import { Link } from '../../ui/Link';
import { Spinner } from '../../ui/Spinner';
import { useOperatorMeQuery } from '../api/accountApi';
import {
  useAddBannerMutation, useAddEmailMutation, useAddLandingPageMutation, useAddTextLinkMutation, useDeleteCreativeMutation, useDeleteLandingPageMutation,
  useEditCreativeMutation, useEditLandingPageMutation, useMaterialCampaignsQuery, useMaterialCreativesQuery, useMaterialLandingPagesQuery,
  useMaterialManagersQuery, useRemoveScreenshotMutation, useReplaceBannerImageMutation, useUploadManagerPhotoMutation, useUploadManagerQrMutation,
  useUploadScreenshotMutation,
} from '../api/materialApi';
import { CampaignList, CampaignSearch } from './CampaignPickerView';
import { CreativesView } from './CreativesView';
import { LandingPagesView } from './LandingPagesView';
import { ManagerPicturesView, ManagersView } from './ManagersView';
import { materialMessages, outcome } from './parts';

/**
 * Whether the signed-in operator's role may call the write (its endpoint's `roles`); undefined until
 * the session's answer is in (the shell has asked for it already, so that is at most a moment).
 */
function useMayCall(roles: readonly OperatorRole[]) {
  const me = useOperatorMeQuery();
  const role = me.data?.operator.role;
  if (role === undefined) return me.isLoading ? undefined : false;
  return roles.includes(role);
}

/** The area's addresses: /ops/material (the picker), /ops/material/:campaignId, /ops/material/managers(/:managerId). */
export function MaterialPage() {
  return (
    <Routes>
      <Route index element={<CampaignPickerPage />} />
      <Route path="managers" element={<ManagersPage />} />
      <Route path="managers/:managerId" element={<ManagerPicturesPage />} />
      <Route path=":campaignId" element={<CampaignMaterialPage />} />
    </Routes>
  );
}

/** A campaign to open, searched by name or #id (the offers' campaign list, read only). */
export function CampaignPickerPage() {
  usePageTitle('Creatives');
  const [q, setQ] = useState('');
  const query = useMaterialCampaignsQuery(q);
  return (
    <div>
      <CampaignSearch query={q} onSearch={setQ} />
      <PageState
        query={query}
        loadingLabel="Loading the campaigns"
        failure={(e) => errorText(e) ?? 'The campaigns could not be loaded.'}
        empty={{ when: (d) => d.campaigns.length === 0, text: q.trim() === '' ? 'There are no campaigns yet.' : `No campaign matches "${q.trim()}".` }}
      >
        {(data) => <CampaignList campaigns={data.campaigns} total={data.total} />}
      </PageState>
    </div>
  );
}

const idOf = (raw: string | undefined) => (raw && /^\d{1,10}$/.test(raw) ? Number(raw) : 0);

/** One campaign's landing pages and creatives. */
export function CampaignMaterialPage() {
  const campaignId = idOf(useParams().campaignId);
  const pages = useMaterialLandingPagesQuery(campaignId);
  const creatives = useMaterialCreativesQuery(campaignId);
  const name = pages.data?.campaign.name ?? creatives.data?.campaign.name;
  usePageTitle(name ? `Creatives: ${name}` : 'Creatives');
  const canWriteLanding = useMayCall(ep.addLandingPage.roles);
  const canWriteCreatives = useMayCall(ep.addBanner.roles);
  const [addPage] = useAddLandingPageMutation();
  const [editPage] = useEditLandingPageMutation();
  const [deletePage] = useDeleteLandingPageMutation();
  const [uploadScreenshot] = useUploadScreenshotMutation();
  const [removeScreenshot] = useRemoveScreenshotMutation();
  const [addBanner] = useAddBannerMutation();
  const [replaceImage] = useReplaceBannerImageMutation();
  const [addTextLink] = useAddTextLinkMutation();
  const [addEmail] = useAddEmailMutation();
  const [editCreative] = useEditCreativeMutation();
  const [deleteCreative] = useDeleteCreativeMutation();
  const fail = materialMessages.notSaved;
  const creative = (call: Promise<{ creative: OpsCreative }>) => outcome(call.then((r) => r.creative), fail);
  if (canWriteLanding === undefined || canWriteCreatives === undefined) return <Spinner label="Loading the campaign" />;
  return (
    <div>
      <p style={{ marginTop: 0 }}>
        <Link href="/ops/material">Back to the campaigns</Link>
      </p>
      <h1 style={{ marginBottom: 0 }}>{name ?? `Campaign #${campaignId}`}</h1>
      <PageState query={pages} loadingLabel="Loading the landing pages" failure={(e) => errorText(e) ?? 'The landing pages could not be loaded.'}>
        {(data) => (
          <LandingPagesView
            pages={data.landing_pages}
            canWrite={canWriteLanding}
            onAdd={(body) => outcome(addPage({ campaignId, body }).unwrap(), fail)}
            onEdit={(p, body) => outcome(editPage({ campaignId, id: p.landing_page_id, body }).unwrap(), fail)}
            onDelete={(p) => outcome(deletePage({ campaignId, id: p.landing_page_id }).unwrap(), fail)}
            onUploadScreenshot={(p, file) => outcome(uploadScreenshot({ campaignId, id: p.landing_page_id, screenshot: file }).unwrap(), fail)}
            onRemoveScreenshot={(p) => outcome(removeScreenshot({ campaignId, id: p.landing_page_id }).unwrap(), fail)}
          />
        )}
      </PageState>
      <PageState query={creatives} loadingLabel="Loading the creatives" failure={(e) => errorText(e) ?? 'The creatives could not be loaded.'}>
        {(data) => (
          <CreativesView
            creatives={data.creatives}
            canWrite={canWriteCreatives}
            onAddBanner={(bannerName, image) => creative(addBanner({ campaignId, body: { name: bannerName, image } }).unwrap())}
            onReplaceImage={(b, image) => creative(replaceImage({ campaignId, id: b.creative_id, image }).unwrap())}
            onAddTextLink={(body) => creative(addTextLink({ campaignId, body }).unwrap())}
            onAddEmail={(body) => creative(addEmail({ campaignId, body }).unwrap())}
            onEdit={(c, body) => creative(editCreative({ campaignId, id: c.creative_id, body }).unwrap())}
            onDelete={(c) => outcome(deleteCreative({ campaignId, id: c.creative_id }).unwrap(), fail)}
          />
        )}
      </PageState>
    </div>
  );
}

/** The affiliate managers (the people's manager list, read only), each opening their pictures. */
export function ManagersPage() {
  usePageTitle("Managers' pictures");
  const query = useMaterialManagersQuery();
  return (
    <PageState query={query} loadingLabel="Loading the managers" failure={(e) => errorText(e) ?? 'The managers could not be loaded.'}>
      {(data) => <ManagersView managers={data.managers} />}
    </PageState>
  );
}

/** An affiliate manager's photo and chat QR code: what the dashboard shows now, and an upload for each. */
export function ManagerPicturesPage() {
  const managerId = idOf(useParams().managerId);
  const managers = useMaterialManagersQuery();
  const name = managers.data?.managers.find((m) => m.manager_id === managerId)?.name ?? null;
  usePageTitle(name ? `Pictures of ${name}` : "Manager's pictures");
  const canWrite = useMayCall(ep.uploadManagerPhoto.roles);
  const [photo] = useUploadManagerPhotoMutation();
  const [qr] = useUploadManagerQrMutation();
  if (managers.isLoading || canWrite === undefined) return <Spinner label="Loading the manager" />;
  return (
    <ManagerPicturesView
      key={name ?? ''}
      managerId={managerId}
      name={name}
      photo={`${apiBase}/images/managers/${managerId}`}
      qr={`${apiBase}/images/managers/${managerId}/qr`}
      canWrite={canWrite}
      onUpload={(which, file) =>
        outcome((which === 'photo' ? photo({ id: managerId, photo: file }) : qr({ id: managerId, qr: file })).unwrap().then((r) => r.manager), materialMessages.notSaved)
      }
    />
  );
}
