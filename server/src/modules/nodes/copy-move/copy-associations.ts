import { createHash } from 'node:crypto';
import type { Tx } from '../../../db/database.ts';
import type { AssocLink, AssociationsRepository } from '../core/associations.repository.ts';
import type { NodesRepository } from '../core/nodes.repository.ts';

/**
 * The ids of one copy operation's nodes, derived from the source node's id and a random seed
 * (SHA-256, shaped as an RFC 9562 version 8 UUID). Anyone can compute "the copy of X" without
 * a map from source ids to copy ids, and since the seed is new for every copy, a node with the
 * id copyOf(X) exists exactly when X has already been copied by this operation.
 */
export function copyIdsFrom(seed: string): (sourceId: string) => string {
  return (sourceId) => {
    const h = createHash('sha256').update(seed).update('\0').update(sourceId).digest('hex');
    const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  };
}

export interface CopyContext {
  /** The node being copied: the top of the copied tree. */
  sourceRootId: string;
  copyOf: (sourceId: string) => string;
  now: number;
  repos: { nodes: NodesRepository; associations: AssociationsRepository };
}

/**
 * Copies the associations of one batch of copied nodes, once their copies are inserted, as
 * Alfresco does: a copy keeps what its source owns — the peer associations it is the source of
 * and the secondary children it holds — and not what points at its source from outside.
 *
 * An end inside the copied tree is replaced by its copy. The copy walks the tree level by level
 * and keeps nothing between batches, so an association inside the tree is written by whichever of
 * its two ends is copied last, when both copies exist (foreign keys hold at every insert):
 * - outgoing, end already copied (an earlier batch or this one): copy -> copy of the end;
 * - outgoing, end not copied yet but inside the tree: left to the end's batch;
 * - outgoing, end outside the tree: copy -> the same end;
 * - incoming from an owner copied in an earlier batch: copy of the owner -> copy.
 * "Already copied" is one indexed look-up of the derived ids; "inside the tree" is asked only for
 * ends not copied yet, with one walk up the primary parents per batch. Each association is seen
 * by exactly one of these rules, so none is written twice.
 */
export async function copyBatchAssociations(tx: Tx, ctx: CopyContext, batchIds: readonly string[]): Promise<void> {
  const { copyOf, repos } = ctx;
  const inBatch = new Set(batchIds);
  const outgoing = await repos.associations.linksOf(tx, batchIds, 'from');
  const incoming = (await repos.associations.linksOf(tx, batchIds, 'to')).filter((l) => !inBatch.has(l.fromId));
  if (outgoing.length === 0 && incoming.length === 0) return;

  const copied = await repos.nodes.existing(tx, [
    ...new Set([...outgoing.map((l) => copyOf(l.toId)), ...incoming.map((l) => copyOf(l.fromId))]),
  ]);
  const isCopied = (id: string) => copied.has(copyOf(id));
  const notCopiedYet = [...new Set(outgoing.filter((l) => !isCopied(l.toId)).map((l) => l.toId))];
  const laterInTree = await repos.nodes.inSubtree(tx, notCopiedYet, ctx.sourceRootId);

  const links: AssocLink[] = [];
  for (const l of outgoing) {
    if (isCopied(l.toId)) links.push({ ...l, fromId: copyOf(l.fromId), toId: copyOf(l.toId) });
    else if (!laterInTree.has(l.toId)) links.push({ ...l, fromId: copyOf(l.fromId) });
  }
  for (const l of incoming) {
    if (isCopied(l.fromId)) links.push({ ...l, fromId: copyOf(l.fromId), toId: copyOf(l.toId) });
  }
  await repos.associations.insertLinks(tx, links, ctx.now);
}
