import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import styled from 'styled-components';
import type { RewardsResponse } from '../../api/contract/rewards';
import { errorText } from '../../api/errors';
import { PageState } from '../../components/PageState';
import { rewardsApi, useMaxmoneyQuery } from '../../api/rewardsApi';
import { usePageTitle } from '../../lib/page';
import { formatMoney, formatPoints } from '../../shared/format';
import { maxmoneyProgram } from '../../shared/programTerms';
import { Button } from '../../ui/Button';
import { Card, CardBody, CardHeader } from '../../ui/Card';
import { PageLoading, PageStack } from '../../ui/PageStack';
import { Spinner } from '../../ui/Spinner';
import { spreadRow } from '../../ui/Stack';
import { SystemMessage } from '../../ui/SystemMessage';
import { REDEEM_FOR_CASH, withNewRedeem } from './maxmoneyView';
import type { ProgramModal } from './ProgramModals';
import type { Redeemed } from './RedeemModal';
import { TransactionHistory, type Cancelled } from './TransactionHistory';

const PAGE_TITLE = 'MaxMoney';

// The modals (react-aria's modal, the text field, the FAQ's text) load when first wanted, not with the
// route: the route's budget is 250 KiB and the shell alone is about 240 (docs/maxmoney-portal.md).
// A pointer over or focus on a button that opens one fetches its code ahead of the press.
const loadRedeemModal = () => import('./RedeemModal');
const loadProgramModals = () => import('./ProgramModals');
const prefetchRedeem = () => void loadRedeemModal().catch(() => undefined);
const prefetchProgram = () => void loadProgramModals().catch(() => undefined);
// The promo lists sit under the balance and the history: their code is a chunk of its own, asked for
// as soon as this module runs, so it comes in alongside the rewards call instead of before it.
const promoListsChunk = () => import('./PromoLists');
const PromoLists = lazy(() => promoListsChunk().then((m) => ({ default: m.PromoLists })));
if (typeof window !== 'undefined') void promoListsChunk().catch(() => undefined);
const RedeemModal = lazy(() => loadRedeemModal().then((m) => ({ default: m.RedeemModal })));
const ProgramModals = lazy(() => loadProgramModals().then((m) => ({ default: m.ProgramModals })));
const BALANCE_TITLE = 'Your balance';

type Notice = { variant: 'success' | 'error'; text: string; key: number };

/**
 * The MaxMoney page, /maxmoney (spec 001 §2.2, §3, §4, §5, §8, §9): the balance and its
 * redeem modal, the history with the cancel of a pending redemption, the FAQ and the terms, and the
 * promo lists. Every step is one press and a second one, kept in component state (no machine).
 */
export function MaxMoneyPage() {
  usePageTitle(PAGE_TITLE);
  const query = useMaxmoneyQuery();
  const dispatch = useDispatch<ThunkDispatch<never, unknown, UnknownAction>>();
  const [redeemOpen, setRedeemOpen] = useState(false);
  const [programModal, setProgramModal] = useState<ProgramModal | null>(null);
  // A modal is mounted from its first opening on (so it can animate out and give focus back).
  const [mounted, setMounted] = useState({ redeem: false, program: false });
  const [balanceNotice, setBalanceNotice] = useState<Notice | null>(null);
  const [historyNotice, setHistoryNotice] = useState<Notice | null>(null);
  const historyHeading = useRef<HTMLHeadingElement>(null);

  // A redeem or a cancel shows at once (spec 001 §4): the cached answer takes the new balance and
  // entry until the fresh answer the call asked for replaces it.
  const patch = useCallback(
    (change: (draft: RewardsResponse) => void) => dispatch(rewardsApi.util.updateQueryData('maxmoney', undefined, change)),
    [dispatch],
  );

  const onRedeemed = useCallback(
    ({ message, entryId, amount, balance }: Redeemed) => {
      patch((draft) => {
        draft.balance = balance;
        draft.redeemed_this_week += amount;
        draft.transactions = withNewRedeem(draft.transactions, {
          entry_id: entryId,
          entry_date: new Date().toISOString(),
          entry_type: 'Redeem',
          amount: -amount,
          notes: '',
        });
      });
      setHistoryNotice(null);
      setBalanceNotice({ variant: 'success', text: message, key: Date.now() });
    },
    [patch],
  );

  const onCancelled = useCallback(
    ({ message, balance, entryId }: Cancelled) => {
      patch((draft) => {
        const entry = draft.transactions.find((t) => t.entry_id === entryId);
        draft.balance = balance;
        if (entry) draft.redeemed_this_week = Math.max(0, draft.redeemed_this_week + entry.amount);
        draft.transactions = draft.transactions.filter((t) => t.entry_id !== entryId);
      });
      setBalanceNotice(null);
      setHistoryNotice({ variant: 'success', text: message, key: Date.now() });
      // The button pressed is gone with its row: the history's heading takes the focus.
      requestAnimationFrame(() => historyHeading.current?.focus());
    },
    [patch],
  );
  const onCancelFailed = useCallback((text: string) => setHistoryNotice({ variant: 'error', text, key: Date.now() }), []);

  const body = (data: RewardsResponse) => (
    <>
      <BalanceCard
        rewards={data}
        notice={balanceNotice}
        onRedeem={() => {
          setMounted((m) => ({ ...m, redeem: true }));
          setRedeemOpen(true);
        }}
        onProgram={(modal) => {
          setMounted((m) => ({ ...m, program: true }));
          setProgramModal(modal);
        }}
      />
      <div>
        {historyNotice && (
          <NoticeSlot key={historyNotice.key}>
            <SystemMessage variant={historyNotice.variant} onDismiss={() => setHistoryNotice(null)}>
              {historyNotice.text}
            </SystemMessage>
          </NoticeSlot>
        )}
        <TransactionHistory ref={historyHeading} transactions={data.transactions} onCancelled={onCancelled} onCancelFailed={onCancelFailed} />
      </div>
      <Suspense
        fallback={
          <Card>
            <CardBody>
              <PageLoading>
                <Spinner label="Loading the promos" />
              </PageLoading>
            </CardBody>
          </Card>
        }
      >
        <PromoLists
          rewards={data}
          onShowTerms={() => {
            setMounted((m) => ({ ...m, program: true }));
            setProgramModal('terms');
          }}
        />
      </Suspense>
      <Suspense fallback={null}>
        {mounted.redeem && (
          <RedeemModal
            isOpen={redeemOpen}
            onOpenChange={setRedeemOpen}
            redeemLimit={data.redeem_limit}
            redeemedThisWeek={data.redeemed_this_week}
            onRedeemed={onRedeemed}
          />
        )}
        {mounted.program && <ProgramModals open={programModal} onClose={() => setProgramModal(null)} redeemLimit={data.redeem_limit} />}
      </Suspense>
    </>
  );

  return (
    <PageStack>
      <h1>{PAGE_TITLE}</h1>
      <PageState query={query} loadingLabel="Loading your points" loading="card" retry="keeps-failure" failure={errorText}>
        {body}
      </PageState>
    </PageStack>
  );
}

