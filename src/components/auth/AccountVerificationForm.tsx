import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/Button';
import { RadioGroup } from '../../ui/RadioGroup';
import { SystemMessage } from '../../ui/SystemMessage';
import { TextField } from '../../ui/TextField';
import type { CodeMethod } from '../../machines/codeVerification.machine';
import { codeMessages } from '../../machines/codeVerification.machine';
import { Form } from './Form';

export type VerificationStep = 'choosingMethod' | 'sending' | 'enteringCode' | 'verifying';

export interface AccountVerificationFormProps {
  step: VerificationStep;
  method: CodeMethod;
  mobileAvailable: boolean;
  error: string | null;
  onChoose: (method: CodeMethod) => void;
  onSend: () => void;
  onSubmit: (code: string) => void;
  /** 'Request a new code': back to the choice of delivery. */
  onResend: () => void;
  onCancel: () => void;
  /** The hint under the disabled SMS choices; the settings page words it differently (spec 001 §2.5). */
  smsHint?: string;
}

/** Spec 002 §2 'Please verify your account': choose e-mail, SMS or both, send, then enter the code. */
export function AccountVerificationForm({
  step,
  method,
  mobileAvailable,
  error,
  onChoose,
  onSend,
  onSubmit,
  onResend,
  onCancel,
  smsHint = '(Add your mobile number after logging in to receive code via SMS)',
}: AccountVerificationFormProps) {
  const [code, setCode] = useState('');
  // Clicking a banner dismisses it (spec 002 §4); the next send's error shows again.
  const [attempt, setAttempt] = useState(0);
  const choosing = step === 'choosingMethod' || step === 'sending';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAttempt((n) => n + 1);
    if (choosing) onSend();
    else onSubmit(code);
  };
  return (
    <Form onSubmit={submit} noValidate aria-label="Verify your account">
      {choosing ? (
        <>
          <RadioGroup
            label="Receive a code by"
            value={method}
            onChange={(v) => onChoose(v as CodeMethod)}
            options={[
              { value: 'byEmail', label: 'E-mail' },
              { value: 'bySMS', label: 'SMS', isDisabled: !mobileAvailable },
              { value: 'byBoth', label: 'Both', isDisabled: !mobileAvailable },
            ]}
            description={mobileAvailable ? undefined : smsHint}
          />
          {error && (
            <SystemMessage key={attempt} variant="error">
              {error}
            </SystemMessage>
          )}
          <div style={{ display: 'flex', gap: 8 }}>
            <Button type="submit" isPending={step === 'sending'}>
              Send Code
            </Button>
            {/* The first step has a way out too: closing the settings modal, leaving the half sign-in. */}
            <Button variant="secondary" onPress={onCancel} isDisabled={step === 'sending'}>
              Cancel
            </Button>
          </div>
        </>
      ) : (
        <>
          <SystemMessage variant="success">{codeMessages.sent}</SystemMessage>
          <TextField
            label="Verification code"
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            value={code}
            onChange={setCode}
            errorMessage={error ?? undefined}
            isRequired
          />
          <div style={{ display: 'flex', gap: 8 }}>
            <Button type="submit" isPending={step === 'verifying'}>
              Submit
            </Button>
            <Button variant="secondary" onPress={onCancel} isDisabled={step === 'verifying'}>
              Cancel
            </Button>
          </div>
          {/* A locked or expired code says 'Please request a new code.': this is where. */}
          <div>
            <Button variant="link" onPress={onResend} isDisabled={step === 'verifying'}>
              Request a new code
            </Button>
          </div>
        </>
      )}
    </Form>
  );
}
