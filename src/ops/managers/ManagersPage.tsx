import { useState } from 'react';
import { operatorEndpoints } from '../../api/contract/operator';
import { opsPeopleEndpoints, type Manager } from '../../api/contract/opsPeople';
import { errorText } from '../../api/errors';
import { PageState } from '../../components/PageState';
import { usePageTitle } from '../../lib/page';
import { useListOperatorsQuery, useOperatorMeQuery } from '../api/accountApi';
import {
  useActivateManagerMutation, useCreateManagerMutation, useDeactivateManagerMutation, useEditManagerMutation, useLinkOperatorManagerMutation, useListManagersQuery,
} from '../api/peopleApi';
import { may, useOutcome } from '../affiliates/parts';
import { roleNames } from '../shell/OpsShell';
import { LinkOperatorModal, ManagerModal, ManagersView, type ManagerAction, type ManagerCard } from './ManagersView';

const ep = opsPeopleEndpoints;

/** Only the fields that differ from the card as it is. */
const changed = (before: Manager, card: ManagerCard) =>
  Object.fromEntries((Object.keys(card) as Array<keyof ManagerCard>).filter((k) => card[k] !== before[k]).map((k) => [k, card[k]])) as Partial<ManagerCard>;

/** The affiliate managers: their cards, add and edit, deactivate / activate, and which operator acts as which. */
export function ManagersPage() {
  usePageTitle('Affiliate managers');
  const query = useListManagersQuery();
  const me = useOperatorMeQuery().data?.operator;
  const role = me?.role;
  const canLink = may(ep.linkOperatorManager, role) && may(operatorEndpoints.listOperators, role);
  const operators = useListOperatorsQuery(undefined, { skip: !canLink });
  const [create, creating] = useCreateManagerMutation();
  const [edit, editing] = useEditManagerMutation();
  const [deactivate] = useDeactivateManagerMutation();
  const [activate] = useActivateManagerMutation();
  const [link, linking] = useLinkOperatorManagerMutation();
  const { outcome, setOutcome, run, dismiss } = useOutcome();
  const [cardOpen, setCardOpen] = useState<{ manager: Manager | null } | null>(null);
  const [linkTo, setLinkTo] = useState<Manager | null>(null);

  const editsAll = may(ep.editManager, role) && role !== 'manager';
  const can = {
    create: may(ep.createManager, role),
    edit: (m: Manager) => may(ep.editManager, role) && (editsAll || m.operators.some((o) => o.operator_id === me?.operator_id)),
    activate: may(ep.deactivateManager, role),
    link: canLink,
  };
  const onCard = async (card: ManagerCard) => {
    const manager = cardOpen?.manager ?? null;
    if (manager) {
      const body = changed(manager, card);
      if (Object.keys(body).length === 0) {
        setCardOpen(null);
        return;
      }
      const answer = await edit({ id: manager.manager_id, body });
      if ('data' in answer && answer.data) {
        setCardOpen(null);
        setOutcome({ tone: 'success', text: `${answer.data.manager.name}'s card is saved.` });
      }
      return;
    }
    const answer = await create(card);
    if ('data' in answer && answer.data) {
      setCardOpen(null);
      setOutcome({ tone: 'success', text: `${answer.data.manager.name} is added as an affiliate manager.` });
    }
  };
  const onLink = async (operatorId: number) => {
    if (!linkTo) return;
    const answer = await link({ operatorId, managerId: linkTo.manager_id });
    if ('data' in answer && answer.data) {
      setLinkTo(null);
      setOutcome({ tone: 'success', text: `${answer.data.operator.email} now acts as ${linkTo.name}.` });
    }
  };
  const onConfirm = (action: ManagerAction) => {
    const m = action.manager;
    if (action.kind === 'unlink') {
      const o = action.operator;
      void run(() => link({ operatorId: o.operator_id, managerId: null }).unwrap(), `${o.email} no longer acts as ${m.name}.`);
    } else if (action.kind === 'deactivate') void run(() => deactivate(m.manager_id).unwrap(), `${m.name} is deactivated: no new publishers are given to them.`);
    else void run(() => activate(m.manager_id).unwrap(), `${m.name} is active again.`);
  };
  const linkable = (operators.data?.operators ?? [])
    .filter((o) => o.status !== 'disabled' && !linkTo?.operators.some((l) => l.operator_id === o.operator_id))
    .map((o) => ({ id: o.operator_id, label: `${o.email} (${roleNames[o.role].toLowerCase()})` }));
  return (
    <>
      <PageState
        query={query}
        loadingLabel="Loading the managers"
        failure={(e) => errorText(e) ?? 'The affiliate managers could not be loaded.'}
      >
        {(data) => (
          <ManagersView
            managers={data.managers}
            can={can}
            outcome={outcome}
            onDismissOutcome={dismiss}
            onCreate={() => {
              creating.reset();
              setCardOpen({ manager: null });
            }}
            onEdit={(manager) => {
              editing.reset();
              setCardOpen({ manager });
            }}
            onLink={(manager) => {
              linking.reset();
              setLinkTo(manager);
            }}
            onConfirm={onConfirm}
          />
        )}
      </PageState>
      <ManagerModal
        open={cardOpen}
        isPending={creating.isLoading || editing.isLoading}
        error={errorText(cardOpen?.manager ? editing.error : creating.error)}
        onSubmit={(card) => void onCard(card)}
        onClose={() => setCardOpen(null)}
      />
      <LinkOperatorModal
        key={linkTo?.manager_id ?? 0}
        manager={linkTo}
        operators={linkable}
        isPending={linking.isLoading}
        error={errorText(linking.error)}
        onSubmit={(id) => void onLink(id)}
        onClose={() => setLinkTo(null)}
      />
    </>
  );
}
