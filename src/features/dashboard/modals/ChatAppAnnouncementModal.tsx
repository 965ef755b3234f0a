import { NoticeModal } from './NoticeModal';

export interface ChatAppAnnouncementModalProps {
  isOpen: boolean;
  /** Any way of closing it records the dismissal (spec 002 §4, flag 183). */
  onDismiss: () => void;
  managerName?: string;
  managerHandle?: string;
}

/** Spec 002 §4: the chat-app (Telegram) announcement, shown while flag 183 is absent. */
export function ChatAppAnnouncementModal({ isOpen, onDismiss, managerName, managerHandle }: ChatAppAnnouncementModalProps) {
  return (
    <NoticeModal title="We are on Telegram" isOpen={isOpen} onClose={onDismiss} closeLabel="Got it" settingsLabel="Add my Telegram handle">
      <p>
        You can now reach your affiliate manager on Telegram
        {managerName && managerHandle ? (
          <>
            : message <strong>{managerName}</strong> at <strong>{managerHandle}</strong>
          </>
        ) : null}
        . Add your own Telegram handle in your settings so we can reach you too.
      </p>
    </NoticeModal>
  );
}
