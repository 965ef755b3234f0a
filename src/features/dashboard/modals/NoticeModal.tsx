import type { ReactNode } from 'react';
import styled from 'styled-components';
import { paths } from '../../../shared/paths';
import { Button } from '../../../ui/Button';
import { LinkButton } from '../../../ui/LinkButton';
import { Modal } from '../../../ui/Modal';
import { ErrorBanner } from '../../../ui/SystemMessage';

const Text = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]}px;
  p { margin: 0; }
`;

export interface NoticeModalProps {
  title: string;
  children: ReactNode;
  isOpen: boolean;
  /** Closing by the close button, Escape or the secondary action. */
  onClose: () => void;
  /** Label of the secondary action (closes); default 'Close'. */
  closeLabel?: string;
  /** The primary action: a link to the settings page (closes as it navigates). */
  settingsLabel?: string;
  settingsHref?: string;
  /** Or a button instead of the link. */
  action?: ReactNode;
  errorMessage?: string | null;
}

/** The frame of the simple dashboard notices (spec 002 §2 "Dashboard modals"). */
export function NoticeModal({ title, children, isOpen, onClose, closeLabel = 'Close', settingsLabel, settingsHref = paths.settings, action, errorMessage }: NoticeModalProps) {
  return (
    <Modal
      title={title}
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onPress={onClose}>
            {closeLabel}
          </Button>
          {action}
          {settingsLabel && (
            <LinkButton href={settingsHref} onPress={onClose}>
              {settingsLabel}
            </LinkButton>
          )}
        </>
      }
    >
      <NoticeBody errorMessage={errorMessage}>{children}</NoticeBody>
    </Modal>
  );
}

/** A notice's text: its paragraphs one under the other, a failed action's message above them. */
export function NoticeBody({ errorMessage, children }: { errorMessage?: string | null; children: ReactNode }) {
  return (
    <Text>
      {errorMessage && (
        <ErrorBanner>{errorMessage}</ErrorBanner>
      )}
      {children}
    </Text>
  );
}
