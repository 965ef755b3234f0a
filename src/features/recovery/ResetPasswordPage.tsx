import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { useSearchParams } from 'react-router-dom';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import styled from 'styled-components';
import { useSelector } from '@xstate/react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { recoveryApi } from '../../api/recoveryApi';
import { readErrorEnvelope, serverMessage } from '../../api/errors';
import { AuthLayout } from '../../components/auth/AuthLayout';
import { Form } from '../../components/auth/Form';
import { useFlowActor } from '../../lib/flowActor';
import {
  passwordResetMachine,
  resetMessages,
  type CallResult,
  type CheckTokenResult,
  type ResetFields,
} from '../../machines/passwordReset.machine';
import { paths } from '../../shared/paths';
import { recoveryMessages } from '../../shared/recovery';
import { Button } from '../../ui/Button';
import { Link } from '../../ui/Link';
import { Spinner } from '../../ui/Spinner';
import { codeWaitLeft, rememberCodeSent } from './codeCooldown';
import { SystemMessage } from '../../ui/SystemMessage';
import { TextField } from '../../ui/TextField';

const Center = styled.div`
  min-height: 160px;
  display: grid;
  align-content: center;
  justify-items: center;
`;
const CodeRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[3]}px;
  & > :first-child { flex: 1 1 180px; }
  & > button { margin-top: 26px; min-width: 120px; }
