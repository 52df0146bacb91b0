import type { Readable } from 'node:stream';
import { isUniqueViolation } from '../../../db/database.ts';
import type { Principal } from '../../../http/principal.ts';
import { Access } from '../../permissions/access.ts';
import { assertMayModify, lockForChange } from '../core/lock-rules.ts';
import { assertValidName } from '../core/name-policy.ts';
import { nameKey } from '../core/node-rows.ts';
import { nodeErrors } from '../core/nodes.errors.ts';
import type { NodeRecord } from '../core/nodes.repository.ts';
import { releaseContent } from '../core/subtree-delete.ts';
import { isVersioned, recordVersion } from '../core/version-history.ts';
import { checkPersonQuota, commitContent, setContent, type ContentDeps } from './content-commit.service.ts';
import { fileFor } from './content-read.service.ts';
import { discardStaged, stageWithLimits, type Staged } from './staging.service.ts';

/**
 * Replaces a file's content (and optionally renames it). A versioned file gets a new version
 * (minor unless majorVersion); an unversioned one becomes versioned when majorVersion or a
 * comment is given (0.1 for majorVersion=false, else 1.0). Old content goes when unused. Answers
 * the node as this change left it.
 */
async function replaceContent(
  deps: ContentDeps,
  principal: Principal,
  node: NodeRecord,
  staged: Staged,
  newName: string | undefined,
  options: { majorVersion?: boolean | undefined; comment?: string | undefined },
): Promise<NodeRecord> {
  const { repos } = deps;
  const { majorVersion, comment } = options;
  let written: { freed: string[]; record: NodeRecord };
  try {
    written = await commitContent(
      deps,
      staged,
      async (tx) => {
        // The lock may have been taken while the bytes streamed in: checked on the row locked.
        const current = await lockForChange(repos.nodes, tx, principal, node.id);
        await setContent(deps, tx, current, staged, newName, principal.id);
        if (isVersioned(current)) {
          await recordVersion(repos, tx, node.id, principal, { major: majorVersion === true, comment });
        } else if (majorVersion !== undefined || comment !== undefined) {
          await recordVersion(repos, tx, node.id, principal, { major: majorVersion !== false, comment });
        }
        const freed = current.contentId ? await repos.content.deleteUnreferenced(tx, [current.contentId]) : [];
        await checkPersonQuota(deps, tx, current.ownerId);
        // Read while the row is still locked: the version this update made, not a later update's.
        return { freed, record: await deps.gate.load(node.id, tx) };
      },
      node.id,
      false,
      node.parentId,
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw nodeErrors.duplicateName(newName ?? node.name);
    throw error;
  }
  await releaseContent(deps.contentStore, written.freed);
  return written.record;
}

/** Checks a new name before any byte is read: 422 when invalid, 409 when taken. */
async function checkRename(deps: ContentDeps, node: NodeRecord, newName: string): Promise<void> {
  assertValidName(newName, deps.namePolicy, node.id);
  if (node.parentId && nameKey(newName) !== nameKey(node.name)) {
    const clash = await deps.repos.nodes.findChildByName(deps.db, node.parentId, newName);
    if (clash) throw nodeErrors.duplicateName(newName);
  }
}

/** PUT /nodes/{id}/content: the new bytes (and name), checked before any byte is read; answers the node. */
export async function updateContent(
  deps: ContentDeps,
  principal: Principal,
  nodeId: string,
  body: Readable,
  o: { name?: string | undefined; majorVersion?: boolean | undefined; comment?: string | undefined },
) {
  const node = await fileFor(deps, principal, nodeId, Access.WRITE);
  assertMayModify(principal, node);
  const newName = o.name !== undefined && o.name !== node.name ? o.name : undefined;
  if (newName !== undefined) await checkRename(deps, node, newName);
  const owner = { personId: node.ownerId, replacingBytes: node.sizeInBytes ?? 0 };
  const staged = await stageWithLimits(deps, body, owner);
  try {
    return await replaceContent(deps, principal, node, staged, newName, o);
  } catch (error) {
    await discardStaged(deps.contentStore, staged);
    throw error;
  }
}
