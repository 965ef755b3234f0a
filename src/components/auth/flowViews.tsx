import type { ReactNode } from 'react';
import { shallowEqual, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { codeVerificationMachine } from '../../machines/codeVerification.machine';
import type { twoFactorSetupMachine } from '../../machines/twoFactorSetup.machine';
import { useLeaveWarning } from '../../lib/leaveGuard';
import { AccountVerificationForm, type VerificationStep } from './AccountVerificationForm';
import { TwoFactorSetupView, type SetupStep } from './TwoFactorSetupView';

/** The code-verification machine's screen (sign-in's account verification, the settings modal). */
export function VerificationStepView({
  actor,
  finished = null,
  smsHint,
}: {
  actor: ActorRefFrom<typeof codeVerificationMachine>;
  /** Shown once the machine has ended (the sign-in journey shows its loading screen). */
  finished?: ReactNode;
  smsHint?: string;
}) {
  const { step, ...shown } = useSelector(
    actor,
    ({ value, context: { method, mobileAvailable, error } }) => ({ step: value as VerificationStep | 'verified' | 'cancelled', method, mobileAvailable, error }),
    shallowEqual,
  );
  if (step === 'verified' || step === 'cancelled') return <>{finished}</>;
  return (
    <AccountVerificationForm
      step={step}
      {...shown}
      smsHint={smsHint}
      onChoose={(m) => actor.send({ type: 'CHOOSE', method: m })}
      onSend={() => actor.send({ type: 'SEND' })}
      onSubmit={(code) => actor.send({ type: 'SUBMIT', code })}
      onResend={() => actor.send({ type: 'RESEND' })}
      onCancel={() => actor.send({ type: 'CANCEL' })}
    />
  );
}

/** The two-factor set-up machine's screen; warns before the page is left while it runs. */
export function SetupStepView({ actor, finished = null }: { actor: ActorRefFrom<typeof twoFactorSetupMachine>; finished?: ReactNode }) {
  const { step, ...shown } = useSelector(
    actor,
    ({ value, context: { qrImage, secret, replaced, error } }) => ({ step: value as SetupStep | 'done' | 'cancelled', qrImage, secret, replaced, error }),
    shallowEqual,
  );
  const unsaved = useSelector(actor, (s) => s.hasTag('unsaved'));
  useLeaveWarning(unsaved);
  if (step === 'done' || step === 'cancelled') return <>{finished}</>;
  return (
    <TwoFactorSetupView
      step={step}
      {...shown}
      onNext={() => actor.send({ type: 'NEXT' })}
      onBack={() => actor.send({ type: 'BACK' })}
      onActivate={(code) => actor.send({ type: 'ACTIVATE', code })}
      onRetry={() => actor.send({ type: 'RETRY' })}
      onFinish={() => actor.send({ type: 'FINISH' })}
      onCancel={() => actor.send({ type: 'CANCEL' })}
    />
  );
}
