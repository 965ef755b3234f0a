import { useCallback, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useForgotPasswordMutation } from '../../api/recoveryApi';
import { failureOf } from '../../api/errors';
import { AuthLayout } from '../../components/auth/AuthLayout';
import { Form } from '../../components/auth/Form';
import { paths } from '../../shared/paths';
import { recoveryMessages } from '../../shared/recovery';
import { Button } from '../../ui/Button';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Link } from '../../ui/Link';
import { SystemMessage } from '../../ui/SystemMessage';
import { TextField } from '../../ui/TextField';
import { Captcha } from '../../components/auth/Captcha';

const Intro = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Spec 002 §5 Forgot: required and of e-mail type (the browser's own check, with our words). */
function emailError(email: string): string | null {
  const value = email.trim();
  if (!value) return recoveryMessages.emailRequired;
  const input = document.createElement('input');
  input.type = 'email';
  input.value = value;
  return input.checkValidity() ? null : recoveryMessages.emailInvalid;
}

export interface ForgotPasswordPageProps {
  productName: string;
  siteId: string;
  /** Stories: the widget's test mode (solved with a click, nothing computed). */
  captchaTest?: boolean;
}

/** /forgot (spec 002 §2 Forgot page): e-mail, the captcha, submit; nothing is sent before the captcha is solved. */
export function ForgotPasswordPage({ productName, siteId, captchaTest }: ForgotPasswordPageProps) {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  // A captcha is used once: each answered request shows a fresh widget.
  const [widget, setWidget] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [forgot, { isLoading }] = useForgotPasswordMutation();

  const onCaptcha = useCallback((payload: string | null) => {
    setCaptcha(payload);
    if (payload) setCaptchaError(null);
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = emailError(email);
    setFieldError(problem);
    setError(null);
    if (!captcha) setCaptchaError(recoveryMessages.captchaMissing);
    if (problem || !captcha) return;
    const typed = email.trim();
    try {
      await forgot({ email: typed, altcha: captcha }).unwrap();
      setSentTo(typed);
    } catch (err) {
      setError(failureOf(err).message);
      setCaptcha(null);
      setWidget((n) => n + 1);
    }
  };

  return (
    <AuthLayout title="Forgot your password?" productName={productName} siteId={siteId}>
      {sentTo ? (
        <Form as="div">
          <SystemMessage variant="success">{recoveryMessages.forgotSent(sentTo)}</SystemMessage>
          <Link href={paths.root}>Back to sign in</Link>
        </Form>
      ) : (
        <Form onSubmit={submit} noValidate aria-label="Request a password reset">
          <Intro>Enter the e-mail address of your account and we will send you a link to reset your password.</Intro>
          {error && <SystemMessage variant="error">{error}</SystemMessage>}
          <TextField
            label="E-mail"
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={setEmail}
            isRequired
            validationBehavior="aria"
            errorMessage={fieldError ?? undefined}
            isInvalid={Boolean(fieldError)}
          />
          <div>
            <Captcha key={widget} onChange={onCaptcha} test={captchaTest} />
            {captchaError && <ErrorMessage>{captchaError}</ErrorMessage>}
          </div>
          <Button type="submit" isPending={isLoading} fullWidth>
            Send reset link
          </Button>
          <Link href={paths.root}>Back to sign in</Link>
        </Form>
      )}
    </AuthLayout>
  );
}
