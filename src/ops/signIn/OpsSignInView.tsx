import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { AuthLayout } from '../../components/auth/AuthLayout';
import { SITE_ID } from '../../lib/page';
import { Form } from '../../components/auth/Form';
import { Qr, Secret } from '../../components/auth/AuthenticatorKey';
import { Button } from '../../ui/Button';
import { SystemMessage } from '../../ui/SystemMessage';
import { TextField } from '../../ui/TextField';

/** Where the operator's sign-in is: the machine's state (src/ops/machines/opsSignIn.machine.ts). */
export type OpsSignInStep = 'password' | 'checkingPassword' | 'code' | 'checkingCode' | 'setup' | 'checkingSetupCode';

export interface OpsSignInViewProps {
  step: OpsSignInStep;
  productName: string;
  error: string | null;
  /** Set-up only: the authenticator's secret (base32) and its QR code (a data URL, null while it is drawn). */
  secret?: string | null;
  qrImage?: string | null;
  /** A notice above the form, e.g. after an accepted invitation or a sign-out. */
  notice?: string | null;
  onSubmitPassword: (email: string, password: string) => void;
  onSubmitCode: (code: string) => void;
  onCancel: () => void;
}

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]}px;
  flex-wrap: wrap;
`;
const Text = styled.p`
  margin: 0;
`;

const titles: Record<OpsSignInStep, string> = {
  password: 'Back office sign-in',
  checkingPassword: 'Back office sign-in',
  code: 'Authenticator code',
  checkingCode: 'Authenticator code',
  setup: 'Set up your authenticator',
  checkingSetupCode: 'Set up your authenticator',
};

/** The console's sign-in: e-mail and password, then the authenticator's code or, the first time, its set-up. */
export function OpsSignInView({ step, productName, error, secret, qrImage, notice, onSubmitPassword, onSubmitCode, onCancel }: OpsSignInViewProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const busy = step === 'checkingPassword' || step === 'checkingCode' || step === 'checkingSetupCode';
  const secondStep = step !== 'password' && step !== 'checkingPassword';
  const submitPassword = (e: FormEvent) => {
    e.preventDefault();
    setCode('');
    onSubmitPassword(email, password);
  };
  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    onSubmitCode(code);
  };
  return (
    <AuthLayout title={titles[step]} productName={`${productName} back office`} siteId={SITE_ID}>
      {!secondStep ? (
        <Form onSubmit={submitPassword} noValidate aria-label="Sign in">
          {notice && !error && (
            <SystemMessage variant="info" isDismissable={false}>
              {notice}
            </SystemMessage>
          )}
          {error && (
            <SystemMessage variant="error" isDismissable={false}>
              {error}
            </SystemMessage>
          )}
          <TextField label="E-mail address" name="email" type="email" autoComplete="username" value={email} onChange={setEmail} isRequired />
          <TextField label="Password" name="password" type="password" autoComplete="current-password" value={password} onChange={setPassword} isRequired />
          <Row>
            <Button type="submit" isPending={busy}>
              Sign in
            </Button>
          </Row>
        </Form>
      ) : (
        <Form onSubmit={submitCode} noValidate aria-label={step === 'code' || step === 'checkingCode' ? 'Authenticator code' : 'Authenticator set-up'}>
          {(step === 'setup' || step === 'checkingSetupCode') && (
            <>
              <Text>
                Every operator signs in with an authenticator code. Scan this QR code with Google Authenticator (or any TOTP app), or type
                the key in, then enter the 6-digit code it shows.
              </Text>
              {qrImage ? <Qr src={qrImage} alt="QR code of your authenticator key" /> : <Text>Drawing the QR code…</Text>}
              {secret && (
                <Text>
                  Key: <Secret>{secret}</Secret>
                </Text>
              )}
            </>
          )}
          {(step === 'code' || step === 'checkingCode') && <Text>Enter the 6-digit code of your authenticator app.</Text>}
          {error && (
            <SystemMessage variant="error" isDismissable={false}>
              {error}
            </SystemMessage>
          )}
          <TextField
            label="Authentication code"
            name="otp"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            value={code}
            onChange={setCode}
            isRequired
          />
          <Row>
            <Button type="submit" isPending={busy}>
              {step === 'setup' || step === 'checkingSetupCode' ? 'Turn on and sign in' : 'Sign in'}
            </Button>
            <Button variant="secondary" onPress={onCancel} isDisabled={busy}>
              Cancel
            </Button>
          </Row>
        </Form>
      )}
    </AuthLayout>
  );
}