`;

/**
 * A call's answer, or the server's message (undefined when the refusal carries none, e.g. a bare
 * `success: false`: the machine then says the spec's 'There was an error processing your request.
 * Please try again'); a call without an answer rejects (the machine says 'Connection error.').
 */
async function outcome<T>(action: { unwrap: () => Promise<T> }): Promise<{ data: T } | { message: string | undefined }> {
  try {
    return { data: await action.unwrap() };
  } catch (e) {
    const { message } = serverMessage(e as never); // throws ConnectionError when there was no answer
    const own = readErrorEnvelope((e as { data?: unknown }).data) !== null;
    return { message: own ? message : undefined };
  }
}

function useResetActors() {
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  return useMemo(
    () => ({
      checkToken: fromPromise<CheckTokenResult, { token: string }>(async ({ input }) => {
        const r = await outcome(dispatch(recoveryApi.endpoints.checkResetToken.initiate(input.token)));
        if ('message' in r) return { ok: false, message: r.message };
        return { ok: true, isMobileAdded: r.data.data.is_mobile_added, managerEmail: r.data.data.manager_email };
      }),
      sendCode: fromPromise<CallResult, { token: string }>(async ({ input }) => {
        const r = await outcome(dispatch(recoveryApi.endpoints.generateResetCode.initiate(input)));
        if ('message' in r) return { ok: false, message: r.message };
        // Kept over a reload: the page shows the wait the server enforces.
        rememberCodeSent(input.token, r.data.resend_after);
        return { ok: true };
      }),
      resetPassword: fromPromise<CallResult, { token: string; password: string; code: string }>(async ({ input }) => {
        const r = await outcome(dispatch(recoveryApi.endpoints.resetPassword.initiate(input)));
        return 'message' in r ? { ok: false, message: r.message } : { ok: true };
      }),
    }),
    [dispatch],
  );
}

type ResetSnapshot = SnapshotFrom<typeof passwordResetMachine>;

export interface ResetPasswordViewProps {
  snapshot: ResetSnapshot;
  onSendCode: () => void;
  onSubmit: (fields: ResetFields) => void;
  onRetry: () => void;
}

const judgedBy = (message: string | undefined) => ({ errorMessage: message, isInvalid: Boolean(message), validationBehavior: 'aria' as const, isRequired: true });

function ResetForm({ snapshot, onSendCode, onSubmit }: Omit<ResetPasswordViewProps, 'onRetry'>) {
  const [password, setPassword] = useState('');
  const [retype, setRetype] = useState('');
  const [code, setCode] = useState('');
  const { fieldErrors, error, codeError, codeNotice, secondsLeft } = snapshot.context;
  const sending = snapshot.matches({ form: { code: 'sending' } });
  const cooling = snapshot.matches({ form: { code: 'cooling' } });
  const submitting = snapshot.matches({ form: { submission: 'submitting' } });
  // Once the code is on its way the button is disabled: the code field takes the focus (keyboard users).
  // Not for a wait resumed after a reload: nothing was pressed, the focus stays where the page puts it.
  const codeInput = useRef<HTMLInputElement>(null);
  const wasSending = useRef(false);
  useEffect(() => {
    if (cooling && wasSending.current) codeInput.current?.focus();
    wasSending.current = sending;
  }, [cooling, sending]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({ password, retype, code });
  };
  return (
    <Form onSubmit={submit} noValidate aria-label="Set a new password">
      {error && <SystemMessage variant="error">{error}</SystemMessage>}
      <TextField label="New password" type="password" name="password" autoComplete="new-password" value={password} onChange={setPassword} {...judgedBy(fieldErrors.password)} />
      <TextField label="Retype new password" type="password" name="retype" autoComplete="new-password" value={retype} onChange={setRetype} {...judgedBy(fieldErrors.retype)} />
      <CodeRow>
        <TextField
          ref={codeInput}
          label="SMS code"
          name="code"
          autoComplete="one-time-code"
          value={code}
          onChange={setCode}
          description={codeError ? undefined : (codeNotice ?? 'Press Send code to receive a code on your mobile phone.')}
          {...judgedBy(fieldErrors.code ?? codeError ?? undefined)}
        />
        <Button variant="secondary" onPress={onSendCode} isPending={sending} isDisabled={cooling}>
          {cooling ? `Sent (${secondsLeft})` : 'Send code'}
        </Button>
      </CodeRow>
      <Button type="submit" isPending={submitting} fullWidth>
        Change password
      </Button>
      <Link href={paths.root}>Back to sign in</Link>
    </Form>
  );
}

/** Every state of the reset page, from the machine's snapshot (the stories render it directly too). */
function ResetPasswordView({ snapshot, onSendCode, onSubmit, onRetry }: ResetPasswordViewProps) {
  if (snapshot.matches('checking') || snapshot.matches('start')) {
    return (
      <Center>
        <Spinner size="lg" label="Checking your link" />
      </Center>
    );
  }
  if (snapshot.matches('unavailable')) {
    return (
      <Form as="div">
        <SystemMessage variant="error">{resetMessages.connection}</SystemMessage>
        <Button onPress={onRetry}>Try again</Button>
      </Form>
    );
  }
  if (snapshot.matches('expired')) {
    return (
      <Form as="div">
        <SystemMessage variant="error">{recoveryMessages.linkExpired}</SystemMessage>
        <Link href={paths.forgot}>Request a new link</Link>
        <Link href={paths.root}>Back to sign in</Link>
      </Form>
    );
  }
  if (snapshot.matches('noMobile')) {
    const email = snapshot.context.managerEmail;
    return (
      <Form as="div">
        <SystemMessage variant="info">{recoveryMessages.noMobile(email || 'your affiliate manager')}</SystemMessage>
        {email && <Link href={`mailto:${email}`}>E-mail {email}</Link>}
        <Link href={paths.root}>Back to sign in</Link>
      </Form>
    );
  }
  if (snapshot.matches('done')) {
    return (
      <Form as="div">
        <SystemMessage variant="success">{recoveryMessages.changed}</SystemMessage>
        <Link href={paths.root}>Sign in</Link>
      </Form>
    );
  }
  return <ResetForm snapshot={snapshot} onSendCode={onSendCode} onSubmit={onSubmit} />;
}

/** /resetPassword?token= (spec 002 §2 Reset page). */
export function ResetPasswordPage({ productName, siteId }: { productName: string; siteId: string }) {
  const [params] = useSearchParams();
  const actors = useResetActors();
  const machine = useMemo(() => passwordResetMachine.provide({ actors }), [actors]);
  const token = params.get('token') ?? '';
  // A code sent before a reload still holds the button back for the rest of its 60 seconds.
  const [resendAfter] = useState(() => codeWaitLeft(token));
  const actor = useFlowActor(machine, { input: { token, resendAfter } });
  const snapshot = useSelector(actor, (s) => s);
  return (
    <AuthLayout title="Reset your password" productName={productName} siteId={siteId}>
      <ResetPasswordView
        snapshot={snapshot}
        onSendCode={() => actor.send({ type: 'SEND_CODE' })}
        onSubmit={(fields) => actor.send({ type: 'SUBMIT', fields })}
        onRetry={() => actor.send({ type: 'RETRY' })}
      />
    </AuthLayout>
  );
}

