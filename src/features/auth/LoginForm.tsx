import { useCallback, useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Form } from '../../components/auth/Form';
import { paths } from '../../shared/paths';
import { Button } from '../../ui/Button';
import { Link } from '../../ui/Link';
import { Spinner } from '../../ui/Spinner';
import { SystemMessage } from '../../ui/SystemMessage';
import { TextField } from '../../ui/TextField';
import type { CredentialErrors } from '../../machines/signIn.rules';
import type { Captcha as CaptchaWidget } from '../../components/auth/Captcha';

export { Form };

type CaptchaComponent = typeof CaptchaWidget;
let captchaModule: Promise<CaptchaComponent> | null = null;
let loadedCaptcha: CaptchaComponent | null = null;
/** Fetches the captcha's code (the widget and ALTCHA's); stories preload it to screenshot it at once. */
export const preloadLoginCaptcha = () =>
  (captchaModule ??= import('../../components/auth/Captcha').then(async (m) => {
    await m.preloadCaptcha();
    return (loadedCaptcha = m.Captcha);
  }));

/**
 * The forgot page's ALTCHA widget, fetched only when the server asks for a captcha (docs/adr/0009):
 * the sign-in page's first download stays without it. Once fetched it draws at once (no fallback).
 */
function LazyCaptcha(props: { onChange: (payload: string | null) => void; test?: boolean }) {
  const [Captcha, setCaptcha] = useState<CaptchaComponent | null>(() => loadedCaptcha);
  useEffect(() => {
    if (Captcha) return;
    let live = true;
    preloadLoginCaptcha().then(
      (c) => live && setCaptcha(() => c),
      () => {}, // a failed download leaves the spinner; the server keeps asking, the next try loads again
    );
    return () => {
      live = false;
    };
  }, [Captcha]);
  return Captcha ? <Captcha {...props} /> : <Spinner label="Loading the captcha" />;
}

const Links = styled.p`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]}px;
  margin: 0;
`;

export interface LoginFormProps {
  error: string | null;
  fieldErrors: CredentialErrors;
  isPending: boolean;
  /** The solved captcha's payload, when the form shows one; null while unsolved. */
  onSubmit: (email: string, password: string, altcha: string | null) => void;
  /** The server asked for a captcha: each try carries a fresh solution. */
  captcha?: boolean;
  /** Stories: the widget's own test mode (solved with a click, nothing computed). */
  captchaTest?: boolean;
  /** The e-mail of an earlier attempt in this journey (back from the code screen): not typed twice. */
  initialEmail?: string;
  /** The form was first focused, pressed or filled (a password manager too): the journey's code loads then. */
  onStart?: () => void;
}

/** A required field whose validity is the machine's message alone. */
const judgedBy = (message: string | undefined) => ({ errorMessage: message, isInvalid: Boolean(message), validationBehavior: 'aria' as const, isRequired: true });

/**
 * Spec 002 §2 Login screen: e-mail, password, 'Sign in' with a spinner, register and forgot links;
 * and the captcha above the button when the server asks for one.
 */
export function LoginForm({ error, fieldErrors, isPending, onSubmit, initialEmail = '', onStart, captcha = false, captchaTest }: LoginFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  // A click dismisses the error banner (spec 002 §4); the next attempt's error shows again.
  const [attempt, setAttempt] = useState(0);
  const [solution, setSolution] = useState<string | null>(null);
  // A solution is used once: each sent one makes way for a fresh widget.
  const [widget, setWidget] = useState(0);
  const onCaptcha = useCallback((payload: string | null) => setSolution(payload), []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAttempt((n) => n + 1);
    onSubmit(email, password, captcha ? solution : null);
    if (captcha && solution) {
      setSolution(null);
      setWidget((n) => n + 1);
    }
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
        says so, so nothing from an earlier submit lingers.
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
      {captcha && (
        <LazyCaptcha key={`captcha-${widget}`} onChange={onCaptcha} test={captchaTest} />
      )}
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
