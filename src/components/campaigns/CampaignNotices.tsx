import styled from 'styled-components';
import { formatLongDate } from '../../shared/longDate';
import { Badge } from '../../ui/Badge';

export const PAUSED_LABEL = 'Paused';
/** Said beside 'Paused' wherever a paused campaign is listed. */
export const PAUSED_SHORT = 'links will not pay';
/** The campaign page's fuller reason (its links send visitors to the fallback page, docs/tracking.md). */
export const PAUSED_NOTE =
  'The advertiser has paused this campaign. Its links send visitors to a fallback page and earn nothing until it runs again.';

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
  .paused { display: inline-flex; flex-wrap: wrap; align-items: center; gap: ${({ theme }) => theme.space[1]}px; }
`;

export interface CampaignNoticesProps {
  /** 'Y' when the advertiser has paused the campaign. */
  paused?: 'Y' | 'N';
  /** 'YYYY-MM-DD', or null / absent for no expiry. */
  expiryDate?: string | null;
}

/**
 * What sets a campaign apart from one that simply runs, for cards, tables and the campaign page:
 * 'Paused' with 'links will not pay', and 'Expires on …'. Nothing for an active campaign without an
 * expiry date.
 */
export function CampaignNotices({ paused, expiryDate }: CampaignNoticesProps) {
  if (paused !== 'Y' && !expiryDate) return null;
  return (
    <Notices data-campaign-notices="">
      {paused === 'Y' && (
        <span className="paused">
          <Badge tone="warning">{PAUSED_LABEL}</Badge>
          <span>{PAUSED_SHORT}</span>
        </span>
      )}
      {paused === 'Y' && expiryDate && <span aria-hidden="true">·</span>}
      {expiryDate && <span>{expiresOn(expiryDate)}</span>}
    </Notices>
  );
}
