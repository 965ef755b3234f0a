import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { useApiDispatch } from '../../../api/baseApi';
import { PAY_METHODS, type PayPlatform } from '../../../api/contract/paychange';
import { refreshAffiliate } from '../../../api/paychangeApi';
import { useFlowActor } from '../../../lib/flowActor';
import { blackoutClock, paymentModalMachine, paymentModalMessages } from '../../../machines/paymentModal.machine';
import { isPayBlackout, PAY_BLACKOUT_MESSAGE } from '../../../shared/payBlackout';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import { spreadRow } from '../../../ui/Stack';
import { ErrorBanner, SystemMessage } from '../../../ui/SystemMessage';
import { media } from '../../../ui/theme';
import { paymentActors } from './paymentActors';
import { payoneerLabel, payoneerPending, tipaltiLabel, type PaymentInformation } from './paymentLabels';
import { ProviderCard } from './ProviderCard';

export { type PaymentInformation } from './paymentLabels';

/** Height of the provider's page (spec 001 sections 2.5, 9). */
export const PROVIDER_FRAME_HEIGHT = 700;

const Intro = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[4]}px;
`;

const Cards = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space[4]}px;
  ${media.below('tablet')} {
    grid-template-columns: 1fr;
  }
`;

const Below = styled.div`
  margin-top: ${({ theme }) => theme.space[4]}px;
`;

const Frame = styled.iframe`
  display: block;
  width: 100%;
  height: ${PROVIDER_FRAME_HEIGHT}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: #fff;
`;

const FrameIntro = styled.div`
  ${spreadRow(2)}
  margin-bottom: ${({ theme }) => theme.space[3]}px;
`;

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]}px;
  margin-top: ${({ theme }) => theme.space[4]}px;
`;

export interface PaymentSettingsModalProps {
  paymentInformation: PaymentInformation;
  isOpen: boolean;
  onClose: () => void;
  /** The clock the blackout is judged by (stories set a Tuesday morning); default the real one. */
  now?: () => Date;
}

/**
 * The Payment Settings modal (spec 001 sections 2.5, 4 "Payment modal", 6), driven by
 * `paymentModalMachine`: two provider cards, then the provider's page in an iframe. Mounted while
 * open, so each opening starts fresh.
 */
export function PaymentSettingsModal({ isOpen, ...props }: PaymentSettingsModalProps) {
  return isOpen ? <PaymentSettingsDialog {...props} /> : null;
}

const realNow = () => new Date();

function PaymentSettingsDialog({ paymentInformation: info, onClose, now = realNow }: Omit<PaymentSettingsModalProps, 'isOpen'>) {
  const dispatch = useApiDispatch();
  const machine = useMemo(() => paymentModalMachine.provide({ actors: { ...paymentActors(dispatch), clock: blackoutClock(now) } }), [dispatch, now]);
  const actor = useFlowActor(machine, { input: { blackout: isPayBlackout(now()) } });
  const state = useSelector(actor, (s) => s.value as string);
  const context = useSelector(actor, (s) => s.context);
  const { blackout } = context;
  const requesting = state === 'requesting';

  const close = () => {
    // A real provider's page may have saved something without telling us: read the record again.
    if (state === 'provider' || state === 'done') dispatch(refreshAffiliate());
    actor.send({ type: 'CLOSE' });
    onClose();
  };
  const choose = (provider: PayPlatform) => actor.send({ type: 'CHOOSE', provider });

  return (
    <Modal
      title="Payment Settings"
      isOpen
      onOpenChange={(open) => !open && close()}
      size="lg"
      footer={
        <Button variant="secondary" onPress={close}>
          Close
        </Button>
      }
    >
      {/* Step 1 stays mounted (hidden) in the other steps: react-aria's announcement of a pending
          button keeps pointing at it for a few seconds after the call answers. */}
      <div hidden={!(state === 'choosing' || requesting)}>
          <Intro>Choose how you would like to be paid. Your details are entered on the provider&apos;s secure page.</Intro>
          <Cards>
            <ProviderCard
              name="Payoneer"
              methods={PAY_METHODS.Payoneer}
              current={info.platform === 'Payoneer'}
              pending={payoneerPending(info) && info.platform !== 'Payoneer'}
              label={payoneerLabel(info, blackout)}
              busy={requesting && context.provider === 'Payoneer'}
              disabled={blackout || (requesting && context.provider !== 'Payoneer')}
              onPress={() => choose('Payoneer')}
            />
            <ProviderCard
              name="Tipalti"
              methods={PAY_METHODS.Tipalti}
              current={info.platform === 'Tipalti'}
              label={tipaltiLabel(info, blackout)}
              busy={requesting && context.provider === 'Tipalti'}
              disabled={blackout || (requesting && context.provider !== 'Tipalti')}
              onPress={() => choose('Tipalti')}
            />
          </Cards>
          {blackout && (
            <Below>
              <SystemMessage variant="warning" isDismissable={false}>
                {PAY_BLACKOUT_MESSAGE}
              </SystemMessage>
            </Below>
          )}
      </div>
      {state === 'provider' && context.iframe && (
        <>
          <FrameIntro>
            <span>Enter your payment details on {context.provider}&apos;s page below.</span>
            <Button variant="quiet" size="sm" onPress={() => actor.send({ type: 'BACK' })}>
              Back to providers
            </Button>
          </FrameIntro>
          <Frame src={context.iframe} title={`${context.provider ?? 'Payment provider'} payment details`} referrerPolicy="no-referrer" />
        </>
      )}
      {state === 'error' && (
        <>
          <ErrorBanner>{context.error}</ErrorBanner>
          <Row>
            <Button onPress={() => actor.send({ type: 'BACK' })}>Back to providers</Button>
          </Row>
        </>
      )}
      {state === 'done' && (
        <SystemMessage variant="success" isDismissable={false}>
          {paymentModalMessages.done}
        </SystemMessage>
      )}
    </Modal>
  );
}
