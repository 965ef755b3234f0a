import { useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { errorText } from '../../api/errors';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { SystemMessage } from '../../ui/SystemMessage';
import { TextArea } from '../../ui/TextArea';

/** The pieces the people screens share (affiliates, managers, approvals). */

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]}px;
`;

export const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]}px;
  margin-bottom: ${({ theme }) => theme.space[4]}px;
  h1 {
    margin: 0;
  }
`;

/** Label / value pairs, two columns where there is room. */
export const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space[3]}px;
  margin: 0;
  div {
    min-width: 0;
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
    white-space: pre-wrap;
  }
`;

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children === '' || children === null || children === undefined ? '—' : children}</dd>
    </div>
  );
}

export const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]}px;
  min-width: 0;
`;

export const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
export const formatTime = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';
export const formatMoney = (dollars: number) => dollars.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** The outcome of the last change: a success sentence or the server's. */
export type Outcome = { tone: 'success' | 'error'; text: string } | null;

export function OutcomeMessage({ outcome, onDismiss }: { outcome: Outcome; onDismiss: () => void }) {
  if (!outcome) return null;
  return (
    <div style={{ marginBottom: 16 }}>
      <SystemMessage variant={outcome.tone} onDismiss={onDismiss}>
        {outcome.text}
      </SystemMessage>
    </div>
  );
}

/**
 * Runs a change and says how it went: `success` on success, else the server's sentence (or `fallback`).
 * The controls stay enabled while it is out (disabling the focused one would drop the focus).
 */
export function useOutcome(fallback = 'The change did not go through.') {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const run = async (call: () => Promise<unknown>, success: string): Promise<boolean> => {
    setOutcome(null);
    try {
      await call();
      setOutcome({ tone: 'success', text: success });
      return true;
    } catch (error) {
      setOutcome({ tone: 'error', text: errorText(error as never) ?? fallback });
      return false;
    }
  };
  return { outcome, setOutcome, run, dismiss: () => setOutcome(null) };
}

export interface ConfirmProps {
  /** The question; null: closed. */
  title: string | null;
  children: ReactNode;
  confirmLabel: string;
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  onClose: () => void;
}

/** A confirmation before a change that is not undone by a click. */
export function Confirm({ title, children, confirmLabel, tone = 'primary', onConfirm, onClose }: ConfirmProps) {
  return (
    <Modal
      isOpen={title !== null}
      onOpenChange={(open) => !open && onClose()}
      role="alertdialog"
      size="sm"
      title={title ?? ''}
      footer={(close) => (
        <Actions>
          <Button
            variant={tone}
            onPress={() => {
              onConfirm();
              close();
            }}
          >
            {confirmLabel}
          </Button>
          <Button variant="secondary" onPress={close}>
            Cancel
          </Button>
        </Actions>
      )}
    >
      {children}
    </Modal>
  );
}

export interface ReasonModalProps {
  /** The dialog's title; null: closed. */
  title: string | null;
  intro: ReactNode;
  label: string;
  /** The sentence when no reason is given (the contract's). */
  missing: string;
  confirmLabel: string;
  isPending: boolean;
  /** The server's sentence when it refused. */
  error: string | null;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}

export const REASON_MAX = 1000;

/** A change that needs a reason (a rejection, a suspension): the reason, then the change. */
export function ReasonModal({ title, intro, label, missing, confirmLabel, isPending, error, onSubmit, onClose }: ReasonModalProps) {
  return (
    <Modal
      isOpen={title !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title ?? ''}
      footer={(close) => (
        <Actions>
          <Button type="submit" form="reason-form" variant="danger" isPending={isPending}>
            {confirmLabel}
          </Button>
          <Button variant="secondary" onPress={close} isDisabled={isPending}>
            Cancel
          </Button>
        </Actions>
      )}
    >
      {title !== null && <ReasonForm key={title} intro={intro} label={label} missing={missing} error={error} onSubmit={onSubmit} />}
    </Modal>
  );
}

function ReasonForm({ intro, label, missing, error, onSubmit }: Pick<ReasonModalProps, 'intro' | 'label' | 'missing' | 'error' | 'onSubmit'>) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const empty = reason.trim() === '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!empty) onSubmit(reason.trim());
  };
  return (
    <form id="reason-form" onSubmit={submit} noValidate style={{ display: 'grid', gap: 16 }}>
      <p style={{ margin: 0 }}>{intro}</p>
      {error && (
        <SystemMessage variant="error" isDismissable={false}>
          {error}
        </SystemMessage>
      )}
      <TextArea label={label} value={reason} onChange={setReason} maxLength={REASON_MAX} errorMessage={tried && empty ? missing : undefined} isRequired />
    </form>
  );
}

/** Whether the signed-in role may call an endpoint (its `roles` field): write buttons only for those. */
export const may = (endpoint: { roles?: readonly string[] }, role: string | undefined) => role !== undefined && (endpoint.roles ?? []).includes(role);
