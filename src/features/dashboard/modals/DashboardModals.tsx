import { useState } from 'react';
import { DASHBOARD_MODAL_ORDER, type DashboardModals as ModalFlags } from '../../../api/contract/dashboard';
import type { AffiliateManager } from '../../../api/contract/affiliate';
import { useConfirmMissingDocsMutation, useDismissAnnouncementMutation, useGetDashboardModalsQuery } from '../../../api/dashboardApi';
import { SystemMessage } from '../../../ui/SystemMessage';
import { failureText } from '../errors';
import { ChatAppAnnouncementModal } from './ChatAppAnnouncementModal';
import { IntroSurvey } from './IntroSurvey';
import { InvalidEmailModal } from './InvalidEmailModal';
import { MissingDocumentsModal } from './MissingDocumentsModal';
import { MissingMobileModal } from './MissingMobileModal';
import { PaymentMethodModal } from './PaymentMethodModal';

export type ModalName = keyof ModalFlags;

/** Spec 002 §8. */
export const MODALS_FAILED = 'Error while fetching modals';

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
export function DashboardModals({ manager }: { manager?: AffiliateManager }) {
  const { data, error } = useGetDashboardModalsQuery();
  const [closed, setClosed] = useState<ReadonlySet<ModalName>>(new Set());
  const [dismissAnnouncement] = useDismissAnnouncementMutation();
  const [confirmDocs, docs] = useConfirmMissingDocsMutation();
  const close = (name: ModalName) => setClosed((c) => new Set([...c, name]));
  const current = nextModal(data?.modals, closed);

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
      {current === 'introSurvey' && <IntroSurvey onClose={() => close('introSurvey')} />}
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
    </>
  );
}
