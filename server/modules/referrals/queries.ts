import type { Kysely } from 'kysely';
import type { Resource } from '../../../src/api/contract/rewards';
import type { DB } from '../../db/schema';

/**
 * Every partner resource with its category, ordered by category (the categories' own order, their
 * id) then name. The same list for every visitor (spec 001 §7 leaves open whether it depends on the
 * affiliate; it is public, sent without the token). image_name is the resource's id: the portal
 * loads /api/images/resources/{image_name}.
 */
export async function listResources(db: Kysely<DB>): Promise<Resource[]> {
  const rows = await db
    .selectFrom('resources as r')
    .innerJoin('resource_categories as c', 'c.id', 'r.category_id')
    .select(['r.id', 'r.category_id', 'c.name as category_name', 'r.name', 'r.description', 'r.url', 'r.promo_code', 'r.promo_description'])
    .orderBy('c.id')
    .orderBy((eb) => eb.fn('lower', ['r.name']))
    .orderBy('r.id')
    .execute();
  return rows.map((r) => ({
    resource_category_id: r.category_id,
    category_name: r.category_name,
    key_id: r.id,
    name: r.name,
    description: r.description,
    image_name: String(r.id),
    URL: r.url,
    promo_code: r.promo_code,
    promo_description: r.promo_description,
  }));
}
