import { formatMoney } from '../../shared/format';

/**
 * Spec 000 §9: an EPC of 0 or less shows 'New'. A module of its own: the campaign page shows an EPC
 * without the campaign table (importing it from the table put the table on /campaign).
 */
export function epcText(epc: number): string {
  return epc > 0 ? formatMoney(epc) : 'New';
}
