/** The campaign id of a /campaign/{oid} address: a positive 32-bit integer, or null for anything else. */
export function campaignIdOf(oid: string | undefined): number | null {
  if (!/^\d{1,10}$/.test(oid ?? '')) return null;
  const id = Number(oid);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}
