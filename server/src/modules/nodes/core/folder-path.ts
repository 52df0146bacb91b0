import { orderedId } from '../../../db/ordered-id.ts';
import type { DbOrTx } from '../../../db/database.ts';
import { isUniqueViolation } from '../../../db/database.ts';
import { conflict, notFound } from '../../../http/errors.ts';
import { assertValidName, type NamePolicy } from './name-policy.ts';
import { nodeErrors } from './nodes.errors.ts';
import type { NodeRecord, NodesRepository } from './nodes.repository.ts';

/** How ensureFolderPath checks access and names, and who creates the folders. */
export interface FolderPathOptions {
  namePolicy: NamePolicy;
  userId: string;
  /**
   * Existing folders on the way must be readable (else 404); a folder gets a new child only with
   * ADD_CHILDREN; no folder may lie more than `maxFolderDepth` levels below Company Home (else 422).
   */
  access: {
    /** Both read through `tx` (a second connection inside a transaction could exhaust the pool). */
    canRead(node: NodeRecord, tx: DbOrTx): Promise<boolean>;
    requireCreate(folder: NodeRecord, tx: DbOrTx): Promise<void>;
    maxFolderDepth?: number;
  };
  /** The node created at the end of the path is a folder (it counts against maxFolderDepth too). */
  leafIsFolder?: boolean;
}

/**
 * `relativePath` of a create: "mkdir -p" below the parent, inside the caller's transaction.
 * Elements are trimmed, empty ones (and leading or trailing slashes) ignored, names matched
 * case-insensitively; an existing element that is not a folder is a 409, an invalid name a 422.
 */
export async function ensureFolderPath(
  nodes: NodesRepository,
  tx: DbOrTx,
  parent: NodeRecord,
  relativePath: string | undefined,
  options: FolderPathOptions,
): Promise<NodeRecord> {
  const elements = (relativePath ?? '')
    .split('/')
    .map((e) => e.trim())
    .filter(Boolean);
  const { maxFolderDepth } = options.access;
  const levels = elements.length + (options.leafIsFolder ? 1 : 0);
  if (maxFolderDepth !== undefined && levels > 0) {
    await assertFolderDepth(nodes, tx, parent.id, levels, maxFolderDepth);
  }
  let current = parent;
  // Below a folder this call created, nothing exists yet (no other transaction sees it before the
  // commit): the rest of the path is created without looking for it.
  let createdOne = false;
  for (const element of elements) {
    const existing = createdOne ? undefined : await nodes.findChildByName(tx, current.id, element);
    if (existing && !(await options.access.canRead(existing, tx))) {
      throw notFound(`${relativePath} relative to ${parent.id}`);
    }
    if (existing) {
      if (!existing.isFolder) throw conflict(`Name [${element}] already exists in the target parent: ${current.id}`);
      current = existing;
      continue;
    }
    current = await createFolder(nodes, tx, current, element, options);
    createdOne = true;
  }
  return current;
}

/** A new folder of the path, named `element`, in `folder` (checked: its name, the caller's ADD_CHILDREN). */
async function createFolder(
  nodes: NodesRepository,
  tx: DbOrTx,
  folder: NodeRecord,
  element: string,
  options: FolderPathOptions,
): Promise<NodeRecord> {
  assertValidName(element, options.namePolicy, folder.id);
  await options.access.requireCreate(folder, tx);
  const id = orderedId();
  try {
    await nodes.insert(tx, {
      id,
      parentId: folder.id,
      name: element,
      nodeType: 'cm:folder',
      isFolder: true,
      isFile: false,
      aspects: ['cm:auditable'],
      properties: {},
      createdAt: Date.now(),
      createdBy: options.userId,
    });
  } catch (error) {
    // Another request created the same folder at the same moment: the caller may retry.
    if (isUniqueViolation(error)) throw new RelativePathRace(element);
    throw error;
  }
  return (await nodes.findById(tx, id))!;
}

/**
 * 422 unless folders `levels` below `parentId` stay within `limit` levels below Company Home. The
 * walk up stops at the limit, so it costs the same below a tree of any depth.
 */
export async function assertFolderDepth(
  nodes: NodesRepository,
  tx: DbOrTx,
  parentId: string,
  levels: number,
  limit: number,
): Promise<void> {
  const level = (await nodes.depth(tx, parentId, limit)) + levels;
  if (level > limit) throw nodeErrors.tooDeep(limit, level);
}

/** A concurrent create of the same folder won; running the whole transaction again finds it. */
export class RelativePathRace extends Error {
  constructor(readonly element: string) {
    super(`concurrent creation of ${element}`);
  }
}

/** Runs a transaction that creates folders of a relativePath, again when a concurrent create won. */
export async function withPathRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof RelativePathRace) || attempt >= 3) {
        if (error instanceof RelativePathRace)
          throw conflict(`Name [${error.element}] was being created concurrently; try again`);
        throw error;
      }
    }
  }
}
