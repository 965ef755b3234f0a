import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { errorText } from '../../api/errors';
import { rewardMessages } from '../../api/contract/rewards';
import { useRedeemMutation } from '../../api/rewardsApi';
import { formatPoints } from '../../shared/format';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { ErrorBanner } from '../../ui/SystemMessage';
import { TextField } from '../../ui/TextField';
import { leftThisWeek, REDEEM_FOR_CASH, redeemAmountOf } from './maxmoneyView';

/** The modal's title is its button's label. */
export const REDEEM_TITLE = REDEEM_FOR_CASH;
export const AMOUNT_LABEL = 'Points to redeem';

/** What a successful redeem hands back to the page: the server's words, the new entry and balance. */
export interface Redeemed {
  message: string;
  entryId: number;
  amount: number;
  balance: number;
}

export interface RedeemModalProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** The weekly limit and what was redeemed this week (the rewards answer's redeem_limit, redeemed_this_week). */
  redeemLimit: number;
  redeemedThisWeek: number;
  onRedeemed: (done: Redeemed) => void;
}

/**
 * The redeem modal (spec 001 §2.2, §5): one amount field, free text converted to a number. No bound
 * is checked here (the weekly limit and the balance are the server's to enforce); the limit and what
 * is left of it this week are shown as help. A refusal shows the server's errors.message, a call
 * that got no answer 'Connection error.' (§8); the typed amount stays for another try.
 */
export function RedeemModal({ isOpen, onOpenChange, redeemLimit, redeemedThisWeek, onRedeemed }: RedeemModalProps) {
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [redeem, { isLoading }] = useRedeemMutation();

  const reset = () => {
    setText('');
    setFieldError(null);
    setFailure(null);
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (isLoading) return;
    setFailure(null);
    const amount = redeemAmountOf(text);
    // Not a number at all: nothing to convert, so nothing to send (any number goes to the server).
    if (amount === null) {
      setFieldError(rewardMessages.amount);
      return;
    }
    setFieldError(null);
    const result = await redeem({ amount });
    if ('error' in result) {
      setFailure(errorText(result.error));
      return;
    }
    onRedeemed({ message: result.data.message, entryId: result.data.entry_id, amount, balance: result.data.balance });
    reset();
    onOpenChange(false);
  };

  const left = leftThisWeek(redeemLimit, redeemedThisWeek);
  return (
    <Modal
      title={REDEEM_TITLE}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) reset();
        onOpenChange(open);
      }}
      size="sm"
      footer={(close) => (
        <>
          <Button variant="secondary" onPress={close} isDisabled={isLoading}>
            Cancel
          </Button>
          <Button onPress={() => void submit()} isPending={isLoading}>
            Redeem
          </Button>
        </>
      )}
    >
      <Form onSubmit={(e) => void submit(e)} noValidate>
        {failure && (
          <ErrorBanner>{failure}</ErrorBanner>
        )}
        <TextField
          label={AMOUNT_LABEL}
          value={text}
          onChange={(v) => {
            setText(v);
            setFieldError(null);
          }}
          inputMode="decimal"
          autoFocus
          autoComplete="off"
          errorMessage={fieldError ?? undefined}
          description={`Weekly limit: ${formatPoints(redeemLimit)} points. Left this week: ${formatPoints(left)} points.`}
        />
      </Form>
    </Modal>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]}px;
`;
