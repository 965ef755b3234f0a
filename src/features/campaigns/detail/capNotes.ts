import { formatCount } from '../../../shared/format';

/*
 * The campaign page's longer words on a capped campaign: kept here, not beside the short notices of
 * src/components/campaigns/CampaignNotices.tsx, so the listings that show those do not download these.
 */

/**
 * Why a capped campaign pays nothing: the campaign's daily cap or Your Daily Cap is reached for the
 * network's day (Eastern time), and its links send visitors to the fallback page until the day ends.
 */
export const CAP_REACHED_NOTE =
  'A daily cap of this campaign is reached for today. Its links send visitors to a fallback page and earn nothing until the cap resets tomorrow (midnight Eastern time).';

/** '1 lead', '1,200 leads'. */
export const leadsText = (n: number) => `${formatCount(n)} ${n === 1 ? 'lead' : 'leads'}`;

/**
 * What is left of today's caps (`details.cap_left_today`): 'Left today: 12 leads', the cap-reached line
 * at 0, and null when no cap is set.
 */
export function capLeftText(left: number | null): string | null {
  if (left === null) return null;
  return left <= 0 ? 'Cap reached: links pay nothing until tomorrow' : `Left today: ${leadsText(left)}`;
}
