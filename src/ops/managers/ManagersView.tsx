import { useState, type FormEvent } from 'react';
import type { Manager } from '../../api/contract/opsPeople';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { Select } from '../../ui/Select';
import { SystemMessage } from '../../ui/SystemMessage';
import { Table, type TableColumn } from '../../ui/Table';
import { TextField } from '../../ui/TextField';
import { Actions, Confirm, Head, OutcomeMessage, type Outcome } from '../affiliates/parts';

/** What the managers' screen lets the signed-in operator do (each the `roles` of its endpoint). */
export interface ManagerPermissions {
  create: boolean;
  /** Edit a card: every card for an admin, the linked card for a manager operator. */
  edit: (m: Manager) => boolean;
  activate: boolean;
  link: boolean;
}

/** The card a manager has (the fields POST /operator/managers takes). */
export interface ManagerCard {
  name: string;
  email: string;
  phone: string;
  im_handle: string;
}

export const managerMessages = {
  name: "Enter the manager's name.",
  email: 'Enter a valid e-mail address for the manager.',
  telegram: 'The Telegram username has 5 to 32 letters, digits or underscores (with or without the @).',
} as const;

export type ManagerAction = { kind: 'deactivate' | 'activate'; manager: Manager } | { kind: 'unlink'; manager: Manager; operator: { operator_id: number; email: string } };

export interface ManagersViewProps {
  managers: Manager[];
  can: ManagerPermissions;
  outcome: Outcome;
  onDismissOutcome: () => void;
  onCreate: () => void;
  onEdit: (m: Manager) => void;
  onLink: (m: Manager) => void;
  onConfirm: (action: ManagerAction) => void;
}

