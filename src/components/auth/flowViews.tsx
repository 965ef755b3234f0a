import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
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
  const step = useSelector(actor, (s) => s.value as VerificationStep | 'verified' | 'cancelled');
  const method = useSelector(actor, (s) => s.context.method);
  const mobileAvailable = useSelector(actor, (s) => s.context.mobileAvailable);
  const error = useSelector(actor, (s) => s.context.error);
  if (step === 'verified' || step === 'cancelled') return <>{finished}</>;
  return (
    <AccountVerificationForm
      step={step}
      method={method}
      mobileAvailable={mobileAvailable}
      error={error}
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
  const step = useSelector(actor, (s) => s.value as SetupStep | 'done' | 'cancelled');
  const qrImage = useSelector(actor, (s) => s.context.qrImage);
  const secret = useSelector(actor, (s) => s.context.secret);
  const replaced = useSelector(actor, (s) => s.context.replaced);
  const error = useSelector(actor, (s) => s.context.error);
  const unsaved = useSelector(actor, (s) => s.hasTag('unsaved'));
  useLeaveWarning(unsaved);
  if (step === 'done' || step === 'cancelled') return <>{finished}</>;
  return (
    <TwoFactorSetupView
      step={step}
      qrImage={qrImage}
      secret={secret}
      replaced={replaced}
      error={error}
      onNext={() => actor.send({ type: 'NEXT' })}
      onBack={() => actor.send({ type: 'BACK' })}
      onActivate={(code) => actor.send({ type: 'ACTIVATE', code })}
      onRetry={() => actor.send({ type: 'RETRY' })}
      onFinish={() => actor.send({ type: 'FINISH' })}
      onCancel={() => actor.send({ type: 'CANCEL' })}
    />
  );
}
