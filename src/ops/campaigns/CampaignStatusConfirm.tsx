import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import type { CampaignAction } from '../api/offersApi';
import { Actions } from './layout';

/** A status change waiting for its confirmation. */
export interface PendingStatus {
  action: CampaignAction;
  campaign: { campaign_id: number; name: string };
}

/** What each confirmation says (docs/ops-offers.md "States"). */
export const statusConfirmText: Record<CampaignAction, { title: (name: string) => string; body: string; button: string }> = {
  pause: {
    title: (name) => `Pause ${name}?`,
    body: 'Its page still opens, marked paused, and it leaves the lists and search; its links go to the fallback page within seconds. Resume it at any time.',
    button: 'Pause',
  },
  resume: {
    title: (name) => `Resume ${name}?`,
    body: 'It is listed again and its links go to its landing page within seconds.',
    button: 'Resume',
  },
  expire: {
    title: (name) => `Expire ${name}?`,
    body: 'This is final: it cannot be resumed or edited again, and its page says it does not exist. Reports, access and late conversions of earlier clicks stay. To run the offer again, create a new campaign.',
    button: 'Expire for good',
  },
};

/** What the page says once the change went through. */
export const statusDone: Record<CampaignAction, (name: string) => string> = {
  pause: (name) => `${name} is paused.`,
  resume: (name) => `${name} is active again.`,
  expire: (name) => `${name} is expired.`,
};

export interface CampaignStatusConfirmProps {
  pending: PendingStatus | null;
  onConfirm: (pending: PendingStatus) => void;
  onClose: () => void;
}

/** The confirmation of pause, resume or expire. */
export function CampaignStatusConfirm({ pending, onConfirm, onClose }: CampaignStatusConfirmProps) {
  const text = pending ? statusConfirmText[pending.action] : null;
  return (
    <Modal
      isOpen={pending !== null}
      onOpenChange={(open) => !open && onClose()}
      role="alertdialog"
      size="sm"
      title={text && pending ? text.title(pending.campaign.name) : ''}
      footer={(close) => (
        <Actions>
          <Button
            variant={pending?.action === 'expire' ? 'danger' : 'primary'}
            onPress={() => {
              if (pending) onConfirm(pending);
              close();
            }}
          >
            {text?.button ?? ''}
          </Button>
          <Button variant="secondary" onPress={close}>
            Cancel
          </Button>
        </Actions>
      )}
    >
      {text?.body ?? ''}
    </Modal>
  );
}