/**
 * The balance with two decimals, as the top bar's badge writes it, and what it is worth (one point is
 * one US dollar); 'Redeem for cash', disabled with the server's reason when the affiliate may not
 * redeem; the FAQ and the terms.
 */
function BalanceCard({
  rewards,
  notice,
  onRedeem,
  onProgram,
}: {
  rewards: RewardsResponse;
  notice: Notice | null;
  onRedeem: () => void;
  onProgram: (modal: ProgramModal) => void;
}) {
  const blocked = !rewards.can_redeem;
  return (
    <Card aria-labelledby="maxmoney-balance">
      <CardHeader
        title={<span id="maxmoney-balance">{BALANCE_TITLE}</span>}
        actions={
          <Links>
            <Button variant="secondary" size="sm" onPress={() => onProgram('faq')} onHoverStart={prefetchProgram} onFocus={prefetchProgram}>
              FAQ
            </Button>
            <Button variant="secondary" size="sm" onPress={() => onProgram('terms')} onHoverStart={prefetchProgram} onFocus={prefetchProgram}>
              Terms
            </Button>
          </Links>
        }
      />
      <CardBody>
        <Balance>
          <div>
            <Points data-testid="maxmoney-balance">{formatPoints(rewards.balance)} points</Points>
            <Worth>Worth {formatMoney(rewards.balance * maxmoneyProgram.dollarsPerPoint)}</Worth>
          </div>
          <Redeem>
            <Button
              onPress={onRedeem}
              onHoverStart={prefetchRedeem}
              onFocus={prefetchRedeem}
              isDisabled={blocked}
              aria-describedby={blocked ? 'maxmoney-blocked' : undefined}
            >
              {REDEEM_FOR_CASH}
            </Button>
            {blocked && rewards.redeem_blocked_reason && <Reason id="maxmoney-blocked">{rewards.redeem_blocked_reason}</Reason>}
          </Redeem>
        </Balance>
        {notice && (
          <NoticeSlot key={notice.key} data-below>
            <SystemMessage variant={notice.variant}>{notice.text}</SystemMessage>
          </NoticeSlot>
        )}
      </CardBody>
    </Card>
  );
}

const Links = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]}px;
`;

const Balance = styled.div`
  ${spreadRow(4)}
`;

const Points = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.display};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  line-height: ${({ theme }) => theme.lineHeights.tight};
  overflow-wrap: anywhere;
`;

const Worth = styled.p`
  margin: ${({ theme }) => theme.space[1]}px 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Redeem = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[2]}px;
  max-width: 100%;
`;

const Reason = styled.p`
  margin: 0;
  max-width: 32rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const NoticeSlot = styled.div`
  margin-bottom: ${({ theme }) => theme.space[3]}px;
  &[data-below] {
    margin: ${({ theme }) => theme.space[4]}px 0 0;
  }
`;

