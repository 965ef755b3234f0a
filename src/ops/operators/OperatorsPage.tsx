import { useState } from 'react';
import type { Operator } from '../../api/contract/operator';
import type { OperatorRole } from '../../api/contract/roles';
import { errorText } from '../../api/errors';
import { PageState } from '../../components/PageState';
import { usePageTitle } from '../../lib/page';
import {
  useChangeOperatorRoleMutation, useDisableOperatorMutation, useInviteOperatorMutation, useListOperatorsQuery, useOperatorMeQuery, useResetOperatorMutation,
} from '../api/accountApi';
import { roleNames } from '../shell/OpsShell';
import { InviteOperatorModal, OperatorsView, type PendingAction } from './OperatorsView';

const expiry = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';

/** Admins: the operators, invitations, roles, disable and reset (docs/operators.md). */
export function OperatorsPage() {
  usePageTitle('Operators');
  const query = useListOperatorsQuery();
  const me = useOperatorMeQuery();
  const [invite, inviting] = useInviteOperatorMutation();
  const [changeRole] = useChangeOperatorRoleMutation();
  const [disable] = useDisableOperatorMutation();
  const [reset] = useResetOperatorMutation();
  const [inviteOpen, setInviteOpen] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const run = async (operator: Operator, call: () => Promise<unknown>, success: string) => {
    setBusyId(operator.operator_id);
    setMessage(null);
    try {
      await call();
      setMessage({ tone: 'success', text: success });
    } catch (error) {
      setMessage({ tone: 'error', text: errorText(error as never) ?? 'The change did not go through.' });
    } finally {
      setBusyId(null);
    }
  };
  const onChangeRole = (o: Operator, role: OperatorRole) =>
    void run(o, () => changeRole({ id: o.operator_id, role }).unwrap(), `${o.email} is now ${roleNames[role].toLowerCase()}.`);
  const onConfirm = ({ kind, operator }: PendingAction) =>
    void (kind === 'disable'
      ? run(operator, () => disable(operator.operator_id).unwrap(), `${operator.email} is disabled and signed out.`)
      : run(operator, () => reset(operator.operator_id).unwrap(), `${operator.email} is reset; a new invitation link is on its way.`));
  const onInvite = async (email: string, role: OperatorRole) => {
    const answer = await invite({ email, role });
    if ('data' in answer && answer.data) {
      setInviteOpen(false);
      setMessage({ tone: 'success', text: `The invitation is on its way to ${email}. Its link works until ${expiry(answer.data.invite_expires_at)}.` });
    }
  };
  return (
    <>
      <PageState query={query} loadingLabel="Loading the operators" failure={(e) => errorText(e) ?? 'The operators could not be loaded.'}>
        {(data) => (
          <OperatorsView
            operators={data.operators}
            selfId={me.data?.operator.operator_id ?? 0}
            message={message}
            busyId={busyId}
            onChangeRole={onChangeRole}
            onConfirm={onConfirm}
            onInvite={() => {
              inviting.reset();
              setInviteOpen(true);
            }}
            onDismissMessage={() => setMessage(null)}
          />
        )}
      </PageState>
      <InviteOperatorModal isOpen={inviteOpen} isPending={inviting.isLoading} error={errorText(inviting.error)} onSubmit={(e, r) => void onInvite(e, r)} onClose={() => setInviteOpen(false)} />
    </>
  );
}
