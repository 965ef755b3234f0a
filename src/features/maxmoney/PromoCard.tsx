import { useRef, useState, type Ref } from 'react';
import styled from 'styled-components';
import type { Promo } from '../../api/contract/rewards';
import { errorText } from '../../api/errors';
import { useRegisterPromoMutation } from '../../api/rewardsApi';
import { formatStatementDate } from '../../shared/dates';
import { formatMoney, formatPoints } from '../../shared/format';
import { paths } from '../../shared/paths';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Link } from '../../ui/Link';
import { column } from '../../ui/Stack';
import { ErrorBanner, SystemMessage } from '../../ui/SystemMessage';
import { bestTierMet, bybTiers, canRegister, PROMO_TYPE_LABELS, rewardPercent, type PromoTiming } from './maxmoneyView';

export const REGISTER = 'Register';
export const AGREE = 'Agree to Terms';
export const REGISTERED = 'Registered';

/** 'Congratulations! You beat your best by ... and reached the 5% tier.' */
function congratulations(percent: string, timing: PromoTiming) {
  return timing === 'past'
    ? `Congratulations! You beat your best and reached the ${percent} tier.`
    : `Congratulations! You have beaten your best and reached the ${percent} tier so far.`;
}

const dayText = (day: string) => formatStatementDate(day);

/**
 * One promo (spec 001 §2.2, §3, §4 Rewards): name, type, dates, campaigns (links to their pages),
 * reward, and the affiliate's standing in it; registration for ongoing and future promos.
 */
export function PromoCard({ promo, timing, onShowTerms }: { promo: Promo; timing: PromoTiming; onShowTerms: () => void }) {
  const headingId = `promo-${promo.promo_id}`;
  return (
    <Item aria-labelledby={headingId}>
      <Top>
        <div>
          <h4 id={headingId}>{promo.promo_name}</h4>
          <Dates>
            {dayText(promo.start_date)} – {dayText(promo.end_date)}
          </Dates>
        </div>
        <Badge tone="info">{PROMO_TYPE_LABELS[promo.promo_type]}</Badge>
      </Top>
      <Facts>
        <dt>Campaigns</dt>
        <dd>
          <Campaigns promo={promo} />
        </dd>
        {promo.promo_type !== 'BEAT_YOUR_BEST' && (
          <>
            <dt>Reward</dt>
            <dd>{rewardPercent(promo.reward)} of your qualifying earnings in points</dd>
            {promo.top_earnings_threshold > 0 && (
              <>
                <dt>Minimum earnings</dt>
                <dd>{formatMoney(promo.top_earnings_threshold)} of qualifying earnings to earn points</dd>
              </>
            )}
            {timing !== 'future' && (
              <>
                <dt>Your qualifying earnings</dt>
                <dd>{formatMoney(promo.top_earnings)}</dd>
              </>
            )}
          </>
        )}
        {timing !== 'future' && (
          <>
            <dt>{timing === 'past' ? 'Points earned' : 'Points so far'}</dt>
            <dd>{formatPoints(promo.total_points)}</dd>
          </>
        )}
      </Facts>
      {promo.promo_type === 'BEAT_YOUR_BEST' && promo.byb_rewards && <BeatYourBest promo={promo} timing={timing} />}
      {timing !== 'past' && <Registration promo={promo} timing={timing} onShowTerms={onShowTerms} />}
      {timing === 'past' && promo.registered && <RegisteredMark />}
    </Item>
  );
}

function Campaigns({ promo }: { promo: Promo }) {
  if (promo.campaigns.length === 0) {
    // Our reading: a promo without a list applies to every campaign (a new-campaigns promo: to each one the affiliate never converted on before it).
    return <>{promo.promo_type === 'NEVER_RUN' ? 'Any campaign you have not run before the promo' : 'All campaigns'}</>;
  }
  return (
    <CampaignList>
      {promo.campaigns.map((c) => (
        <li key={c.campaign_id}>
          <Link href={paths.campaign(c.campaign_id)}>{c.name}</Link>
        </li>
      ))}
    </CampaignList>
  );
}

/**
 * Beat your best (spec 001 §4): ongoing and past promos show current earnings, the best period and
 * the gap to each tier's target (best period + threshold), with a congratulations message once a
 * tier is met; future promos list the earnings each tier needs.
 */
