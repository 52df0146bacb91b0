import type { DbOrTx } from '../../db/database.ts';

export interface AssocPair {
  /** The node at the other end. */
  nodeId: string;
  assocType: string;
}

/** Secondary child associations and peer associations; paging is done by the caller. */
export function createAssociationsRepository() {
  return {
    async addSecondary(db: DbOrTx, parentId: string, childId: string, assocType: string): Promise<void> {
      await db
        .insertInto('secondaryChildren')
        .values({ parentId, childId, assocType, createdAt: Date.now() })
        .execute();
    },

    async removeSecondary(db: DbOrTx, parentId: string, childId: string, assocType?: string): Promise<number> {
      let query = db.deleteFrom('secondaryChildren').where('parentId', '=', parentId).where('childId', '=', childId);
      if (assocType) query = query.where('assocType', '=', assocType);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async secondaryChildren(db: DbOrTx, parentId: string, assocType?: string): Promise<AssocPair[]> {
      let query = db
        .selectFrom('secondaryChildren')
        .select(['childId as nodeId', 'assocType'])
        .where('parentId', '=', parentId);
      if (assocType) query = query.where('assocType', '=', assocType);
      return query.orderBy('createdAt').orderBy('childId').execute();
    },

    async secondaryParents(db: DbOrTx, childId: string, assocType?: string): Promise<AssocPair[]> {
      let query = db
        .selectFrom('secondaryChildren')
        .select(['parentId as nodeId', 'assocType'])
        .where('childId', '=', childId);
      if (assocType) query = query.where('assocType', '=', assocType);
      return query.orderBy('createdAt').orderBy('parentId').execute();
    },

    async addPeer(db: DbOrTx, sourceId: string, targetId: string, assocType: string): Promise<void> {
      await db.insertInto('peerAssocs').values({ sourceId, targetId, assocType, createdAt: Date.now() }).execute();
    },

    async removePeer(db: DbOrTx, sourceId: string, targetId: string, assocType?: string): Promise<number> {
      let query = db.deleteFrom('peerAssocs').where('sourceId', '=', sourceId).where('targetId', '=', targetId);
      if (assocType) query = query.where('assocType', '=', assocType);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async targets(db: DbOrTx, sourceId: string, assocType?: string): Promise<AssocPair[]> {
      let query = db
        .selectFrom('peerAssocs')
        .select(['targetId as nodeId', 'assocType'])
        .where('sourceId', '=', sourceId);
      if (assocType) query = query.where('assocType', '=', assocType);
      return query.orderBy('createdAt').orderBy('targetId').execute();
    },

    async sources(db: DbOrTx, targetId: string, assocType?: string): Promise<AssocPair[]> {
      let query = db
        .selectFrom('peerAssocs')
        .select(['sourceId as nodeId', 'assocType'])
        .where('targetId', '=', targetId);
      if (assocType) query = query.where('assocType', '=', assocType);
      return query.orderBy('createdAt').orderBy('sourceId').execute();
    },
  };
}

export type AssociationsRepository = ReturnType<typeof createAssociationsRepository>;
