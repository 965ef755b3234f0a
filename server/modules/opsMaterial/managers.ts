import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { CdnUrls } from '../images/cdn';
import { recordAudit } from '../operator/audit';
import type { Actor } from './landingPages';

/**
 * An affiliate manager's uploaded photo and chat QR code (docs/ops-files.md). The affiliates'
 * dashboard keeps asking for /api/images/managers/{id} and .../qr: those answer the uploaded file
 * when there is one (server/modules/images/routes.ts), the drawn picture otherwise.
 */

const MANAGER_MISSING = 'There is no affiliate manager with this id.';

export type ManagerPicture = 'photo' | 'qr';
const COLUMN = { photo: 'photo_key', qr: 'qr_key' } as const;

export async function assertManager(db: Kysely<DB>, id: number): Promise<void> {
  const row = await db.selectFrom('managers').select('id').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(MANAGER_MISSING);
}

/** Sets the picture in one transaction with its audit entry; answers the manager's pictures and the key replaced. */
export async function setManagerPicture(db: Kysely<DB>, id: number, which: ManagerPicture, key: string, actor: Actor, cdn: CdnUrls) {
  const column = COLUMN[which];
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('managers').select(['id', 'name', 'photo_key', 'qr_key']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw notFound(MANAGER_MISSING);
    const row = await trx.updateTable('managers').set({ [column]: key }).where('id', '=', id).returning(['id', 'name', 'photo_key', 'qr_key']).executeTakeFirstOrThrow();
    await recordAudit(trx, {
      operatorId: actor.operatorId,
      ip: actor.ip,
      at: actor.now,
      action: `manager.${which}`,
      target: { type: 'manager', id },
      before: { [column]: before[column] },
      after: { [column]: key },
    });
    return {
      manager: { manager_id: row.id, name: row.name, photo: row.photo_key ? cdn.file(row.photo_key) : null, qr: row.qr_key ? cdn.file(row.qr_key) : null },
      replaced: before[column],
    };
  });
}