function BeatYourBest({ promo, timing }: { promo: Promo; timing: PromoTiming }) {
  const byb = promo.byb_rewards!;
  const tiers = bybTiers(byb);
  const reached = bestTierMet(tiers);
  const period = `${dayText(byb.best_period.start_date)} – ${dayText(byb.best_period.end_date)}`;
  return (
    <>
      <Facts>
        <dt>Your best period</dt>
        <dd>
          {formatMoney(byb.best_period.earnings)} ({period})
        </dd>
        {timing !== 'future' && (
          <>
            <dt>Current earnings</dt>
            <dd>{formatMoney(byb.current_earnings)}</dd>
          </>
        )}
      </Facts>
      <Tiers aria-label={`Reward tiers of ${promo.promo_name}`}>
        {tiers.map((t) => (
          <li key={t.threshold} data-met={(timing !== 'future' && t.met) || undefined}>
            {timing === 'future' ? (
              <>
                Earn {formatMoney(t.target)} ({formatMoney(t.threshold)} above your best) for {t.percent} in points
              </>
            ) : t.met ? (
              <>
                <Icon name="check" size={14} /> {t.percent} tier met: {formatMoney(t.target)} reached
              </>
            ) : (
              <>
                {t.percent} tier: {formatMoney(t.gap)} to go to reach {formatMoney(t.target)} ({formatMoney(t.threshold)} above your best)
              </>
            )}
          </li>
        ))}
      </Tiers>
      {timing !== 'future' && reached && (
        <SystemMessage variant="success" isDismissable={false}>
          {congratulations(reached.percent, timing)}
        </SystemMessage>
      )}
    </>
  );
}

function RegisteredMark({ markRef }: { markRef?: Ref<HTMLSpanElement> }) {
  return (
    <Registered ref={markRef} tabIndex={-1}>
      <Icon name="check" size={16} /> {REGISTERED}
    </Registered>
  );
}

/**
 * Register, then Agree to Terms (a spinner while it is sent), then the Registered check (spec 001 §4).
 * One button plays Register and Agree to Terms so focus stays on it; after the registration focus
 * moves to the check. The server's message when it refuses (above the point cap, the promo over).
 */
function Registration({ promo, timing, onShowTerms }: { promo: Promo; timing: PromoTiming; onShowTerms: () => void }) {
  const [agreeing, setAgreeing] = useState(false);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [register, { isLoading }] = useRegisterPromoMutation();
  const mark = useRef<HTMLSpanElement>(null);

  if (promo.registered || done) return <RegisteredMark markRef={mark} />;
  if (!canRegister(timing, promo)) return null;

  const press = async () => {
    setFailure(null);
    if (!agreeing) {
      setAgreeing(true);
      return;
    }
    const result = await register({ promo_id: promo.promo_id, promo_type: promo.promo_type });
    if ('error' in result) {
      setFailure(errorText(result.error));
      return;
    }
    setDone(true);
    requestAnimationFrame(() => mark.current?.focus());
  };
  return (
    <RegisterRow>
      {failure && (
        <ErrorBanner>{failure}</ErrorBanner>
      )}
      <div>
        <Button
          size="sm"
          variant={agreeing ? 'primary' : 'secondary'}
          isPending={isLoading}
          aria-label={`${agreeing ? AGREE : REGISTER}: ${promo.promo_name}`}
          onPress={() => void press()}
        >
          {agreeing ? AGREE : REGISTER}
        </Button>
        {agreeing && (
          <Button size="sm" variant="link" onPress={onShowTerms}>
            Read the terms
          </Button>
        )}
      </div>
    </RegisterRow>
  );
}

const Item = styled.article`
  ${column(3)}
  padding: ${({ theme }) => theme.space[4]}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  h4 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Top = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[3]}px;
  flex-wrap: wrap;
`;

const Dates = styled.p`
  margin: ${({ theme }) => theme.space[1]}px 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(8rem, max-content) 1fr;
  gap: ${({ theme }) => `${theme.space[2]}px ${theme.space[4]}px`};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  @media (max-width: 480px) {
    grid-template-columns: 1fr;
    gap: ${({ theme }) => theme.space[1]}px;
    dd {
      margin-bottom: ${({ theme }) => theme.space[2]}px;
    }
  }
`;

const CampaignList = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]}px;
`;

const Tiers = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space[5]}px;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]}px;
  li[data-met] {
    color: ${({ theme }) => theme.colors.success};
    font-weight: ${({ theme }) => theme.fontWeights.medium};
  }
`;

const Registered = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]}px;
  align-self: flex-start;
  color: ${({ theme }) => theme.colors.success};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  outline: none;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;

const RegisterRow = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]}px;
  & > div {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[2]}px;
    flex-wrap: wrap;
  }
`;
