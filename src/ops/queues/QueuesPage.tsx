import { useState } from 'react';
import type { AccessRequest } from '../../api/contract/operator';
import { operatorEndpoints } from '../../api/contract/operator';
import { publisherReviewEndpoints, type PendingPublisher } from '../../api/contract/register';
import { errorText } from '../../api/errors';
import { PageState } from '../../components/PageState';
import { usePageTitle } from '../../lib/page';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/Tabs';
import { useOperatorMeQuery } from '../api/accountApi';
import {
  useApproveAccessRequestMutation, useApprovePublisherMutation, useListAccessRequestsQuery, useListPublishersQuery, useOperatorImage,
  useRejectAccessRequestMutation, useRejectPublisherMutation,
} from '../api/queuesApi';
import { Confirm, may, OutcomeMessage, ReasonModal, Stack, useOutcome } from '../affiliates/parts';
import { AccessRequestCard, ImageOf, nameOf, PublisherCard, queueMessages } from './QueuesView';

const pub = publisherReviewEndpoints;
const ep = operatorEndpoints;

function IdImages({ publisher: p }: { publisher: PendingPublisher }) {
  const id = String(p.affiliate_id);
  const front = useOperatorImage(pub.publisherIdImage, p.id_images.front ? { params: { id, side: 'front' } } : null);
  const back = useOperatorImage(pub.publisherIdImage, p.id_images.back ? { params: { id, side: 'back' } } : null);
  const name = nameOf(p);
  return (
    <>
      <ImageOf image={front} caption="ID, front" alt={`Front of the ID of ${name}`} />
      <ImageOf image={back} caption="ID, back" alt={`Back of the ID of ${name}`} />
    </>
  );
}

function PlacementImage({ request: r }: { request: AccessRequest }) {
  const image = useOperatorImage(ep.accessRequestImage, r.creative_file ? { params: { id: String(r.id) } } : null);
  return <ImageOf image={image} caption="Ad placement" alt={`Ad placement of ${r.affiliate.name} for ${r.campaign.name}`} />;
}

/** The publishers waiting for review: approve, or reject after a confirmation. */
function PublishersQueue({ canDecide }: { canDecide: boolean }) {
  const query = useListPublishersQuery({});
  const [approve] = useApprovePublisherMutation();
  const [reject] = useRejectPublisherMutation();
  const { outcome, run, dismiss } = useOutcome('The decision did not go through.');
  const [pending, setPending] = useState<{ kind: 'approve' | 'reject'; publisher: PendingPublisher } | null>(null);
  const decide = () => {
    if (!pending) return;
    const p = pending.publisher;
    void (pending.kind === 'approve'
      ? run(() => approve(p.affiliate_id).unwrap(), queueMessages.approvedPublisher(p))
      : run(() => reject(p.affiliate_id).unwrap(), queueMessages.rejectedPublisher(p)));
  };
  return (
    <>
      <OutcomeMessage outcome={outcome} onDismiss={dismiss} />
      <PageState
        query={query}
        loadingLabel="Loading the applications"
        failure={(e) => errorText(e) ?? 'The applications could not be loaded.'}
        empty={{ when: (d) => d.publishers.length === 0, text: queueMessages.noPublishers }}
      >
        {(data) => (
          <Stack>
            {data.publishers.map((p) => (
              <PublisherCard
                key={p.affiliate_id}
                publisher={p}
                images={<IdImages publisher={p} />}
                canDecide={canDecide}
                onApprove={(publisher) => setPending({ kind: 'approve', publisher })}
                onReject={(publisher) => setPending({ kind: 'reject', publisher })}
              />
            ))}
          </Stack>
        )}
      </PageState>
      <Confirm
        title={pending ? `${pending.kind === 'approve' ? 'Approve' : 'Reject'} ${nameOf(pending.publisher)}?` : null}
        confirmLabel={pending?.kind === 'reject' ? 'Reject' : 'Approve'}
        tone={pending?.kind === 'reject' ? 'danger' : 'primary'}
        onConfirm={decide}
        onClose={() => setPending(null)}
      >
        {pending?.kind === 'reject'
          ? 'Their account is rejected and they are e-mailed that the application was not approved.'
          : 'Their account becomes active, their referrer is credited and they get the welcome e-mail with the sign-in link.'}
      </Confirm>
    </>
  );
}

/** The access requests to By Request campaigns: approve, or reject with a reason the affiliate reads. */
function AccessQueue({ canDecide }: { canDecide: boolean }) {
  const query = useListAccessRequestsQuery({});
  const [approve] = useApproveAccessRequestMutation();
  const [reject, rejecting] = useRejectAccessRequestMutation();
  const { outcome, setOutcome, run, dismiss } = useOutcome('The decision did not go through.');
  const [approving, setApproving] = useState<AccessRequest | null>(null);
  const [rejected, setRejected] = useState<AccessRequest | null>(null);
  const onReject = async (reason: string) => {
    if (!rejected) return;
    const r = rejected;
    const answer = await reject({ id: r.id, reason });
    if ('data' in answer && answer.data) {
      setRejected(null);
      setOutcome({ tone: 'success', text: queueMessages.rejectedRequest(r) });
    }
  };
  return (
    <>
      <OutcomeMessage outcome={outcome} onDismiss={dismiss} />
      <PageState
        query={query}
        loadingLabel="Loading the access requests"
        failure={(e) => errorText(e) ?? 'The access requests could not be loaded.'}
        empty={{ when: (d) => d.requests.length === 0, text: queueMessages.noRequests }}
      >
        {(data) => (
          <Stack>
            {data.requests.map((r) => (
              <AccessRequestCard
                key={r.id}
                request={r}
                image={<PlacementImage request={r} />}
                canDecide={canDecide}
                onApprove={setApproving}
                onReject={(req) => {
                  rejecting.reset();
                  setRejected(req);
                }}
              />
            ))}
          </Stack>
        )}
      </PageState>
      <Confirm
        title={approving ? `Approve ${approving.affiliate.name} for ${approving.campaign.name}?` : null}
        confirmLabel="Approve"
        onConfirm={() => approving && void run(() => approve(approving.id).unwrap(), queueMessages.approvedRequest(approving))}
        onClose={() => setApproving(null)}
      >
        They can run the campaign at once and are told so.
      </Confirm>
      <ReasonModal
        title={rejected ? `Reject ${rejected.affiliate.name} for ${rejected.campaign.name}` : null}
        intro="The affiliate reads this reason with the rejection."
        label="Reason"
        missing="Give the affiliate a reason for the rejection."
        confirmLabel="Reject the request"
        isPending={rejecting.isLoading}
        error={errorText(rejecting.error)}
        onSubmit={(reason) => void onReject(reason)}
        onClose={() => setRejected(null)}
      />
    </>
  );
}

/** Approvals: new publishers' applications and access requests, with the decision for approvers. */
export function QueuesPage() {
  usePageTitle('Approvals');
  const me = useOperatorMeQuery();
  const role = me.data?.operator.role;
  const canPublishers = may(pub.approvePublisher, role);
  const canRequests = may(ep.approveAccessRequest, role);
  return (
    <div>
      <h1 style={{ marginTop: 0 }}>Approvals</h1>
      <Tabs>
        <TabList aria-label="Queues">
          <Tab id="publishers">Publisher applications</Tab>
          <Tab id="requests">Access requests</Tab>
        </TabList>
        <TabPanel id="publishers">
          <PublishersQueue canDecide={canPublishers} />
        </TabPanel>
        <TabPanel id="requests">
          <AccessQueue canDecide={canRequests} />
        </TabPanel>
      </Tabs>
    </div>
  );
}
