import type { DbOrTx } from '../../../db/database.ts';
import type { RenditionStatus } from '../../../db/schema.ts';

export interface RenditionRecord {
  renditionId: string;
  status: RenditionStatus;
}

/** Renditions requested for files; paging is done in SQL, in rendition id order. */
export function createRenditionsRepository() {
  return {
    /** Records requested renditions (NOT_CREATED); one already requested stays as it is. */
    async request(db: DbOrTx, nodeId: string, renditionIds: readonly string[], now: number): Promise<void> {
      if (renditionIds.length === 0) return;
      await db
        .insertInto('renditions')
        .values(renditionIds.map((renditionId) => ({ nodeId, renditionId, createdAt: now })))
        .onConflict((oc) => oc.columns(['nodeId', 'renditionId']).doNothing())
        .execute();
    },

    async list(
      db: DbOrTx,
      nodeId: string,
      skip: number,
      limit: number,
    ): Promise<{ items: RenditionRecord[]; total: number }> {
      const items = await db
        .selectFrom('renditions')
        .select(['renditionId', 'status'])
        .where('nodeId', '=', nodeId)
        .orderBy('renditionId')
        .limit(limit)
        .offset(skip)
        .execute();
      const { n } = await db
        .selectFrom('renditions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('nodeId', '=', nodeId)
        .executeTakeFirstOrThrow();
      return { items, total: Number(n) };
    },

    async find(db: DbOrTx, nodeId: string, renditionId: string): Promise<RenditionRecord | undefined> {
      return db
        .selectFrom('renditions')
        .select(['renditionId', 'status'])
        .where('nodeId', '=', nodeId)
        .where('renditionId', '=', renditionId)
        .executeTakeFirst();
    },
  };
}

export type RenditionsRepository = ReturnType<typeof createRenditionsRepository>;
