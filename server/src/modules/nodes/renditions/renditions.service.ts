import type { Db, DbOrTx } from '../../../db/database.ts';
import { entityNotFound } from '../../../http/errors.ts';
import { nodeErrors } from '../core/nodes.errors.ts';
import type { NodeRecord } from '../core/nodes.repository.ts';
import type { NodeGate } from '../core/gate.service.ts';
import type { Principal } from '../../../http/principal.ts';
import { renditionIds } from './rendition-ids.ts';
import type { RenditionRecord, RenditionsRepository } from './renditions.repository.ts';

/**
 * Renditions of a file, read-only: uploads record the ones requested (content service), and
 * with no converter they all stay NOT_CREATED. Only files have renditions (a folder is a 400).
 */
export function createRenditionsService(deps: { db: Db; gate: NodeGate; repos: { renditions: RenditionsRepository } }) {
  const { db, gate, repos } = deps;
  /** The file the caller may read (a folder is a 400). */
  const file = async (principal: Principal, nodeId: string): Promise<NodeRecord> => {
    const node = await gate.resolve(principal, nodeId);
    if (!node.isFile) throw nodeErrors.notAFile(node.id);
    return node;
  };
  return {
    /**
     * Records the renditions an upload asked for (its `renditions` fields as sent), in the
     * upload's transaction; ill-formed ids are dropped, never refused.
     */
    async record(tx: DbOrTx, nodeId: string, asSent: readonly string[], at: number): Promise<void> {
      await repos.renditions.request(tx, nodeId, renditionIds(asSent), at);
    },

    async list(principal: Principal, nodeId: string, skip: number, limit: number) {
      const node = await file(principal, nodeId);
      return repos.renditions.list(db, node.id, skip, limit);
    },

    /** The renditions of a node whose access was checked already (a deleted file's: trash/). */
    listOf: (node: NodeRecord, skip: number, limit: number) => repos.renditions.list(db, node.id, skip, limit),

    /** One rendition of a node whose access was checked already; 404 when it was never requested. */
    async findOf(node: NodeRecord, renditionId: string): Promise<RenditionRecord> {
      const rendition = await repos.renditions.find(db, node.id, renditionId);
      if (!rendition) throw entityNotFound(renditionId);
      return rendition;
    },

    /** One rendition; 404 when it was never requested. */
    async find(principal: Principal, nodeId: string, renditionId: string): Promise<RenditionRecord> {
      const node = await file(principal, nodeId);
      const rendition = await repos.renditions.find(db, node.id, renditionId);
      if (!rendition) throw entityNotFound(renditionId);
      return rendition;
    },
  };
}

export type RenditionsService = ReturnType<typeof createRenditionsService>;
