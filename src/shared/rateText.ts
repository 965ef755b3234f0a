import { formatMoney, formatPercentNumber } from './format';

/**
 * How a campaign rate is written (spec 000 §3, §9): CPA type F pays money per lead, P a percentage
 * of the sale. The server writes `rate_text` with it, the slider writes the rate of a slide without
 * a description with it, and the demo data and story fixtures use it too, so every card reads alike.
 */
export type CpaType = 'F' | 'P';

/** The `rate_type` label of each CPA type, as the wire and the screens spell it. */
export const RATE_TYPE_LABELS = { F: '$ per lead', P: '% of sale' } as const;
export type RateTypeLabel = (typeof RATE_TYPE_LABELS)[CpaType];

/** The CPA type of a code or of its label: `'P'` for `'P'` and `'% of sale'`, `'F'` otherwise. */
export function cpaTypeOf(type: CpaType | RateTypeLabel): CpaType {
  return type === 'P' || type === RATE_TYPE_LABELS.P ? 'P' : 'F';
}

/** The rate alone: `$1,500.00` (money, two decimals) or `27%` / `12.5%` (at most two decimals). */
export function formatRate(type: CpaType | RateTypeLabel, rate: number): string {
  return cpaTypeOf(type) === 'P' ? `${formatPercentNumber(rate)}%` : formatMoney(rate);
}

/** The rate text of a card or slide: `$1,500.00 per lead` or `27% of sale`. */
export function rateText(type: CpaType | RateTypeLabel, rate: number): string {
  return cpaTypeOf(type) === 'P' ? `${formatRate('P', rate)} of sale` : `${formatRate('F', rate)} per lead`;
}
