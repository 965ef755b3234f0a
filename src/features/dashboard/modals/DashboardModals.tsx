import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { useApiDispatch } from '../../../api/baseApi';
import { DASHBOARD_MODAL_ORDER, type DashboardModals as ModalFlags } from '../../../api/contract/dashboard';
import type { AffiliateManager } from '../../../api/contract/affiliate';
import { useConfirmMissingDocsMutation, useDismissAnnouncementMutation, useGetDashboardModalsQuery } from '../../../api/dashboardApi';
import { SystemMessage } from '../../../ui/SystemMessage';
import { failureText } from '../errors';
import { currentAffiliateKey, modalClosed, selectClosedModals, type ModalName, type WithClosedModals } from './closedModals';

// The survey (and its state machine, with XState) loads only for the affiliates who still have it to
// fill in: most dashboards never show it (13 KiB gzipped off the dashboard's first load).
// The notice modals load after the dashboard's first paint (they open once the flags are in), not
// with the route's JavaScript; mounted closed, so opening and closing keep their transitions.
const PaymentMethodModal = lazy(() => import('./PaymentMethodModal').then((m) => ({ default: m.PaymentMethodModal })));
const InvalidEmailModal = lazy(() => import('./InvalidEmailModal').then((m) => ({ default: m.InvalidEmailModal })));
const MissingMobileModal = lazy(() => import('./MissingMobileModal').then((m) => ({ default: m.MissingMobileModal })));
const MissingDocumentsModal = lazy(() => import('./MissingDocumentsModal').then((m) => ({ default: m.MissingDocumentsModal })));
const ChatAppAnnouncementModal = lazy(() => import('./ChatAppAnnouncementModal').then((m) => ({ default: m.ChatAppAnnouncementModal })));
const IntroSurvey = lazy(() => import('./IntroSurvey').then((m) => ({ default: m.IntroSurvey })));

export type { ModalName };

/** Spec 002 §8. */
const MODALS_FAILED = 'Error while fetching modals';

/** The first modal that applies and has not been closed in this visit, in the contract's order. */
export function nextModal(flags: ModalFlags | undefined, closed: ReadonlySet<ModalName>): ModalName | null {
  if (!flags) return null;
  return DASHBOARD_MODAL_ORDER.find((name) => flags[name] && !closed.has(name)) ?? null;
}

/**
 * The dashboard modals of spec 002 §4, one at a time. Which apply comes from GET /dashboard/modals
 * (the server applies the flag rules: 121, 148, 183, the payment method, the mobile number and the
 * survey status). Closing one shows the next. Dismissals are recorded where the spec (or our
 * snooze) says so; otherwise a closed notice comes back on the next visit.
 */
export function DashboardModals({ manager, onAllClosed }: { manager?: AffiliateManager; /** The last modal of the visit was closed. */ onAllClosed?: () => void }) {
  const { data, error } = useGetDashboardModalsQuery();
  const dispatch = useApiDispatch();
  // Closed in this visit: kept in the store, so leaving the dashboard and coming back keeps them closed.
  const affiliate = currentAffiliateKey();
  const closedList = useSelector((s: WithClosedModals) => selectClosedModals(s, affiliate));
  const closed = useMemo(() => new Set(closedList), [closedList]);
  const [dismissAnnouncement] = useDismissAnnouncementMutation();
  const [confirmDocs, docs] = useConfirmMissingDocsMutation();
  const close = (name: ModalName) => dispatch(modalClosed({ affiliate, name }));
  // The modal on screen stays until it is closed, even when a refetch (after saving the survey or
  // confirming the documents) says it no longer applies: the thank-you or the answer must show.
  const candidate = nextModal(data?.modals, closed);
  const [shown, setShown] = useState<ModalName | null>(null);
  const current = shown && !closed.has(shown) ? shown : candidate;
  if (current !== shown) setShown(current);
  const wasShowing = useRef(false);
  const allClosed = useRef(onAllClosed);
  allClosed.current = onAllClosed;
  useEffect(() => {
    if (current) wasShowing.current = true;
    else if (wasShowing.current) {
      wasShowing.current = false;
      allClosed.current?.();
    }
  }, [current]);

  const snooze = (name: 'paymentMethod' | 'missingMobile' | 'telegram') => {
    close(name);
    dismissAnnouncement(name)
      .unwrap()
      .catch((e: unknown) => console.warn(`Dismissal of ${name} was not recorded`, e));
  };

  if (error) {
    return <SystemMessage variant="error">{MODALS_FAILED}</SystemMessage>;
  }
  return (
    <>
      {current === 'introSurvey' && (
        <Suspense fallback={null}>
          <IntroSurvey onClose={() => close('introSurvey')} />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <PaymentMethodModal isOpen={current === 'paymentMethod'} onClose={() => snooze('paymentMethod')} />
        <InvalidEmailModal isOpen={current === 'invalidEmail'} onClose={() => close('invalidEmail')} />
        <MissingMobileModal isOpen={current === 'missingMobile'} onClose={() => snooze('missingMobile')} />
        <MissingDocumentsModal
          isOpen={current === 'missingDocuments'}
          onRemindLater={() => close('missingDocuments')}
          onConfirmSubmitted={() => {
            confirmDocs()
              .unwrap()
              .then(() => close('missingDocuments'))
              .catch(() => undefined);
          }}
          isConfirming={docs.isLoading}
          errorMessage={failureText(docs.error, 'An internal error occurred.')}
        />
        <ChatAppAnnouncementModal
          isOpen={current === 'telegram'}
          onDismiss={() => snooze('telegram')}
          managerName={manager?.name}
          managerHandle={manager?.im_handle}
        />
      </Suspense>
    </>
  );
}
