import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/Button';
import { SystemMessage } from '../../ui/SystemMessage';
import { TextField } from '../../ui/TextField';
import { Form } from './LoginForm';

export interface AuthenticatorCodeFormProps {
  error: string | null;
  isPending: boolean;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}

/** Spec 002 §2 Authenticator code screen: 'Enter the 6 digit code from Google Authenticator.' */
export function AuthenticatorCodeForm({ error, isPending, onSubmit, onCancel }: AuthenticatorCodeFormProps) {
  const [code, setCode] = useState('');
  // A click dismisses the error banner (spec 002 §4); the next attempt's error shows again.
  const [attempt, setAttempt] = useState(0);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAttempt((n) => n + 1);
    onSubmit(code);
  };
  return (
    <Form onSubmit={submit} noValidate aria-label="Authenticator code">
      <p style={{ margin: 0 }}>Enter the 6 digit code from Google Authenticator.</p>
      {error && (
        <SystemMessage key={attempt} variant="error">
          {error}
        </SystemMessage>
      )}
      <TextField label="Authentication code" name="otp" autoComplete="one-time-code" inputMode="numeric" maxLength={6} value={code} onChange={setCode} isRequired />
      <div style={{ display: 'flex', gap: 8 }}>
        <Button type="submit" isPending={isPending}>
          Submit
        </Button>
        <Button variant="secondary" onPress={onCancel} isDisabled={isPending}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
