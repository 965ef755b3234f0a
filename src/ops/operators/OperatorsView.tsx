import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { Operator } from '../../api/contract/operator';
import { OPERATOR_ROLES, type OperatorRole } from '../../api/contract/roles';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { Select } from '../../ui/Select';
import { SystemMessage } from '../../ui/SystemMessage';
import { Table, type TableColumn } from '../../ui/Table';
import { TextField } from '../../ui/TextField';
import { roleNames } from '../shell/OpsShell';

export const roleOptions = OPERATOR_ROLES.map((r) => ({ id: r, label: roleNames[r] }));

const statusTone: Record<Operator['status'], BadgeTone> = { active: 'success', invited: 'info', disabled: 'neutral' };
const statusText: Record<Operator['status'], string> = { active: 'Active', invited: 'Invited', disabled: 'Disabled' };

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]}px;
`;
const Head = styled.div`
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

/** An action waiting for its confirmation. */
export type PendingAction = { kind: 'disable' | 'reset'; operator: Operator };

export interface OperatorsViewProps {
  operators: Operator[];
  /** The signed-in admin: their own row offers no disable. */
  selfId: number;
  /** The outcome of the last action, success or the server's sentence. */
  message: { tone: 'success' | 'error'; text: string } | null;
  busyId: number | null;
  onChangeRole: (operator: Operator, role: OperatorRole) => void;
  onConfirm: (action: PendingAction) => void;
  onInvite: () => void;
  onDismissMessage: () => void;
}

const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** The operators' accounts: e-mail, role (changeable), status, authenticator, and disable / reset. */
export function OperatorsView({ operators, selfId, message, busyId, onChangeRole, onConfirm, onInvite, onDismissMessage }: OperatorsViewProps) {
  const [pending, setPending] = useState<PendingAction | null>(null);
  const columns: TableColumn<Operator>[] = [
    { key: 'email', header: 'E-mail', isRowHeader: true },
    {
      key: 'role',
      header: 'Role',
      render: (o) => (
        <Select
          label={`Role of ${o.email}`}
          aria-label={`Role of ${o.email}`}
          items={roleOptions}
          selectedKey={o.role}
          isDisabled={o.status === 'disabled' || busyId === o.operator_id}
          onSelectionChange={(key) => key !== o.role && onChangeRole(o, key as OperatorRole)}
        />
      ),
    },
    { key: 'status', header: 'Status', render: (o) => <Badge tone={statusTone[o.status]}>{statusText[o.status]}</Badge> },
    { key: 'authenticator', header: 'Authenticator', render: (o) => (o.authenticator ? 'Set up' : 'Not yet') },
    { key: 'created_at', header: 'Since', render: (o) => formatDate(o.created_at) },
    {
      key: 'actions',
      header: 'Actions',
      render: (o) => (
        <Actions>
          <Button size="sm" variant="secondary" isDisabled={busyId === o.operator_id} onPress={() => setPending({ kind: 'reset', operator: o })} aria-label={`Reset ${o.email}`}>
            Reset
          </Button>
          {o.status !== 'disabled' && o.operator_id !== selfId && (
            <Button size="sm" variant="danger" isDisabled={busyId === o.operator_id} onPress={() => setPending({ kind: 'disable', operator: o })} aria-label={`Disable ${o.email}`}>
              Disable
            </Button>
          )}
        </Actions>
      ),
    },
  ];
  return (
    <div>
      <Head>
        <h1>Operators</h1>
        <Button onPress={onInvite}>Invite an operator</Button>
      </Head>
      {message && (
        <div style={{ marginBottom: 16 }}>
          <SystemMessage variant={message.tone} onDismiss={onDismissMessage}>
            {message.text}
          </SystemMessage>
        </div>
      )}
      <Table aria-label="Operators" columns={columns} rows={operators} getRowKey={(o) => o.operator_id} cardsBelow="desktop" emptyText="No operators yet." />
      <Modal
        isOpen={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        role="alertdialog"
        size="sm"
        title={pending?.kind === 'disable' ? `Disable ${pending.operator.email}?` : `Reset ${pending?.operator.email ?? ''}?`}
        footer={(close) => (
          <Actions>
            <Button
              variant={pending?.kind === 'disable' ? 'danger' : 'primary'}
              onPress={() => {
                if (pending) onConfirm(pending);
                close();
              }}
            >
              {pending?.kind === 'disable' ? 'Disable' : 'Reset and e-mail a new link'}
            </Button>
            <Button variant="secondary" onPress={close}>
              Cancel
            </Button>
          </Actions>
        )}
      >
        {pending?.kind === 'disable'
          ? 'They are signed out at once and can no longer sign in. Their audit entries stay.'
          : 'Their sessions end, their password and authenticator are cleared, and they get a new invitation link by e-mail.'}
      </Modal>
    </div>
  );
}

export interface InviteOperatorModalProps {
  isOpen: boolean;
  isPending: boolean;
  error: string | null;
  onSubmit: (email: string, role: OperatorRole) => void;
  onClose: () => void;
}

export const inviteMessages = { email: 'Enter a valid e-mail address.' } as const;

/** Invite an operator: e-mail and role; the server e-mails the one-time link. */
export function InviteOperatorModal({ isOpen, isPending, error, onSubmit, onClose }: InviteOperatorModalProps) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OperatorRole>('viewer');
  const [tried, setTried] = useState(false);
  const invalid = !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    setTried(true);
    if (!invalid) onSubmit(email.trim(), role);
  };
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      title="Invite an operator"
      footer={(close) => (
        <Actions>
          <Button type="submit" form="invite-operator" isPending={isPending}>
            Send the invitation
          </Button>
          <Button variant="secondary" onPress={close} isDisabled={isPending}>
            Cancel
          </Button>
        </Actions>
      )}
    >
      <form id="invite-operator" onSubmit={submit} noValidate style={{ display: 'grid', gap: 16 }}>
        <p style={{ margin: 0 }}>They get an e-mail with a link that works once, for 72 hours, to choose their password.</p>
        {error && (
          <SystemMessage variant="error" isDismissable={false}>
            {error}
          </SystemMessage>
        )}
        <TextField label="E-mail address" type="email" value={email} onChange={setEmail} errorMessage={tried && invalid ? inviteMessages.email : undefined} isRequired />
        <Select label="Role" items={roleOptions} selectedKey={role} onSelectionChange={(key) => setRole(key as OperatorRole)} />
      </form>
    </Modal>
  );
}
