import { useState } from 'react';
import { Route, Routes, useParams } from 'react-router-dom';
import { opsPeopleEndpoints } from '../../api/contract/opsPeople';
import { errorText } from '../../api/errors';
import { PageState } from '../../components/PageState';
import { usePageTitle } from '../../lib/page';
import { useOperatorMeQuery } from '../api/accountApi';
import {
  useAffiliateDetailQuery, useChangeAffiliateManagerMutation, useClearAffiliateFlagMutation, useListManagersQuery, useReactivateAffiliateMutation,
  useSearchAffiliatesQuery, useSetAffiliateCapMutation, useSetAffiliateFlagMutation, useSuspendAffiliateMutation,
} from '../api/peopleApi';
import { AffiliateDetailView, fullName } from './AffiliateDetailView';
import { AffiliatesView, type AffiliateFilters } from './AffiliatesView';
import { may, useOutcome } from './parts';

const ep = opsPeopleEndpoints;
const LIMIT = 25;

/** The affiliates: the search at /ops/affiliates, one affiliate at /ops/affiliates/:id. */
export function AffiliatesPage() {
  return (
    <Routes>
      <Route index element={<AffiliateSearch />} />
      <Route path=":id" element={<AffiliateDetailPage />} />
    </Routes>
  );
}

function AffiliateSearch() {
  usePageTitle('Affiliates');
  const [filters, setFilters] = useState<AffiliateFilters>({});
  const [page, setPage] = useState(1);
  const query = useSearchAffiliatesQuery({ ...filters, page: String(page), limit: String(LIMIT) });
  const managers = useListManagersQuery();
  return (
    <PageState query={query} loadingLabel="Loading the affiliates" retry="keeps-failure" failure={(e) => errorText(e) ?? 'The affiliates could not be loaded.'}>
      {(data) => (
        <AffiliatesView
          affiliates={data.affiliates}
          total={data.total}
          page={data.page}
          limit={data.limit}
          filters={filters}
          managers={(managers.data?.managers ?? []).map((m) => ({ id: m.manager_id, name: m.name }))}
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

function AffiliateDetailPage() {
  const id = Number(useParams().id);
  const query = useAffiliateDetailQuery(id, { skip: !Number.isInteger(id) || id < 1 });
  usePageTitle(query.data ? fullName(query.data.affiliate) : 'Affiliate');
  const managers = useListManagersQuery();
  const role = useOperatorMeQuery().data?.operator.role;
  const [changeManager] = useChangeAffiliateManagerMutation();
  const [suspend, suspending] = useSuspendAffiliateMutation();
  const [reactivate] = useReactivateAffiliateMutation();
  const [setFlag] = useSetAffiliateFlagMutation();
  const [clearFlag] = useClearAffiliateFlagMutation();
  const [setCap, savingCap] = useSetAffiliateCapMutation();
  const { outcome, setOutcome, run, dismiss } = useOutcome();
  if (!Number.isInteger(id) || id < 1) return <p>There is no affiliate at this address.</p>;
  return (
    <PageState query={query} loadingLabel="Loading the affiliate" failure={(e) => errorText(e) ?? 'The affiliate could not be loaded.'}>
      {(data) => {
        const a = data.affiliate;
        const name = fullName(a);
        return (
          <AffiliateDetailView
            affiliate={a}
            managers={managers.data?.managers ?? []}
            can={{ manager: may(ep.changeAffiliateManager, role), suspend: may(ep.suspendAffiliate, role), flags: may(ep.setAffiliateFlag, role), caps: may(ep.setAffiliateCap, role) }}
            outcome={outcome}
            suspendError={errorText(suspending.error)}
            capError={errorText(savingCap.error)}
            isSuspending={suspending.isLoading}
            isSavingCap={savingCap.isLoading}
            onDismissOutcome={dismiss}
            onOpenSuspend={() => suspending.reset()}
            onOpenCap={() => savingCap.reset()}
            onManager={(managerId) => {
              const to = managers.data?.managers.find((m) => m.manager_id === managerId)?.name;
              void run(() => changeManager({ id, managerId }).unwrap(), to ? `${name}'s manager is now ${to}.` : `${name} has no manager now.`);
            }}
            onSuspend={async (reason) => {
              const answer = await suspend({ id, reason });
              if (!('data' in answer) || !answer.data) return false;
              setOutcome({ tone: 'success', text: `${name} is suspended and signed out.` });
              return true;
            }}
            onReactivate={() => void run(() => reactivate({ id }).unwrap(), `${name} is active again and can sign in.`)}
            onFlag={(flag, on) =>
              void (on
                ? run(() => setFlag({ id, flag }).unwrap(), `Flag ${flag} is set.`)
                : run(() => clearFlag({ id, flag }).unwrap(), `Flag ${flag} is cleared.`))
            }
            onCap={async (campaignId, dailyCap) => {
              if (dailyCap === null) return run(() => setCap({ id, campaignId, dailyCap }).unwrap(), `The cap on campaign ${campaignId} is removed.`);
              const answer = await setCap({ id, campaignId, dailyCap });
              if (!('data' in answer) || !answer.data) return false;
              setOutcome({ tone: 'success', text: `${name}'s daily cap on campaign ${campaignId} is ${dailyCap.toLocaleString('en-US')}.` });
              return true;
            }}
          />
        );
      }}
    </PageState>
  );
}
