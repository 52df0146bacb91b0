import type { ContentStore } from '../../../content-store/content-store.ts';
import type { Tx } from '../../../db/database.ts';
import type { Principal } from '../../../http/principal.ts';
import type { ContentRepository } from './content.repository.ts';
import { assertSubtreeMayModify } from './lock-rules.ts';
import { nodeErrors } from './nodes.errors.ts';
import type { NodeRecord, NodesRepository } from './nodes.repository.ts';
import type { VersionsRepository } from './versions.repository.ts';

/**
 * Deletes a node and everything below it in the caller's transaction (refused when a node on
 * the way is a system node, or locked against the caller). Returns the content objects nothing
 * refers to any more: give them to releaseContent after the commit.
 */
export async function deleteSubtree(
  repos: { nodes: NodesRepository; versions: VersionsRepository; content: ContentRepository },
  tx: Tx,
  principal: Principal,
  node: NodeRecord,
): Promise<string[]> {
  const subtree = await repos.nodes.subtree(tx, node.id);
  // Gone, or trashed meanwhile with a folder above it (whose trash this waited for): not found.
  if (subtree.length === 0 || subtree.some((n) => n.depth === 0 && n.archivedRootId !== null)) {
    throw nodeErrors.notFound(node.id);
  }
  if (subtree.some((n) => n.systemKey)) throw nodeErrors.specialNode('deleted');
  assertSubtreeMayModify(principal, subtree);
  const versionContent = await repos.versions.contentIdsOf(
    tx,
    subtree.map((n) => n.id),
  );
  // The folder it is in now (moved since the caller read it: the folder the move left held instead).
  const parentId = subtree.find((n) => n.depth === 0)!.parentId;
  await repos.nodes.deleteSubtree(tx, { id: node.id, parentId }, subtree);
  const contentIds = [...subtree.map((n) => n.contentId).filter((c): c is string => c !== null), ...versionContent];
  return repos.content.deleteUnreferenced(tx, contentIds);
}

/** Removes content objects from the store (after the transaction that released them committed). */
export async function releaseContent(contentStore: ContentStore, ids: readonly string[]): Promise<void> {
  for (const id of ids) await contentStore.remove(id).catch(() => undefined);
}
