import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { CampaignInput } from '../../../src/api/contract/opsOffers';
import type { DB } from '../../db/schema';
import { badRequest } from '../../lib/errors';

/**
 * The rules a campaign's fields must keep together (docs/ops-offers.md "Campaign rules"): each field
 * alone is checked by the contract; what depends on several fields, or on the database, is checked
 * here and answered 400 with a sentence for the operator.
 */

export type CampaignValues = z.output<typeof CampaignInput>;

const hasEmailSettings = (v: CampaignValues) =>
  v.email_rules !== '' || v.email_subject_lines.length > 0 || v.email_from_lines.length > 0 || v.suppression_links.length > 0;

/** The first rule the values break, as the sentence to answer, or null. `previousExpiry` is the stored expiry day when editing. */
export function campaignProblem(v: CampaignValues, today: string, previousExpiry?: string | null): string | null {
  if (v.by_request && v.approval_mode === null) {
    return 'Choose how requests to this By Request campaign are approved: review (an operator decides each one) or auto (approved at once).';
  }
  if (!v.by_request && v.approval_mode !== null) {
    return 'A Public campaign approves every request at once, so it has no approval mode: leave it empty, or make the campaign By Request.';
  }
  const defaults = v.rates.filter((r) => r.is_default);
  if (defaults.length !== 1) return 'Mark exactly one rate as the default: the cards show it and conversions are paid by it.';
  if (defaults[0].status !== 'Active') return `The default rate "${defaults[0].description}" must be Active.`;
  for (const r of v.rates) {
    if (r.rate_type === 'P' && r.rate > 100) return `The affiliate payout of "${r.description}" is a share of the sale: it can be at most 100%.`;
    if (r.revenue_type === 'P' && r.revenue > 100) return `The advertiser's revenue of "${r.description}" is a share of the sale: it can be at most 100%.`;
  }
  const ids = v.rates.flatMap((r) => (r.rate_id === undefined ? [] : [r.rate_id]));
  if (new Set(ids).size !== ids.length) return 'Each existing rate can appear only once.';
  if (v.geo_filtering && v.countries.length === 0) return 'Geo filtering is on: list the countries the campaign accepts, or turn geo filtering off.';
  if (!v.geo_filtering && v.countries.length > 0) {
    return 'Countries are listed but geo filtering is off: turn it on to accept only those countries, or remove them.';
  }
  if (v.os_filtering && v.os.length === 0) return 'OS filtering is on: choose the operating systems the campaign accepts, or turn OS filtering off.';
  if (!v.desktop_traffic && !v.mobile_traffic) return 'The campaign must accept desktop traffic, mobile traffic or both.';
  if (v.search_restrictions !== '' && !v.traffic_types.includes('search')) {
    return 'Search restrictions apply to search traffic: allow search traffic, or clear the restrictions.';
  }
  if (hasEmailSettings(v) && !v.traffic_types.includes('email')) {
    return 'E-mail rules, subject lines, from lines and suppression links apply to e-mail traffic: allow e-mail traffic, or clear them.';
  }
  if (v.expiry_date !== null && v.expiry_date < today && v.expiry_date !== previousExpiry) {
    return `The expiry date ${v.expiry_date} has passed: choose today or a later day, or no expiry. To end the campaign now, expire it.`;
  }
  return null;
}

export function checkCampaign(v: CampaignValues, today: string, previousExpiry?: string | null): void {
  const problem = campaignProblem(v, today, previousExpiry);
  if (problem) throw badRequest(problem);
}

/** The category and subcategory exist, and the subcategory is the category's. */
export async function checkCategory(trx: Transaction<DB>, v: Pick<CampaignValues, 'category_id' | 'subcategory_id'>): Promise<void> {
  const category = await trx.selectFrom('categories').select(['id', 'name']).where('id', '=', v.category_id).executeTakeFirst();
  if (!category) throw badRequest(`There is no category #${v.category_id}: choose one of the list.`);
  const sub = await trx
    .selectFrom('subcategories as s')
    .innerJoin('categories as k', 'k.id', 's.category_id')
    .select(['s.id', 's.name', 's.category_id', 'k.name as category'])
    .where('s.id', '=', v.subcategory_id)
    .executeTakeFirst();
  if (!sub) throw badRequest(`There is no subcategory #${v.subcategory_id}: choose one of the list.`);
  if (sub.category_id !== category.id) {
    throw badRequest(`The subcategory "${sub.name}" belongs to "${sub.category}", not to "${category.name}": choose a subcategory of "${category.name}".`);
  }
}
