import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../ui/Button';
import { Link } from '../../ui/Link';
import { Spinner } from '../../ui/Spinner';
import { Stepper } from '../../ui/Stepper';
import { ErrorBanner, SystemMessage } from '../../ui/SystemMessage';
import { TextField } from '../../ui/TextField';
import { twoFactorMessages } from '../../machines/twoFactorSetup.machine';
import { Form } from './Form';
import { Qr, Secret } from './AuthenticatorKey';

export type SetupStep = 'downloadApp' | 'loadingQrCode' | 'qrCodeFailed' | 'scanQrCode' | 'refreshingQrCode' | 'enterCode' | 'activating' | 'activated';

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]}px;
  flex-wrap: wrap;
`;

export interface TwoFactorSetupViewProps {
  step: SetupStep;
  qrImage: string | null;
  secret: string | null;
  /** A fresh QR code replaced one the affiliate may have scanned: say the old entry must go. */
  replaced?: boolean;
  error: string | null;
  onNext: () => void;
  onBack: () => void;
  onActivate: (code: string) => void;
  onRetry: () => void;
  onFinish: () => void;
  /** Leaves the set-up without turning two-factor on (a Cancel button on every step). */
  onCancel: () => void;
}

const stepNumber: Record<SetupStep, number> = {
  downloadApp: 1,
  loadingQrCode: 2,
  qrCodeFailed: 2,
  scanQrCode: 2,
  refreshingQrCode: 2,
  enterCode: 3,
  activating: 3,
  activated: 3,
};

/** Spec 001 §2.5 '2-step Verification Setup': download the app, scan the QR code, enter the code. */
export function TwoFactorSetupView({ step, qrImage, secret, replaced = false, error, onNext, onBack, onActivate, onRetry, onFinish, onCancel }: TwoFactorSetupViewProps) {
  const [code, setCode] = useState('');
  // A code belongs to one secret: when a wrong code brings a fresh QR code, the old entry is cleared.
  const [codeSecret, setCodeSecret] = useState(secret);
  if (codeSecret !== secret) {
    setCodeSecret(secret);
    setCode('');
  }
  const activate = (e: FormEvent) => {
    e.preventDefault();
    onActivate(code);
  };
  if (step === 'activated') {
    return (
      <div style={{ display: 'grid', gap: 16 }}>
        <SystemMessage variant="success" isDismissable={false}>
          Google Authenticator is now active on your account.
        </SystemMessage>
        <Button onPress={onFinish}>Take me to my dashboard</Button>
      </div>
    );
  }
  return (
    <div style={{ display: 'grid', gap: 16 }}>
      <Stepper
        steps={['Download the app', 'Scan the QR code', 'Enter the code']}
        currentStep={stepNumber[step]}
        aria-label="Set-up progress"
      />
      {error && (
        <ErrorBanner>{error}</ErrorBanner>
      )}
      {step === 'downloadApp' && (
        <>
          <p style={{ margin: 0 }}>Install Google Authenticator (or any TOTP authenticator app) on your phone.</p>
          <Row>
            <Link href="https://apps.apple.com/app/google-authenticator/id388497605" external>
              App Store
            </Link>
            <Link href="https://play.google.com/store/apps/details?id=com.google.android.apps.authenticator2" external>
              Google Play
            </Link>
          </Row>
          <Row>
            <Button onPress={onNext}>Next</Button>
            <Button variant="quiet" onPress={onCancel}>Cancel</Button>
          </Row>
        </>
      )}
      {(step === 'loadingQrCode' || step === 'refreshingQrCode') && <Spinner label="Loading the QR code" />}
      {step === 'qrCodeFailed' && (
        <Row>
          <Button onPress={onRetry}>Try again</Button>
          <Button variant="quiet" onPress={onCancel}>Cancel</Button>
        </Row>
      )}
      {step === 'scanQrCode' && (
        <>
          {replaced && (
            <SystemMessage variant="warning" isDismissable={false}>
              {twoFactorMessages.removeOldEntry}
            </SystemMessage>
          )}
          <p style={{ margin: 0 }}>Scan this QR code with the app.</p>
          {qrImage && <Qr src={qrImage} alt="QR code for your authenticator app" />}
          {secret && (
            <p style={{ margin: 0 }}>
              Can&apos;t scan it? Enter this key: <Secret>{secret}</Secret>
            </p>
          )}
          <Row>
            <Button variant="secondary" onPress={onBack}>
              Back
            </Button>
            <Button onPress={onNext}>Next</Button>
            <Button variant="quiet" onPress={onCancel}>Cancel</Button>
          </Row>
        </>
      )}
      {(step === 'enterCode' || step === 'activating') && (
        <Form onSubmit={activate} noValidate aria-label="Activate two-factor authentication">
          <TextField label="6-digit code" name="otp" autoComplete="one-time-code" inputMode="numeric" maxLength={6} value={code} onChange={setCode} isRequired />
          <Row>
            <Button variant="secondary" onPress={onBack} isDisabled={step === 'activating'}>
              Back
            </Button>
            <Button type="submit" isPending={step === 'activating'}>
              Activate
            </Button>
            <Button variant="quiet" onPress={onCancel} isDisabled={step === 'activating'}>Cancel</Button>
          </Row>
        </Form>
      )}
    </div>
  );
}
