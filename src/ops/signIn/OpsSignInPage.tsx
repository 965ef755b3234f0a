import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { operatorSignInMessages } from '../../api/contract/operator';
import { failureOf } from '../../api/errors';
import { readProductName } from '../../lib/page';
import { useOperatorSignInCodeMutation, useOperatorSignInMutation } from '../api/accountApi';
import type { OperatorSession } from '../api/session';
import { opsSignInMachine, StepRefused, type PasswordAnswer, type SignedIn } from '../machines/opsSignIn.machine';
import { OpsSignInView, type OpsSignInStep } from './OpsSignInView';

export interface OpsSignInPageProps {
  onSignedIn: (session: OperatorSession) => void;
  notice?: string | null;
}

/** A refused call as the machine reads it: the server's sentence, and whether the challenge is gone. */
function refused(error: unknown): StepRefused {
  const { message } = failureOf(error);
  return new StepRefused(message, message === operatorSignInMessages.expired);
}

/** The sign-in screen of the console: the machine with the two calls of the contract. */
export function OpsSignInPage({ onSignedIn, notice }: OpsSignInPageProps) {
  const [signIn] = useOperatorSignInMutation();
  const [sendCode] = useOperatorSignInCodeMutation();
  const machine = useMemo(
    () =>
      opsSignInMachine.provide({
        actors: {
          submitPassword: fromPromise<PasswordAnswer, { email: string; password: string }>(async ({ input }) => {
            try {
              const answer = await signIn(input).unwrap();
              return { step: answer.step, challenge: answer.challenge, secret: answer.secret, otpauthUri: answer.otpauth_uri };
            } catch (error) {
              throw refused(error);
            }
          }),
          submitCode: fromPromise<SignedIn, { challenge: string; code: string }>(async ({ input }) => {
            try {
              const answer = await sendCode(input).unwrap();
              return {
                token: answer.token,
                expiresAt: answer.expires_at,
                operator: { operatorId: answer.operator.operator_id, email: answer.operator.email, role: answer.operator.role },
              };
            } catch (error) {
              throw refused(error);
            }
          }),
        },
      }),
    [signIn, sendCode],
  );
  const [state, send] = useMachine(machine);
  const { otpauthUri, secret, error, session } = state.context;
  const [qr, setQr] = useState<{ uri: string; image: string } | null>(null);
  useEffect(() => {
    if (!otpauthUri) return;
    let live = true;
    void import('qrcode').then((lib) => lib.toDataURL(otpauthUri, { margin: 0, width: 184 })).then((image) => live && setQr({ uri: otpauthUri, image }), () => undefined);
    return () => {
      live = false;
    };
  }, [otpauthUri]);
  useEffect(() => {
    if (state.status === 'done' && session) onSignedIn(session);
  }, [state.status, session, onSignedIn]);
  return (
    <OpsSignInView
      step={(state.status === 'done' ? 'checkingCode' : state.value) as OpsSignInStep}
      productName={readProductName()}
      error={error}
      secret={secret}
      qrImage={qr && qr.uri === otpauthUri ? qr.image : null}
      notice={notice}
      onSubmitPassword={(email, password) => send({ type: 'SUBMIT_PASSWORD', email, password })}
      onSubmitCode={(code) => send({ type: 'SUBMIT_CODE', code })}
      onCancel={() => send({ type: 'CANCEL' })}
    />
  );
}
