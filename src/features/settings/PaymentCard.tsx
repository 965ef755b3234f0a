import { lazy, Suspense, useState } from 'react';
import { Button } from '../../ui/Button';
import { Card, CardBody, CardHeader } from '../../ui/Card';
import type { CardProps } from './cards';
import { NOT_SET } from './cards/cardKit';
import { paymentPlatformText } from './payment/paymentLabels';

// The modal, its machine and the provider calls load when it is first opened (docs/web-performance.md).
const PaymentSettingsModal = lazy(() => import('./payment/PaymentSettingsModal').then((m) => ({ default: m.PaymentSettingsModal })));
import { ReadOnly } from './SettingsCard';

/**
 * The Payment Information card (spec 001 §2.5, §4 Payment modal): the platform ('Payoneer
 * (Pending)' while a Payoneer change waits and no platform is set), the method, and once the page is
 * verified the Payment Settings modal.
 */
export function PaymentCard({ affiliate, editable }: CardProps) {
  const [open, setOpen] = useState(false);
  const payment = affiliate.payment_information;
  return (
    <Card aria-label="Payment Information" data-testid="payment-card">
      <CardHeader
        title="Payment Information"
        actions={
          editable ? (
            <Button variant="secondary" size="sm" onPress={() => setOpen(true)}>
              Payment Settings
            </Button>
          ) : undefined
        }
      />
      <CardBody>
        <ReadOnly>
          <dt>Platform</dt>
          <dd>{paymentPlatformText(payment)}</dd>
          <dt>Method</dt>
          <dd>{payment.method || NOT_SET}</dd>
        </ReadOnly>
        {open && (
          <Suspense fallback={null}>
            <PaymentSettingsModal paymentInformation={payment} isOpen onClose={() => setOpen(false)} />
          </Suspense>
        )}
      </CardBody>
    </Card>
  );
}
