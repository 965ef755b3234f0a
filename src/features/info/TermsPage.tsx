import { formatWholeDollars } from '../../shared/format';
import { paths } from '../../shared/paths';
import { PAY_BLACKOUT_MESSAGE } from '../../shared/payBlackout';
import { managerHours, networkFacts, referralProgram, referralTermsSentence } from '../../shared/programTerms';
import { Link } from '../../ui/Link';
import { InfoFrame, Prose, type InfoFrameVariant } from './InfoFrame';

export const TERMS_TITLE = 'Affiliate Terms and Conditions';

/**
 * The affiliate terms (spec 002 §1: effective 5/23/18, Ontario law, the payment, inactivity and
 * referral facts; the registration wizard's terms step links here). Open signed in and signed out.
 */
export function TermsPage(frame: InfoFrameVariant) {
  const f = networkFacts;
  return (
    <InfoFrame {...frame} title={TERMS_TITLE}>
      <Prose>
        <p>Effective date: {f.termsEffective}. By applying to and taking part in the network you agree to these terms.</p>
        <h2>1. Your account</h2>
        <ul>
          <li>Your account is yours alone: you may not share, trade, sell or transfer it.</li>
          <li>You keep your profile, contact and payment details true and up to date.</li>
          <li>
            An account becomes inactive after {f.inactiveAfterMonths} months without a sign-in and may be terminated after {f.terminableAfterMonths} months.
          </li>
        </ul>
        <h2>2. Traffic</h2>
        <ul>
          <li>You may not use freelancers, microjob sites or guaranteed lead services to send traffic.</li>
          <li>You promote each campaign only with the traffic types and in the countries it allows, and follow its restrictions.</li>
          <li>Leads found to be fraudulent, duplicated or against a campaign&apos;s terms may be reversed.</li>
        </ul>
        <h2>3. Payments</h2>
        <ul>
          <li>
            Your first payment is made {f.firstPayment}; payments are {f.laterPayments}.
          </li>
          <li>The minimum balance for a payment is {formatWholeDollars(f.minimumPayout)}; smaller balances roll over to the next payment.</li>
          <li>Payments are made through our two payment platforms, {f.paymentPlatforms.join(' and ')}, chosen in your settings. {PAY_BLACKOUT_MESSAGE}</li>
        </ul>
        <h2>4. Referrals</h2>
        <p>
          {referralTermsSentence()} The affiliates you refer get a {referralProgram.firstPaymentBonusPercent}% bonus on their first payment, and you earn an extra{' '}
          {formatWholeDollars(referralProgram.bonusDollars)} once {referralProgram.bonusReferrals} of them are approved.
        </p>
        <h2>5. Statistics</h2>
        <p>Statistics may be delayed by up to {f.statisticsDelayMinutes} minutes. The network&apos;s tracked numbers are the ones paid.</p>
        <h2>6. Support</h2>
        <p>Your affiliate manager is available {managerHours.text}.</p>
        <h2>7. Governing law</h2>
        <p>These terms are governed by the laws of {f.governingLaw}.</p>
        <p>
          Questions? Read the <Link href={paths.faq}>FAQ</Link>.
        </p>
      </Prose>
    </InfoFrame>
  );
}
