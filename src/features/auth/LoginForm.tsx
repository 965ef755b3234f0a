import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Form } from '../../components/auth/Form';
import { paths } from '../../shared/paths';
import { Button } from '../../ui/Button';
import { Link } from '../../ui/Link';
import { SystemMessage } from '../../ui/SystemMessage';
import { TextField } from '../../ui/TextField';
import type { CredentialErrors } from '../../machines/signIn.rules';

export { Form };
export const Links = styled.p`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]}px;
  margin: 0;
`;

export interface LoginFormProps {
  error: string | null;
  fieldErrors: CredentialErrors;
  isPending: boolean;
  onSubmit: (email: string, password: string) => void;
  /** The e-mail of an earlier attempt in this journey (back from the code screen): not typed twice. */
  initialEmail?: string;
  /** The form was first focused, pressed or filled (a password manager too): the journey's code loads then. */
  onStart?: () => void;
}

/** A required field whose validity is the machine's message alone. */
const judgedBy = (message: string | undefined) => ({ errorMessage: message, isInvalid: Boolean(message), validationBehavior: 'aria' as const, isRequired: true });

/** Spec 002 §2 Login screen: e-mail, password, 'Sign in' with a spinner, register and forgot links. */
export function LoginForm({ error, fieldErrors, isPending, onSubmit, initialEmail = '', onStart }: LoginFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  // A click dismisses the error banner (spec 002 §4); the next attempt's error shows again.
  const [attempt, setAttempt] = useState(0);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAttempt((n) => n + 1);
    onSubmit(email, password);
  };
  return (
    <Form onSubmit={submit} noValidate aria-label="Sign in" onFocus={onStart} onPointerDown={onStart} onInput={onStart}>
      {error && (
        <SystemMessage key={attempt} variant="error">
          {error}
        </SystemMessage>
      )}
      {/*
        The machine judges each submit (spec 002 §5) and its messages are the only ones: the browser's own
        check ("Please fill out this field.") stays off, and a field is invalid exactly while the machine
        says so, so nothing from an earlier submit lingers (issue 13).
      */}
      <TextField label="E-mail" type="email" name="email" autoComplete="username" value={email} onChange={setEmail} {...judgedBy(fieldErrors.email)} />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        {...judgedBy(fieldErrors.password)}
      />
      <Button type="submit" isPending={isPending} fullWidth>
        Sign in
      </Button>
      <Links>
        <Link href={paths.register}>Don&apos;t have an account? Register now.</Link>
        <Link href={paths.forgot}>Forgot your password?</Link>
      </Links>
    </Form>
  );
}
