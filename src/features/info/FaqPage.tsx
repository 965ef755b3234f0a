import { formatWholeDollars } from '../../shared/format';
import { paths } from '../../shared/paths';
import { PAY_BLACKOUT_MESSAGE } from '../../shared/payBlackout';
import { managerHours, networkFacts, referralProgram, referralTermsSentence } from '../../shared/programTerms';
import { Link } from '../../ui/Link';
import { InfoFrame, Prose, type InfoFrameVariant } from './InfoFrame';

export const FAQ_TITLE = 'Frequently Asked Questions';

/** The FAQ's questions, each a heading (a screen reader lists them), with the facts of spec 002 §1. */
export function FaqPage(frame: InfoFrameVariant) {
  const f = networkFacts;
  return (
    <InfoFrame {...frame} title={FAQ_TITLE}>
      <Prose>
        <h2>How and when am I paid?</h2>
        <p>
          Your first payment is {f.firstPayment}. After your first electronic payment, you are paid weekly. The minimum balance for a payment is{' '}
          {formatWholeDollars(f.minimumPayout)}: smaller earnings roll over to the next payment.
        </p>
        <h2>Which payment platforms can I use?</h2>
        <p>
          Two: {f.paymentPlatforms.join(' and ')}. Choose one under Payment Information in your settings. {PAY_BLACKOUT_MESSAGE}
        </p>
        <h2>How up to date are my statistics?</h2>
        <p>Statistics may be delayed by up to {f.statisticsDelayMinutes} minutes.</p>
        <h2>How does the referral program work?</h2>
        <p>
          {referralTermsSentence()} Your referrals get a {referralProgram.firstPaymentBonusPercent}% bonus on their first payment, and you earn{' '}
          {formatWholeDollars(referralProgram.bonusDollars)} more once {referralProgram.bonusReferrals} of them are approved.
        </p>
        <h2>When does an account become inactive?</h2>
        <p>
          After {f.inactiveAfterMonths} months without a sign-in. An inactive account may be terminated after {f.terminableAfterMonths} months.
        </p>
        <h2>When can I reach my affiliate manager?</h2>
        <p>{managerHours.text}.</p>
        <h2>How big is the network?</h2>
        <p>Over {f.affiliateCount} affiliates promote our advertisers&apos; campaigns.</p>
        <p>
          The full rules are in the <Link href={paths.terms}>terms and conditions</Link>.
        </p>
      </Prose>
    </InfoFrame>
  );
}
