import { NoticeModal } from './NoticeModal';
import type { SimpleNoticeProps } from './PaymentMethodModal';

/** Spec 002 §4: no mobile phone number on file. */
export function MissingMobileModal({ isOpen, onClose }: SimpleNoticeProps) {
  return (
    <NoticeModal title="Add your mobile number" isOpen={isOpen} onClose={onClose} closeLabel="Remind me later" settingsLabel="Add Mobile Number">
      <p>There is no mobile phone number on your account. Add one in your settings to receive verification codes by SMS and to be reachable by your affiliate manager.</p>
    </NoticeModal>
  );
}
