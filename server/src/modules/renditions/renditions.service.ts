import type { Db } from '../../db/database.ts';
import { entityNotFound } from '../../http/errors.ts';
import { nodeErrors } from '../nodes/nodes.errors.ts';
import type { NodeRecord } from '../nodes/nodes.repository.ts';
import type { RenditionRecord, RenditionsRepository } from './renditions.repository.ts';

/**
 * Renditions of a file, read-only: uploads record the ones requested (content service), and
 * with no converter they all stay NOT_CREATED. Only files have renditions (a folder is a 400).
 */
export function createRenditionsService(deps: { db: Db; repos: { renditions: RenditionsRepository } }) {
  const { db, repos } = deps;
  const fileOnly = (node: NodeRecord) => {
    if (!node.isFile) throw nodeErrors.notAFile(node.id);
  };
  return {
    list(node: NodeRecord, skip: number, limit: number) {
      fileOnly(node);
      return repos.renditions.list(db, node.id, skip, limit);
    },

    /** One rendition; 404 when it was never requested. */
    async find(node: NodeRecord, renditionId: string): Promise<RenditionRecord> {
      fileOnly(node);
      const rendition = await repos.renditions.find(db, node.id, renditionId);
      if (!rendition) throw entityNotFound(renditionId);
      return rendition;
    },
  };
}

export type RenditionsService = ReturnType<typeof createRenditionsService>;