/** The affiliate managers: their contact card, affiliates, linked operator accounts and whether active. */
export function ManagersView({ managers, can, outcome, onDismissOutcome, onCreate, onEdit, onLink, onConfirm }: ManagersViewProps) {
  const [pending, setPending] = useState<ManagerAction | null>(null);
  const columns: TableColumn<Manager>[] = [
    { key: 'name', header: 'Name', isRowHeader: true },
    {
      key: 'contact',
      header: 'Contact',
      render: (m) => (
        <>
          <div>{m.email}</div>
          {m.phone && <div>{m.phone}</div>}
          {m.im_handle && <div>{`Telegram ${m.im_handle}`}</div>}
        </>
      ),
    },
    { key: 'is_active', header: 'Status', render: (m) => (m.is_active ? <Badge tone="success">Active</Badge> : <Badge tone="neutral">Deactivated</Badge>) },
    { key: 'affiliates', header: 'Affiliates', numeric: true, render: (m) => m.affiliates.toLocaleString('en-US') },
    {
      key: 'operators',
      header: 'Operator accounts',
      render: (m) =>
        m.operators.length === 0 ? (
          'None'
        ) : (
          <ul style={{ margin: 0, paddingLeft: 16 }}>
            {m.operators.map((o) => (
              <li key={o.operator_id}>
                {o.email}{' '}
                {can.link && (
                  <Button size="sm" variant="link" onPress={() => setPending({ kind: 'unlink', manager: m, operator: o })} aria-label={`Unlink ${o.email} from ${m.name}`}>
                    Unlink
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (m) => (
        <Actions>
          {can.edit(m) && (
            <Button size="sm" variant="secondary" onPress={() => onEdit(m)} aria-label={`Edit ${m.name}`}>
              Edit
            </Button>
          )}
          {can.link && m.is_active && (
            <Button size="sm" variant="secondary" onPress={() => onLink(m)} aria-label={`Link an operator to ${m.name}`}>
              Link an operator
            </Button>
          )}
          {can.activate &&
            (m.is_active ? (
              <Button size="sm" variant="danger" onPress={() => setPending({ kind: 'deactivate', manager: m })} aria-label={`Deactivate ${m.name}`}>
                Deactivate
              </Button>
            ) : (
              <Button size="sm" variant="secondary" onPress={() => setPending({ kind: 'activate', manager: m })} aria-label={`Activate ${m.name}`}>
                Activate
              </Button>
            ))}
        </Actions>
      ),
    },
  ];
  const question =
    pending === null
      ? null
      : pending.kind === 'unlink'
        ? `Unlink ${pending.operator.email} from ${pending.manager.name}?`
        : `${pending.kind === 'deactivate' ? 'Deactivate' : 'Activate'} ${pending.manager.name}?`;
  return (
    <div>
      <Head>
        <h1>Affiliate managers</h1>
        {can.create && <Button onPress={onCreate}>Add a manager</Button>}
      </Head>
      <OutcomeMessage outcome={outcome} onDismiss={onDismissOutcome} />
      <Table aria-label="Affiliate managers" columns={columns} rows={managers} getRowKey={(m) => m.manager_id} cardsBelow="desktop" emptyText="No affiliate manager yet." />
      <Confirm
        title={question}
        confirmLabel={pending?.kind === 'deactivate' ? 'Deactivate' : pending?.kind === 'unlink' ? 'Unlink' : 'Activate'}
        tone={pending?.kind === 'activate' ? 'primary' : 'danger'}
        onConfirm={() => pending && onConfirm(pending)}
        onClose={() => setPending(null)}
      >
        {pending?.kind === 'deactivate'
          ? 'Their affiliates stay theirs, but no new publisher or affiliate is given to them until they are activated again.'
          : pending?.kind === 'unlink'
            ? 'That operator account no longer acts as this manager: a manager operator then sees no affiliates.'
            : 'New publishers can be given to them again.'}
      </Confirm>
    </div>
  );
}

export interface ManagerModalProps {
  /** null: closed; `manager` null: a new one. */
  open: { manager: Manager | null } | null;
  isPending: boolean;
  error: string | null;
  onSubmit: (card: ManagerCard) => void;
  onClose: () => void;
}

/** Add a manager, or edit one's card (only the changed fields are sent). */
export function ManagerModal({ open, isPending, error, onSubmit, onClose }: ManagerModalProps) {
  return (
    <Modal
      isOpen={open !== null}
      onOpenChange={(o) => !o && onClose()}
      title={open?.manager ? `Edit ${open.manager.name}` : 'Add a manager'}
      footer={(close) => (
        <Actions>
          <Button type="submit" form="manager-form" isPending={isPending}>
            {open?.manager ? 'Save' : 'Add the manager'}
          </Button>
          <Button variant="secondary" onPress={close} isDisabled={isPending}>
            Cancel
          </Button>
        </Actions>
      )}
    >
      {open && <ManagerForm key={open.manager?.manager_id ?? 'new'} manager={open.manager} error={error} onSubmit={onSubmit} />}
    </Modal>
  );
}

function ManagerForm({ manager, error, onSubmit }: { manager: Manager | null; error: string | null; onSubmit: (card: ManagerCard) => void }) {
  const [card, setCard] = useState<ManagerCard>({ name: manager?.name ?? '', email: manager?.email ?? '', phone: manager?.phone ?? '', im_handle: manager?.im_handle ?? '' });
  const [tried, setTried] = useState(false);
  const set = (key: keyof ManagerCard) => (value: string) => setCard((c) => ({ ...c, [key]: value }));
  const wrong = {
    name: card.name.trim() === '' ? managerMessages.name : undefined,
    email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(card.email.trim()) ? undefined : managerMessages.email,
    im_handle: card.im_handle.trim() === '' || /^@?[A-Za-z0-9_]{5,32}$/.test(card.im_handle.trim()) ? undefined : managerMessages.telegram,
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!wrong.name && !wrong.email && !wrong.im_handle) onSubmit({ name: card.name.trim(), email: card.email.trim(), phone: card.phone.trim(), im_handle: card.im_handle.trim() });
  };
  return (
    <form id="manager-form" onSubmit={submit} noValidate style={{ display: 'grid', gap: 16 }}>
      <p style={{ margin: 0 }}>The contact card affiliates see in the portal.</p>
      {error && (
        <SystemMessage variant="error" isDismissable={false}>
          {error}
        </SystemMessage>
      )}
      <TextField label="Name" value={card.name} onChange={set('name')} maxLength={100} errorMessage={tried ? wrong.name : undefined} isRequired />
      <TextField label="E-mail address" type="email" value={card.email} onChange={set('email')} maxLength={254} errorMessage={tried ? wrong.email : undefined} isRequired />
      <TextField label="Phone" type="tel" description="With the country code, or empty" value={card.phone} onChange={set('phone')} maxLength={40} />
      <TextField label="Telegram username" description="e.g. @jane_doe, or empty" value={card.im_handle} onChange={set('im_handle')} maxLength={40} errorMessage={tried ? wrong.im_handle : undefined} />
    </form>
  );
}

export interface LinkOperatorModalProps {
  manager: Manager | null;
  /** The operator accounts that can be linked: id, e-mail and role. */
  operators: Array<{ id: number; label: string }>;
  isPending: boolean;
  error: string | null;
  onSubmit: (operatorId: number) => void;
  onClose: () => void;
}

export const linkMessages = { choose: 'Choose an operator account.' } as const;

/** Link an operator account to a manager: a manager operator then acts for this manager's affiliates. */
export function LinkOperatorModal({ manager, operators, isPending, error, onSubmit, onClose }: LinkOperatorModalProps) {
  const [chosen, setChosen] = useState<number | null>(null);
  const [tried, setTried] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (chosen !== null) onSubmit(chosen);
  };
  return (
    <Modal
      isOpen={manager !== null}
      onOpenChange={(o) => {
        if (!o) {
          setChosen(null);
          setTried(false);
          onClose();
        }
      }}
      title={manager ? `Link an operator to ${manager.name}` : ''}
      footer={(close) => (
        <Actions>
          <Button type="submit" form="link-form" isPending={isPending}>
            Link
          </Button>
          <Button variant="secondary" onPress={close} isDisabled={isPending}>
            Cancel
          </Button>
        </Actions>
      )}
    >
      <form id="link-form" onSubmit={submit} noValidate style={{ display: 'grid', gap: 16 }}>
        <p style={{ margin: 0 }}>An operator of role manager sees and changes only the affiliates of the manager their account is linked to.</p>
        {error && (
          <SystemMessage variant="error" isDismissable={false}>
            {error}
          </SystemMessage>
        )}
        <Select
          label="Operator account"
          placeholder="Choose an operator"
          items={operators.map((o) => ({ id: String(o.id), label: o.label }))}
          selectedKey={chosen === null ? null : String(chosen)}
          onSelectionChange={(key) => setChosen(key === null ? null : Number(key))}
          errorMessage={tried && chosen === null ? linkMessages.choose : undefined}
          isRequired
        />
      </form>
    </Modal>
  );
}
