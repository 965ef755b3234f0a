import { useEffect, useMemo } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { AffiliateResponse } from '../../api/contract/affiliate';
import { useApiDispatch } from '../../api/baseApi';
import { makeCodeActors } from '../../components/auth/codeActors';
import { VerificationStepView } from '../../components/auth/flowViews';
import { useFlowActor } from '../../lib/flowActor';
import { codeVerificationMachine } from '../../machines/codeVerification.machine';
import { settingsVerificationMachine } from '../../machines/settingsVerification.machine';
import { Modal } from '../../ui/Modal';
import { preloadEditControls } from './cards';
import { settingsText, SettingsView } from './SettingsView';

/*
 * The settings page's lock: the settingsVerification machine (XState), the code verification it
 * invokes and the verification form. A chunk of its own: a visit that only reads the settings never downloads it;
 * SettingsPage loads it when Edit is pressed, or at once when the record says an editing window is
 * already open.
 */

type VerificationActor = ActorRefFrom<typeof codeVerificationMachine>;

/** 'Please verify your account' (spec 001 §2.5): the code-verification machine in a modal. */
function VerificationModal({ actor, onCancel }: { actor: VerificationActor | undefined; onCancel: () => void }) {
  return (
    <Modal
      title="Please verify your account"
      isOpen={Boolean(actor)}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      size="sm"
    >
      {actor && <VerificationStepView actor={actor} smsHint={settingsText.smsHint} />}
    </Modal>
  );
}

/**
 * The page with its lock machine running. The machine starts with the record (an open window found in
 * it included); `edit` sends Edit as soon as it runs (the press that loaded this module).
 */
export function SettingsScreenWithLock({ affiliate, edit = false }: { affiliate: AffiliateResponse; edit?: boolean }) {
  const dispatch = useApiDispatch();
  const machine = useMemo(() => {
    const a = makeCodeActors(dispatch);
    return settingsVerificationMachine.provide({
      actors: { codeVerification: codeVerificationMachine.provide({ actors: { sendCode: a.sendCode, verifyCode: a.verifyCode } }) },
    });
  }, [dispatch]);
  const mobileAvailable = Boolean(affiliate.affiliate_personal_information.mobile_phone.trim());
  const editableUntil = affiliate.settings_editable_until ? Date.parse(affiliate.settings_editable_until) : null;
  const actor = useFlowActor(machine, { input: { mobileAvailable, editableUntil } });
  const state = useSelector(actor, (s) => s.value);
  const notice = useSelector(actor, (s) => s.context.notice);
  const verification = useSelector(actor, (s) => s.children.codeVerification as VerificationActor | undefined);
  const editable = state === 'editable';

  // A saved mobile number makes SMS available for the next verification.
  useEffect(() => {
    actor.send({ type: 'MOBILE', available: mobileAvailable });
  }, [actor, mobileAvailable]);
  // The cards' edit controls, while the affiliate verifies.
  useEffect(preloadEditControls, []);
  // The Edit press that brought this module here.
  useEffect(() => {
    if (edit) actor.send({ type: 'EDIT' });
  }, [actor, edit]);

  const onEdit = () => actor.send({ type: 'EDIT' });
  const lock = {
    editable,
    notice,
    onEdit,
    onLocked: (message: string) => actor.send({ type: 'REFUSED', message }),
    onSaved: () => actor.send({ type: 'SAVED' }),
  };
  return (
    <SettingsView affiliate={affiliate} lock={lock}>
      <VerificationModal actor={verification} onCancel={() => verification?.send({ type: 'CANCEL' })} />
    </SettingsView>
  );
}
