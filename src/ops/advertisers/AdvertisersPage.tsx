import { useState } from 'react';
import { Route, Routes, useLocation, useNavigate, useParams } from 'react-router-dom';
import { opsOffersEndpoints } from '../../api/contract/opsOffers';
import type { OperatorRole } from '../../api/contract/roles';
import { errorText } from '../../api/errors';
import { PageState } from '../../components/PageState';
import { usePageTitle } from '../../lib/page';
import { useOperatorMeQuery } from '../api/accountApi';
import {
  useCreateAdvertiserMutation, useGetAdvertiserQuery, useLazyAdvertiserPostbackQuery, useListAdvertisersQuery, useRotateAdvertiserSecretMutation,
  useUpdateAdvertiserMutation,
} from '../api/offersApi';
import { AdvertiserDetailView, advertiserDetailMessages, type PostbackUrls } from './AdvertiserDetailView';
import { AdvertiserForm } from './AdvertiserForm';
import { AdvertiserListView, type AdvertiserFilters } from './AdvertiserListView';

const LIMIT = 50;
const ep = opsOffersEndpoints;

/** Whether the endpoint's roles include the signed-in one. */
const allows = (roles: readonly OperatorRole[], role: OperatorRole | undefined) => role !== undefined && roles.includes(role);

/** The signed-in role's rights on advertisers (the write endpoints' `roles`). */
function useRights() {
  const role = useOperatorMeQuery().data?.operator.role;
  return {
    canWrite: allows(ep.createAdvertiser.roles, role),
    canSeePostback: allows(ep.advertiserPostbackUrl.roles, role),
  };
}

/** The advertisers area (/ops/advertisers): the list, a new one, one advertiser and its editor. */
export function AdvertisersPage() {
  return (
    <Routes>
      <Route index element={<AdvertiserList />} />
      <Route path="new" element={<NewAdvertiser />} />
      <Route path=":id" element={<AdvertiserDetail />} />
      <Route path=":id/edit" element={<EditAdvertiser />} />
    </Routes>
  );
}

function AdvertiserList() {
  usePageTitle('Advertisers');
  const [filters, setFilters] = useState<AdvertiserFilters>({});
  const [page, setPage] = useState(1);
  const query = useListAdvertisersQuery({ ...filters, page: String(page), limit: String(LIMIT) });
  const { canWrite } = useRights();
  return (
    <PageState query={query} loadingLabel="Loading the advertisers" retry="keeps-failure" failure={(e) => errorText(e) ?? 'The advertisers could not be loaded.'}>
      {(data) => (
        <AdvertiserListView
          advertisers={data.advertisers}
          total={data.total}
          page={data.page}
          limit={data.limit}
          filters={filters}
          canCreate={canWrite}
          isFetching={query.isFetching}
          onFilter={(f) => {
            setFilters(f);
            setPage(1);
          }}
          onPage={setPage}
        />
      )}
    </PageState>
  );
}

const useAdvertiserId = () => Number(useParams().id);

function NewAdvertiser() {
  usePageTitle('New advertiser');
  const navigate = useNavigate();
  const [create, creating] = useCreateAdvertiserMutation();
  return (
    <AdvertiserForm
      isPending={creating.isLoading}
      error={creating.error ? (errorText(creating.error) ?? 'The advertiser could not be created.') : null}
      cancelHref="/ops/advertisers"
      onSubmit={(input) =>
        void create(input)
          .unwrap()
          .then((answer) => navigate(`/ops/advertisers/${answer.advertiser.advertiser_id}`, { state: { saved: `${answer.advertiser.name} is created.` } }))
          .catch(() => undefined)
      }
    />
  );
}

function EditAdvertiser() {
  const id = useAdvertiserId();
  const navigate = useNavigate();
  const query = useGetAdvertiserQuery(id);
  const [update, updating] = useUpdateAdvertiserMutation();
  usePageTitle(query.data ? `Edit ${query.data.advertiser.name}` : 'Advertiser');
  return (
    <PageState query={query} loadingLabel="Loading the advertiser" failure={(e) => errorText(e) ?? 'The advertiser could not be loaded.'}>
      {(data) => (
        <AdvertiserForm
          advertiser={data.advertiser}
          isPending={updating.isLoading}
          error={updating.error ? (errorText(updating.error) ?? 'The changes were not saved.') : null}
          cancelHref={`/ops/advertisers/${id}`}
          onSubmit={(input) =>
            void update({ id, body: input })
              .unwrap()
              .then((answer) => navigate(`/ops/advertisers/${id}`, { state: { saved: `The changes to ${answer.advertiser.name} are saved.` } }))
              .catch(() => undefined)
          }
        />
      )}
    </PageState>
  );
}

function AdvertiserDetail() {
  const id = useAdvertiserId();
  const query = useGetAdvertiserQuery(id);
  const { canWrite, canSeePostback } = useRights();
  const [loadPostback, postbackQuery] = useLazyAdvertiserPostbackQuery();
  const [rotate, rotating] = useRotateAdvertiserSecretMutation();
  const [rotated, setRotated] = useState<PostbackUrls | null>(null);
  const location = useLocation();
  // The editor and the creation come back here with what they saved.
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(() => {
    const saved = (location.state as { saved?: string } | null)?.saved;
    return saved ? { tone: 'success', text: saved } : null;
  });
  usePageTitle(query.data?.advertiser.name ?? 'Advertiser');
  const shown = rotated ?? (postbackQuery.data && !postbackQuery.isFetching ? postbackQuery.data : null);
  const onShowPostback = () => {
    setMessage(null);
    loadPostback(id)
      .unwrap()
      .catch((e: unknown) => setMessage({ tone: 'error', text: errorText(e as never) ?? 'The postback URL could not be loaded.' }));
  };
  const onRotate = (endPreviousNow: boolean) => {
    setMessage(null);
    rotate({ id, end_previous_now: endPreviousNow })
      .unwrap()
      .then((answer) => {
        setRotated(answer);
        const until = answer.previous_secret_until;
        setMessage({ tone: 'success', text: until && !endPreviousNow ? advertiserDetailMessages.rotatedUntil(until) : advertiserDetailMessages.rotatedEnded });
      })
      .catch((e: unknown) => setMessage({ tone: 'error', text: errorText(e as never) ?? 'The secret was not rotated.' }));
  };
  return (
    <PageState query={query} loadingLabel="Loading the advertiser" failure={(e) => errorText(e) ?? 'The advertiser could not be loaded.'}>
      {(data) => (
        <AdvertiserDetailView
          advertiser={data.advertiser}
          canWrite={canWrite}
          canSeePostback={canSeePostback}
          postback={shown}
          isLoadingPostback={postbackQuery.isFetching}
          isRotating={rotating.isLoading}
          message={message}
          onShowPostback={onShowPostback}
          onRotate={onRotate}
          onDismissMessage={() => setMessage(null)}
        />
      )}
    </PageState>
  );
}
