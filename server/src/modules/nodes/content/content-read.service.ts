import type { Principal } from '../../../http/principal.ts';
import { Access } from '../../permissions/access.ts';
import { openContent } from '../core/content-objects.ts';
import { nodeErrors } from '../core/nodes.errors.ts';
import type { NodeRecord } from '../core/nodes.repository.ts';
import type { ContentDeps } from './content-commit.service.ts';

/** A byte range of a content, both ends included. */
type Range = { start: number; end: number };

/** The file of a content request, with the access the operation needs (404, 403, then 400 for a folder). */
export async function fileFor(
  deps: ContentDeps,
  principal: Principal,
  nodeId: string,
  bit: number,
): Promise<NodeRecord> {
  const node = await deps.gate.loadFor(principal, nodeId, bit);
  if (!node.isFile) throw nodeErrors.notAFile(node.id);
  return node;
}

/** The bytes of a content object whose access was checked already (direct access URLs). */
export function open(deps: ContentDeps, contentId: string | null, range?: Range) {
  return openContent(deps, contentId, range);
}

/** GET /nodes/{id}/content: the file the caller may read, and its bytes. */
export async function download(deps: ContentDeps, principal: Principal, nodeId: string) {
  const node = await fileFor(deps, principal, nodeId, Access.READ);
  return { node, open: (range?: Range) => open(deps, node.contentId, range) };
}
