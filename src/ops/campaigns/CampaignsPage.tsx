import { useState } from 'react';
import { Route, Routes, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { opsOffersEndpoints } from '../../api/contract/opsOffers';
import type { OperatorRole } from '../../api/contract/roles';
import { errorText } from '../../api/errors';
import { PageState } from '../../components/PageState';
import { usePageTitle } from '../../lib/page';
import { useOperatorMeQuery } from '../api/accountApi';
import {
  useChangeOfferCampaignStatusMutation, useCreateOfferCampaignMutation, useGetAdvertiserQuery, useGetOfferCampaignQuery, useListAdvertisersQuery, useListOfferCampaignsQuery,
  useOfferOptionsQuery, usePreviewOfferCampaignQuery, useUpdateOfferCampaignMutation,
} from '../api/offersApi';
import { CampaignDetailView } from './CampaignDetailView';
import { CampaignForm } from './CampaignForm';
import { CampaignListView, type CampaignFilters } from './CampaignListView';
import { statusDone, type PendingStatus } from './CampaignStatusConfirm';

const LIMIT = 50;
const ep = opsOffersEndpoints;

/** Whether the endpoint's roles include the signed-in one. */
const allows = (roles: readonly OperatorRole[], role: OperatorRole | undefined) => role !== undefined && roles.includes(role);

type Message = { tone: 'success' | 'error'; text: string } | null;

const useCanWrite = () => {
  const role = useOperatorMeQuery().data?.operator.role;
  return allows(ep.createOfferCampaign.roles, role);
};

/** The advertisers to choose from (the first 200 by name). */
const useAdvertiserChoices = () =>
  (useListAdvertisersQuery({ limit: '200' }).data?.advertisers ?? []).map((a) => ({ id: a.advertiser_id, name: a.name }));

/** Pause, resume or expire, and the sentence that says how it went. */
function useStatusChange(setMessage: (m: Message) => void) {
  const [change] = useChangeOfferCampaignStatusMutation();
  return ({ action, campaign }: PendingStatus) => {
    setMessage(null);
    change({ id: campaign.campaign_id, action })
      .unwrap()
      .then(() => setMessage({ tone: 'success', text: statusDone[action](campaign.name) }))
      .catch((e: unknown) => setMessage({ tone: 'error', text: errorText(e as never) ?? 'The change did not go through.' }));
  };
}

/** The campaigns area (/ops/campaigns): the list, a new one, one campaign with its preview, its editor. */
export function CampaignsPage() {
  return (
    <Routes>
      <Route index element={<CampaignList />} />
      <Route path="new" element={<NewCampaign />} />
      <Route path=":id" element={<CampaignDetail />} />
      <Route path=":id/edit" element={<EditCampaign />} />
    </Routes>
  );
}

function CampaignList() {
  usePageTitle('Campaigns');
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<CampaignFilters>(() => (params.get('advertiser_id') ? { advertiser_id: params.get('advertiser_id') ?? undefined } : {}));
  const [page, setPage] = useState(1);
  const [message, setMessage] = useState<Message>(null);
  const query = useListOfferCampaignsQuery({ ...filters, page: String(page), limit: String(LIMIT) });
  const advertisers = useAdvertiserChoices();
  const canWrite = useCanWrite();
  const onStatus = useStatusChange(setMessage);
  return (
    <PageState query={query} loadingLabel="Loading the campaigns" retry="keeps-failure" failure={(e) => errorText(e) ?? 'The campaigns could not be loaded.'}>
      {(data) => (
        <CampaignListView
          campaigns={data.campaigns}
          total={data.total}
          page={data.page}
          limit={data.limit}
          filters={filters}
          advertisers={advertisers}
          canWrite={canWrite}
          isFetching={query.isFetching}
          message={message}
          onFilter={(f) => {
            setFilters(f);
            setPage(1);
          }}
          onPage={setPage}
          onStatus={onStatus}
          onDismissMessage={() => setMessage(null)}
        />
      )}
    </PageState>
  );
}

const useCampaignId = () => Number(useParams().id);

function NewCampaign() {
  usePageTitle('New campaign');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const options = useOfferOptionsQuery();
  const [create, creating] = useCreateOfferCampaignMutation();
  const first = Number(params.get('advertiser_id'));
  const given = Number.isInteger(first) && first > 0;
  // The advertiser the page was opened for may be beyond the first 200 by name: it is added to the choices.
  const chosen = useGetAdvertiserQuery(first, { skip: !given });
  const list = useAdvertiserChoices();
  const advertisers = chosen.data && !list.some((a) => a.id === first) ? [{ id: first, name: chosen.data.advertiser.name }, ...list] : list;
  return (
    <PageState query={options} loadingLabel="Loading the editor" failure={(e) => errorText(e) ?? 'The editor could not be loaded.'}>
      {(data) => (
        <CampaignForm
          options={data}
          advertisers={advertisers}
          advertiserId={given ? first : null}
          isPending={creating.isLoading}
          error={creating.error ? (errorText(creating.error) ?? 'The campaign could not be created.') : null}
          cancelHref="/ops/campaigns"
          onSubmit={(input, { advertiser_id, active }) =>
            void create({ ...input, advertiser_id: advertiser_id ?? 0, status: active ? 'active' : 'paused' })
              .unwrap()
              .then((answer) =>
                navigate(`/ops/campaigns/${answer.campaign.campaign_id}`, {
                  state: { saved: `${answer.campaign.name} is created${active ? '' : ', paused: preview it, then resume it'}.` },
                }),
              )
              .catch(() => undefined)
          }
        />
      )}
    </PageState>
  );
}

function EditCampaign() {
  const id = useCampaignId();
  const navigate = useNavigate();
  const query = useGetOfferCampaignQuery(id);
  const options = useOfferOptionsQuery();
  const [update, updating] = useUpdateOfferCampaignMutation();
  usePageTitle(query.data ? `Edit ${query.data.campaign.name}` : 'Campaign');
  return (
    <PageState query={query} loadingLabel="Loading the campaign" failure={(e) => errorText(e) ?? 'The campaign could not be loaded.'}>
      {(data) => (
        <PageState query={options} loadingLabel="Loading the editor" failure={(e) => errorText(e) ?? 'The editor could not be loaded.'}>
          {(choices) => (
            <CampaignForm
              campaign={data.campaign}
              options={choices}
              isPending={updating.isLoading}
              error={updating.error ? (errorText(updating.error) ?? 'The changes were not saved.') : null}
              cancelHref={`/ops/campaigns/${id}`}
              onSubmit={(input) =>
                void update({ id, body: input })
                  .unwrap()
                  .then((answer) => navigate(`/ops/campaigns/${id}`, { state: { saved: `The changes to ${answer.campaign.name} are saved.` } }))
                  .catch(() => undefined)
              }
            />
          )}
        </PageState>
      )}
    </PageState>
  );
}

function CampaignDetail() {
  const id = useCampaignId();
  const location = useLocation();
  const query = useGetOfferCampaignQuery(id);
  const preview = usePreviewOfferCampaignQuery(id);
  const canWrite = useCanWrite();
  // The editor and the creation come back here with what they saved.
  const [message, setMessage] = useState<Message>(() => {
    const saved = (location.state as { saved?: string } | null)?.saved;
    return saved ? { tone: 'success', text: saved } : null;
  });
  const onStatus = useStatusChange(setMessage);
  usePageTitle(query.data?.campaign.name ?? 'Campaign');
  return (
    <PageState query={query} loadingLabel="Loading the campaign" failure={(e) => errorText(e) ?? 'The campaign could not be loaded.'}>
      {(data) => (
        <CampaignDetailView
          campaign={data.campaign}
          canWrite={canWrite}
          preview={preview.data}
          previewError={preview.error ? (errorText(preview.error) ?? 'The preview could not be loaded.') : null}
          message={message}
          onStatus={onStatus}
          onDismissMessage={() => setMessage(null)}
        />
      )}
    </PageState>
  );
}
