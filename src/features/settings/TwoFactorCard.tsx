import { lazy, Suspense, useCallback, useState } from 'react';
import { failureOf } from '../../api/errors';
import { settingsApi } from '../../api/settingsApi';
import { useApiDispatch } from '../../api/baseApi';
import { Button } from '../../ui/Button';
import { Card, CardBody, CardHeader } from '../../ui/Card';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import { SystemMessage } from '../../ui/SystemMessage';
import type { CardProps } from './cards';

export const twoFactorCardText = {
  off: 'Two-factor authentication is off. Set up Google Authenticator to protect your account with a code from your phone at every sign-in.',
  on: 'Two-factor authentication is on: every sign-in asks for a code from Google Authenticator.',
  lostDevice: 'Lost the device with your authenticator app? Contact your affiliate manager to reset it.',
} as const;

// The set-up flow (its machine and views) loads when Set up is pressed.
const SetupFlow = lazy(() => import('./TwoFactorSetupFlow').then((m) => ({ default: m.SetupFlow })));

/**
 * The 2-Factor Authentication card (spec 001 §2.5, §4 Two-factor): Set up opens '2-step
 * Verification Setup'; once active, 'Google 2-fa Settings' turns into the red 'Deactivate Google
 * Authenticator', which clears the key on the server.
 */
export function TwoFactorCard({ affiliate, editable, onLocked }: CardProps) {
  const dispatch = useApiDispatch();
  const active = Boolean(affiliate.otp_details.otp_key);
  const [setupOpen, setSetupOpen] = useState(false);
  const closeSetup = useCallback(() => setSetupOpen(false), []);
  const [armed, setArmed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const deactivate = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const r = await dispatch(settingsApi.endpoints.otpCancel.initiate()).unwrap();
      setArmed(false);
      setMessage({ kind: 'success', text: r.message });
    } catch (e) {
      const { message: text, code } = failureOf(e);
      if (code === 403) onLocked(text);
      else setMessage({ kind: 'error', text });
    } finally {
      setBusy(false);
    }
  };

  let action = null;
  if (editable && !active) action = <Button onPress={() => setSetupOpen(true)}>Set up</Button>;
  else if (editable && active && !armed) action = <Button variant="secondary" onPress={() => setArmed(true)}>Google 2-fa Settings</Button>;
  else if (editable && active && armed) {
    action = (
      <Button variant="danger" isPending={busy} onPress={() => void deactivate()}>
        Deactivate Google Authenticator
      </Button>
    );
  }

  return (
    <Card aria-label="2-Factor Authentication" data-testid="two-factor-card">
      <CardHeader title="2-Factor Authentication" />
      <CardBody>
        {message && (
          <SystemMessage variant={message.kind} isDismissable onDismiss={() => setMessage(null)}>
            {message.text}
          </SystemMessage>
        )}
        <p>{active ? twoFactorCardText.on : twoFactorCardText.off}</p>
        {active && <p>{twoFactorCardText.lostDevice}</p>}
        {action}
        {/* Set-up can be left at any step (×, Escape, a click outside, its Cancel): nothing is on until Activate. */}
        <Modal title="2-step Verification Setup" isOpen={setupOpen} onOpenChange={setSetupOpen} size="md" fullscreenOnMobile>
          {setupOpen && (
            <Suspense fallback={<Spinner label="Loading the set-up" />}>
              <SetupFlow onClosed={closeSetup} />
            </Suspense>
          )}
        </Modal>
      </CardBody>
    </Card>
  );
}
