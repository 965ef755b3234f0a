import { forwardRef, useMemo, useState } from 'react';
import styled from 'styled-components';
import type { Transaction } from '../../api/contract/rewards';
import { errorText } from '../../api/errors';
import { useCancelRedeemMutation } from '../../api/rewardsApi';
import { easternDay, formatStatementDate } from '../../shared/dates';
import { formatPoints } from '../../shared/format';
import { Button } from '../../ui/Button';
import { Card, CardBody } from '../../ui/Card';
import { Icon } from '../../ui/Icon';
import { Table, type TableColumn } from '../../ui/Table';
import { VisuallyHidden } from '../../ui/VisuallyHidden';

const HISTORY_TITLE = 'Transaction history';
export const NO_TRANSACTIONS = 'You have no transactions.';
const ARE_YOU_SURE = 'Are you sure?';

/** The cancel button's accessible name: 'Cancel redemption of 40.00 points'. */
const cancelLabel = (t: Transaction) => `Cancel redemption of ${formatPoints(Math.abs(t.amount))} points`;

/** The day of an entry in the network's time zone, 'D MMM YYYY' like the account balances. */
const entryDay = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : formatStatementDate(easternDay(d));
};

export interface Cancelled {
  message: string;
  balance: number;
  entryId: number;
}

/**
 * A pending Redeem entry's cancel (spec 001 §4 Rewards): the icon's first press turns it into
 * 'Are you sure?', the second cancels. It stays the same button, so focus stays on it; Escape takes
 * the question back. A refusal shows the server's message and the icon again.
 */
function CancelRedeem({ entry, onCancelled, onFailed }: { entry: Transaction; onCancelled: (c: Cancelled) => void; onFailed: (message: string) => void }) {
  const [confirming, setConfirming] = useState(false);
  const [cancel, { isLoading }] = useCancelRedeemMutation();
  const label = cancelLabel(entry);
  const press = async () => {
    if (!confirming) {
      setConfirming(true);
      return;
    }
    const result = await cancel({ entry_id: entry.entry_id });
    setConfirming(false);
    if ('error' in result) onFailed(errorText(result.error) ?? '');
    else onCancelled({ message: result.data.message, balance: result.data.balance, entryId: entry.entry_id });
  };
  return (
    <CancelButton
      variant={confirming ? 'danger' : 'quiet'}
      size="sm"
      aria-label={confirming ? `${ARE_YOU_SURE} ${label}` : label}
      data-confirming={confirming || undefined}
      isPending={isLoading}
      onPress={() => void press()}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && confirming && !isLoading) setConfirming(false);
        else e.continuePropagation();
      }}
    >
      {confirming ? ARE_YOU_SURE : <Icon name="close" size={16} />}
    </CancelButton>
  );
}

export interface TransactionHistoryProps {
  transactions: Transaction[];
  onCancelled: (c: Cancelled) => void;
  onCancelFailed: (message: string) => void;
}

/**
 * The points history (spec 001 §2.2, §3): date, type, amount and notes, newest first as the server
 * sends them; a pending Redeem entry carries its cancel button.
 */
export const TransactionHistory = forwardRef<HTMLHeadingElement, TransactionHistoryProps>(function TransactionHistory(
  { transactions, onCancelled, onCancelFailed },
  headingRef,
) {
  const columns = useMemo<TableColumn<Transaction>[]>(
    () => [
      { key: 'date', header: 'Date', isRowHeader: true, render: (t) => entryDay(t.entry_date) },
      { key: 'type', header: 'Type', render: (t) => t.entry_type },
      { key: 'amount', header: 'Amount', numeric: true, render: (t) => <Amount data-negative={t.amount < 0 || undefined}>{formatPoints(t.amount)}</Amount> },
      { key: 'notes', header: 'Notes', render: (t) => t.notes },
      {
        key: 'actions',
        // No phone label (no textValue): on a phone the card shows the cancel button alone, and rows
        // without one no dangling 'Actions'. The button names itself.
        header: <VisuallyHidden>Actions</VisuallyHidden>,
        align: 'end',
        render: (t) => (t.entry_type === 'Redeem' ? <CancelRedeem entry={t} onCancelled={onCancelled} onFailed={onCancelFailed} /> : null),
      },
    ],
    [onCancelled, onCancelFailed],
  );
  return (
    <Card aria-labelledby="maxmoney-history">
      <Header>
        <h2 id="maxmoney-history" ref={headingRef} tabIndex={-1}>
          {HISTORY_TITLE}
        </h2>
      </Header>
      <CardBody>
        <Table
          aria-label={HISTORY_TITLE}
          columns={columns}
          rows={transactions}
          getRowKey={(t) => t.entry_id}
          emptyText={NO_TRANSACTIONS}
          cardsBelow="tablet"
        />
      </CardBody>
    </Card>
  );
});

const Header = styled.header`
  padding: ${({ theme }) => `${theme.space[4]}px ${theme.space[5]}px`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
    outline: none;
  }
`;

const Amount = styled.span`
  white-space: nowrap;
  &[data-negative] {
    color: ${({ theme }) => theme.colors.danger};
  }
`;

const CancelButton = styled(Button)`
  white-space: nowrap;
`;
