import styled from 'styled-components';
import { formatLongDate } from '../../shared/longDate';
import { Badge } from '../../ui/Badge';

export const PAUSED_LABEL = 'Paused';
/** Said beside 'Paused' wherever a paused campaign is listed. */
export const PAUSED_SHORT = 'links will not pay';
/** The campaign page's fuller reason (its links send visitors to the fallback page, docs/tracking.md). */
export const PAUSED_NOTE =
  'The advertiser has paused this campaign. Its links send visitors to a fallback page and earn nothing until it runs again.';

export const CAP_REACHED_LABEL = 'Cap reached';
/** Said beside 'Cap reached' wherever a capped campaign is listed. */
export const CAP_REACHED_SHORT = 'links will not pay today';

/** 'Expires on December 31, 2026': the last day the campaign runs. */
export const expiresOn = (day: string) => `Expires on ${formatLongDate(day)}`;

const Notices = styled.span`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => `${theme.space[1]}px ${theme.space[2]}px`};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.regular};
  line-height: 18px;
  color: ${({ theme }) => theme.colors.text};
  .paused, .capped { display: inline-flex; flex-wrap: wrap; align-items: center; gap: ${({ theme }) => theme.space[1]}px; }
`;

export interface CampaignNoticesProps {
  /** 'Y' when the advertiser has paused the campaign. */
  paused?: 'Y' | 'N';
  /** 'Y' when a daily cap is reached for today: the links pay nothing until tomorrow. */
  capReached?: 'Y' | 'N';
  /** 'YYYY-MM-DD', or null / absent for no expiry. */
  expiryDate?: string | null;
}

/**
 * What sets a campaign apart from one that simply runs, for cards, tables and the campaign page:
 * 'Paused' with 'links will not pay', 'Cap reached' with 'links will not pay today', and 'Expires on …'.
 * Nothing for a running campaign under its caps without an expiry date.
 */
export function CampaignNotices({ paused, capReached, expiryDate }: CampaignNoticesProps) {
  const notices = [
    paused === 'Y' && (
      <span key="paused" className="paused">
        <Badge tone="warning">{PAUSED_LABEL}</Badge>
        <span>{PAUSED_SHORT}</span>
      </span>
    ),
    capReached === 'Y' && (
      <span key="capped" className="capped">
        <Badge tone="warning">{CAP_REACHED_LABEL}</Badge>
        <span>{CAP_REACHED_SHORT}</span>
      </span>
    ),
    expiryDate && <span key="expiry">{expiresOn(expiryDate)}</span>,
  ].filter(Boolean);
  if (notices.length === 0) return null;
  return (
    <Notices data-campaign-notices="">
      {notices.flatMap((notice, i) => (i === 0 ? [notice] : [<span key={`dot${i}`} aria-hidden="true">·</span>, notice]))}
    </Notices>
  );
}
