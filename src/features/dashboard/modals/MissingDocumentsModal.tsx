import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../../ui/Button';
import { Link } from '../../../ui/Link';
import { Modal } from '../../../ui/Modal';
import { paths } from '../../../shared/paths';
import { NoticeBody } from './NoticeModal';

/**
 * The long answer wraps (a button keeps its label on one line): at 375 px the one line is wider than
 * the dialog. Alone on its footer row, the button shrinks to the row and the label breaks.
 */
const AnswerButton = styled(Button)`
  white-space: normal;
  text-align: center;
  max-width: 100%;
`;

export const SUBMITTED_LABEL = "I have submitted my documents. Don't show this again.";

export interface MissingDocumentsModalProps {
  isOpen: boolean;
  /** 'Remind me later' (and the close button): hidden for this visit. */
  onRemindLater: () => void;
  /** The confirmed 'I have submitted my documents...': recorded through POST /tipaltiMissingDocs. */
  onConfirmSubmitted: () => void;
  isConfirming?: boolean;
  errorMessage?: string | null;
}

/** Spec 002 §4: flag 148, the payment processor is missing documents. */
export function MissingDocumentsModal({ isOpen, onRemindLater, onConfirmSubmitted, isConfirming, errorMessage }: MissingDocumentsModalProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <Modal
      title={confirming ? 'Have you submitted your documents?' : 'Documents missing'}
      isOpen={isOpen}
      onOpenChange={(open) => !open && onRemindLater()}
      size="sm"
      isDismissable={!isConfirming}
      footer={
        confirming ? (
          <>
            <Button variant="secondary" onPress={() => setConfirming(false)} isDisabled={isConfirming}>
              Back
            </Button>
            <Button onPress={onConfirmSubmitted} isPending={isConfirming}>
              Yes, don&apos;t show this again
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onPress={onRemindLater}>
              Remind me later
            </Button>
            <AnswerButton onPress={() => setConfirming(true)}>{SUBMITTED_LABEL}</AnswerButton>
          </>
        )
      }
    >
      <NoticeBody errorMessage={errorMessage}>
        {confirming ? (
          <p>Please confirm that you have sent every document our payment processor asked for. This notice will not be shown again.</p>
        ) : (
          <p>
            Our payment processor needs documents from you before your earnings can be paid. Please submit them through the payment
            processor&apos;s portal, linked from your <Link href={paths.settings}>payment settings</Link>.
          </p>
        )}
      </NoticeBody>
    </Modal>
  );
}
