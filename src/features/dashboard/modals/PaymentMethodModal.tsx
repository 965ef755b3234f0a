import { NoticeModal } from './NoticeModal';

export interface SimpleNoticeProps {
  isOpen: boolean;
  onClose: () => void;
}

/** Spec 002 §4: no payment method yet (tmp_payoneer 0, method 'None', no platform). */
export function PaymentMethodModal({ isOpen, onClose }: SimpleNoticeProps) {
  return (
    <NoticeModal title="Set up your payment method" isOpen={isOpen} onClose={onClose} closeLabel="Remind me later" settingsLabel="Go to Settings">
      <p>You have not chosen how you would like to be paid. Add a payment method in your settings so your earnings can be paid out on time.</p>
    </NoticeModal>
  );
}
