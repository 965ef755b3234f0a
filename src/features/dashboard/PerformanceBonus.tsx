import styled from 'styled-components';
import { PERFORMANCE_BONUS_TIERS, type PerformanceBonusResponse } from '../../api/contract/dashboard';
import { Button } from '../../ui/Button';
import { Card, CardBody } from '../../ui/Card';
import { ProgressBar } from '../../ui/ProgressBar';
import { ErrorBanner, SystemMessage } from '../../ui/SystemMessage';
import { formatLongDate } from '../../shared/longDate';
import { formatMoney, formatWholeDollars } from '../../shared/format';

const Body = styled(CardBody)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]}px;
  h2 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.lg}; }
  p { margin: 0; }
  .fine { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  ul { margin: 0; padding-left: ${({ theme }) => theme.space[5]}px; }
`;
const Row = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]}px;
  flex-wrap: wrap;
`;

const [tier1, tier2] = PERFORMANCE_BONUS_TIERS;
/** Spec 000 §9, the rules as the affiliate reads them. */
const rules = (
  <>
    <ul>
      <li>
        Earn above {formatWholeDollars(tier1.target)} in your first 3 months for a {formatWholeDollars(tier1.bonus)} bonus.
      </li>
      <li>
        Earn above {formatWholeDollars(tier2.target)} in your first 3 months for a {formatWholeDollars(tier2.bonus)} bonus.
      </li>
    </ul>
    <p className="fine">
      Earnings are finalized 1 month after the promo period and the bonus is paid on the next payment date, at the network&apos;s
      discretion.
    </p>
  </>
);

const BONUS_TITLES = {
  promo: 'New Affiliate Performance Bonus',
  progress: 'Performance Bonus',
  ended: 'Promo Ended',
  unlocked: 'Performance Bonus Unlocked!',
} as const;

export interface PerformanceBonusProps {
  bonus: PerformanceBonusResponse;
  onOptIn: () => void;
  isOptingIn?: boolean;
  /** The opt-in call's answer. */
  optInMessage?: string | null;
  optInError?: string | null;
}

/**
 * The line above the progress bar: the tier to unlock and by when, a completed tier 1 while working
 * on tier 2, or (the last tier completed: completed_tier >= current_tier) that the tier is completed.
 */
export function progressText(bonus: Pick<PerformanceBonusResponse, 'completed_tier' | 'current_tier' | 'current_target' | 'promo_end_date'>): string {
  const { completed_tier: completed, current_tier: current } = bonus;
  if (completed >= current) return `You completed tier ${completed}: a ${formatWholeDollars(tierBonus(completed))} bonus.`;
  const next = `Earn above ${formatWholeDollars(bonus.current_target)} by ${formatLongDate(bonus.promo_end_date)} to unlock tier ${current}.`;
  return completed > 0 ? `You completed tier ${completed} (a ${formatWholeDollars(tierBonus(completed))} bonus). ${next}` : next;
}

function tierBonus(tier: number): number {
  return PERFORMANCE_BONUS_TIERS.find((t) => t.tier === tier)?.bonus ?? 0;
}

/**
 * The tier the bar measures. While the promo runs: the server's current tier. Once it reads
 * 'Performance Bonus Unlocked!' (the promo is over, spec 000 §4) the next tier can no longer be
 * reached, so the bar shows the completed tier (above its target: 100% or more, green).
 */
function barTier(bonus: Pick<PerformanceBonusResponse, 'display' | 'completed_tier' | 'current_tier' | 'current_target' | 'progress_percent' | 'promotion_earnings'>) {
  const done = PERFORMANCE_BONUS_TIERS.find((t) => t.tier === bonus.completed_tier);
  if (bonus.display === 'unlocked' && done) {
    const percent = Math.max(100, Math.round((bonus.promotion_earnings / done.target) * 10000) / 100);
    return { tier: done.tier, target: done.target, percent };
  }
  return { tier: bonus.current_tier, target: bonus.current_target, percent: bonus.progress_percent };
}

/**
 * Spec 000 §4, §9: the new-affiliate performance bonus. The server decides what applies
 * (`display`: promo banner before 3 months, progress bar for opted-in affiliates up to 4 months,
 * 'Promo Ended' or 'Performance Bonus Unlocked!' after 3 months); the bar is green at 100% or more.
 */
export function PerformanceBonus({ bonus, onOptIn, isOptingIn, optInMessage, optInError }: PerformanceBonusProps) {
  if (bonus.display === 'none') return null;
  if (bonus.display === 'promo') {
    return (
      <Card variant="highlight">
        <Body>
          <h2>{BONUS_TITLES.promo}</h2>
          <p>
            Earn up to {formatWholeDollars(tier2.bonus)} in bonuses. The promotion runs until {formatLongDate(bonus.promo_end_date)}.
          </p>
          {rules}
          {optInError && (
            <ErrorBanner>{optInError}</ErrorBanner>
          )}
          <Row>
            <Button onPress={onOptIn} isPending={isOptingIn}>
              Opt In
            </Button>
          </Row>
        </Body>
      </Card>
    );
  }
  const { tier, target, percent } = barTier(bonus);
  const title = BONUS_TITLES[bonus.display];
  return (
    <Card variant={bonus.display === 'unlocked' ? 'highlight' : 'default'}>
      <Body>
        <h2>{title}</h2>
        {optInMessage && <SystemMessage variant="success">{optInMessage}</SystemMessage>}
        {bonus.display === 'unlocked' && (
          <p>
            You completed tier {bonus.completed_tier}: a {formatWholeDollars(bonus.bonus_amount)} bonus.
          </p>
        )}
        {bonus.display === 'ended' && <p>The promotion ended on {formatLongDate(bonus.promo_end_date)} without a completed tier.</p>}
        {bonus.display === 'progress' && <p>{progressText(bonus)}</p>}
        <ProgressBar
          label={`Tier ${tier}: ${formatMoney(bonus.promotion_earnings)} of ${formatWholeDollars(target)}`}
          value={percent}
          maxValue={100}
          valueLabel={`${percent.toFixed(percent % 1 ? 2 : 0)}%`}
        />
        {rules}
      </Body>
    </Card>
  );
}
