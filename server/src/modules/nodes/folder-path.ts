import { orderedId } from '../../db/ordered-id.ts';
import type { DbOrTx } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/database.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { assertValidName, type NamePolicy } from './name-policy.ts';
import type { NodeRecord, NodesRepository } from './nodes.repository.ts';

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
  options: {
    namePolicy: NamePolicy;
    userId: string;
    /** Existing folders on the way must be readable (else 404); a folder gets a new child only with ADD_CHILDREN. */
    access: { canRead(node: NodeRecord): Promise<boolean>; requireCreate(folder: NodeRecord): Promise<void> };
  },
): Promise<NodeRecord> {
  if (!relativePath) return parent;
  let current = parent;
  for (const element of relativePath
    .split('/')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const existing = await nodes.findChildByName(tx, current.id, element);
    if (existing && !(await options.access.canRead(existing))) {
      throw notFound(`${relativePath} relative to ${parent.id}`);
    }
    if (existing) {
      if (!existing.isFolder) throw conflict(`Name [${element}] already exists in the target parent: ${current.id}`);
      current = existing;
      continue;
    }
    assertValidName(element, options.namePolicy, current.id);
    await options.access.requireCreate(current);
    const id = orderedId();
    try {
      await nodes.insert(tx, {
        id,
        parentId: current.id,
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
    current = (await nodes.findById(tx, id))!;
  }
  return current;
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
