import styled from 'styled-components';
import { formatMoney, formatPoints } from '../../shared/format';
import { maxmoneyProgram as program } from '../../shared/programTerms';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';

export type ProgramModal = 'faq' | 'terms';

export const FAQ_TITLE = 'MaxMoney FAQ';
export const TERMS_TITLE = 'MaxMoney Terms';

const cap = formatPoints(program.pointCap).replace(/\.00$/, '');
const onePoint = `1 point = ${formatMoney(program.dollarsPerPoint).replace(/\.00$/, '')}`;

/**
 * The FAQ and the terms of the points program (spec 001 §5 Rewards, §9): every fact comes from
 * src/shared/programTerms.ts (`maxmoneyProgram`), the weekly limit from the server's answer.
 */
export function faqEntries(redeemLimit: number): { q: string; a: string }[] {
  return [
    {
      q: 'What is MaxMoney?',
      a: `MaxMoney is our points program: you earn points from your tracked earnings in our promos. ${onePoint} (one point is worth one US dollar).`,
    },
    {
      q: 'How do I earn points?',
      a: `Register for a promo, then earn on its campaigns while it runs. Promos run ${program.promoRhythm}. Points are credited when a promo ends.`,
    },
    {
      q: 'How do I redeem my points for cash?',
      a: `Press 'Redeem for cash' and enter the number of points. You can redeem up to ${formatPoints(redeemLimit)} points a week.`,
    },
    {
      q: 'When am I paid?',
      a: `Points redeemed before ${program.redeemCutoff} are added to your account balance and paid ${program.paidOn}.`,
    },
    {
      q: 'Who can redeem?',
      a: 'Any affiliate whose account is in good standing. If yours is not, the page says why beside the Redeem for cash button.',
    },
    {
      q: 'Can I cancel a redemption?',
      a: 'Yes, while it is pending: press the cancel icon beside it in your transaction history, then confirm. The points return to your balance.',
    },
    {
      q: 'Is there a limit to how many points I can hold?',
      a: `Yes: at most ${cap} points. Above that, you must redeem before you can register for further promos.`,
    },
  ];
}

export function termsEntries(redeemLimit: number): string[] {
  return [
    `One point equals one US dollar (${onePoint}).`,
    `The maximum accumulation is ${cap} points. Beyond that, redemption is required before registering for further promos.`,
    `You can redeem up to ${formatPoints(redeemLimit)} points a week.`,
    `Points redeemed before ${program.redeemCutoff} qualify for payment ${program.paidOn}: they are added to your account balance and paid with it.`,
    'Your account must be in good standing to redeem points.',
    `Promos run ${program.promoRhythm}. Points are earned only in promos you registered for, and are credited when the promo ends. For ${program.revisionDays} days after that, conversions reversed later are taken back and conversions approved later are added.`,
  ];
}

export function ProgramModals({ open, onClose, redeemLimit }: { open: ProgramModal | null; onClose: () => void; redeemLimit: number }) {
  const footer = (close: () => void) => <Button onPress={close}>Close</Button>;
  const change = (isOpen: boolean) => {
    if (!isOpen) onClose();
  };
  return (
    <>
      <Modal title={FAQ_TITLE} isOpen={open === 'faq'} onOpenChange={change} footer={footer}>
        <Faq>
          {faqEntries(redeemLimit).map(({ q, a }) => (
            <div key={q}>
              <dt>{q}</dt>
              <dd>{a}</dd>
            </div>
          ))}
        </Faq>
      </Modal>
      <Modal title={TERMS_TITLE} isOpen={open === 'terms'} onOpenChange={change} footer={footer}>
        <Terms>
          {termsEntries(redeemLimit).map((t) => (
            <li key={t}>{t}</li>
          ))}
        </Terms>
      </Modal>
    </>
  );
}

const Faq = styled.dl`
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]}px;
  dt {
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }
  dd {
    margin: ${({ theme }) => theme.space[1]}px 0 0;
  }
`;

const Terms = styled.ol`
  margin: 0;
  padding-left: ${({ theme }) => theme.space[5]}px;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]}px;
`;
