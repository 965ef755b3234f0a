import { NoticeModal } from './NoticeModal';
import type { SimpleNoticeProps } from './PaymentMethodModal';

/** Spec 002 §4: flag 121, the e-mail address on file does not work. */
export function InvalidEmailModal({ isOpen, onClose }: SimpleNoticeProps) {
  return (
    <NoticeModal title="Please update your e-mail address" isOpen={isOpen} onClose={onClose} settingsLabel="Update E-mail">
      <p>Messages we send to the e-mail address on your account cannot be delivered. Please enter a working address in your settings so you do not miss payment and campaign notices.</p>
    </NoticeModal>
  );
}
