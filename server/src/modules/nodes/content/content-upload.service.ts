import { isUniqueViolation, type Tx } from '../../../db/database.ts';
import { orderedId } from '../../../db/ordered-id.ts';
import { badRequest, conflict } from '../../../http/errors.ts';
import type { Principal } from '../../../http/principal.ts';
import { Access } from '../../permissions/access.ts';
import { ensureFolderPath } from '../core/folder-path.ts';
import { freeName } from '../core/free-name.ts';
import { lockForChange } from '../core/lock-rules.ts';
import { assertValidName } from '../core/name-policy.ts';
import { checkAspectNames, checkProperties } from '../core/node-properties.ts';
import { nodeErrors } from '../core/nodes.errors.ts';
import type { NewNode, NodeRecord } from '../core/nodes.repository.ts';
import { settleOwner } from '../core/owner-property.ts';
import { releaseContent } from '../core/subtree-delete.ts';
import { isVersioned, recordVersion, withFirstVersion } from '../core/version-history.ts';
import {
  checkPersonQuota,
  commitContent,
  contentFormat,
  setContent,
  type ContentDeps,
} from './content-commit.service.ts';
import { discardStaged, stageWithLimits, type Staged } from './staging.service.ts';

/** What a multipart upload carried besides the file. */
export interface UploadFields {
  name?: string;
  nodeType?: string;
  autoRename?: boolean;
  /** Replace the content of a versionable file of the same name (a new version). */
  overwrite?: boolean;
  majorVersion?: boolean;
  comment?: string;
  /** false: the new file is not versioned (uploads are versioned by default, 1.0). */
  versioningEnabled?: boolean;
  /** Folders to create below the parent first. */
  relativePath?: string;
  aspectNames?: string[];
  /** The `renditions` fields as sent (comma lists); ill-formed ids are dropped, never refused. */
  renditions?: string[];
  properties: Record<string, unknown>;
}

/** A multipart body read: the file's bytes staged, its name, the other fields. */
export interface Upload {
  staged: Staged;
  fileName: string;
  fields: UploadFields;
}

/** Reads a multipart body, giving the file part to `stage` as it streams in (content.routes.ts). */
export type ReadUpload = (stage: (file: AsyncIterable<Buffer>) => Promise<Staged>) => Promise<Upload>;

/** A new file's checked metadata. */
interface NewFile {
  requestedName: string;
  nodeType: string;
  properties: Record<string, unknown>;
  aspects: string[];
  ownerId: string;
}

/** Name, type, properties, aspects and owner of an upload, checked before its transaction. */
async function checkNewFile(
  deps: ContentDeps,
  principal: Principal,
  parent: NodeRecord,
  fileName: string,
  f: UploadFields,
) {
  const { dictionary } = deps;
  const requestedName = assertValidName(f.name || fileName, deps.namePolicy, parent.id);
  const nodeType = f.nodeType || 'cm:content';
  if (!dictionary.type(nodeType) || !dictionary.isSubtypeOf(nodeType, 'cm:content')) {
    throw nodeErrors.badType(nodeType);
  }
  const changes = checkProperties(dictionary, nodeType, f.properties);
  const properties = Object.fromEntries(Object.entries(changes.values).filter(([, v]) => v !== null));
  const findPerson = (id: string) => deps.repos.people.findById(deps.db, id);
  const ownerId = (await settleOwner(properties, findPerson, principal)) ?? principal.id;
  const aspects = [
    ...new Set(['cm:auditable', ...checkAspectNames(dictionary, f.aspectNames ?? []), ...changes.aspects]),
  ];
  if (f.overwrite && f.autoRename) throw badRequest('overwrite and autoRename cannot both be true');
  const file: NewFile = { requestedName, nodeType, properties, aspects, ownerId };
  return file;
}

/** `overwrite`: a new version of a versionable file; anything else of that name keeps its 409. Answers the content freed. */
async function overwriteFile(
  deps: ContentDeps,
  tx: Tx,
  principal: Principal,
  existing: NodeRecord,
  upload: { staged: Staged; fields: UploadFields; requestedName: string },
) {
  const { repos } = deps;
  const { staged, fields: f } = upload;
  if (!existing.isFile || !isVersioned(existing)) throw conflict(`${upload.requestedName} already exists.`);
  await deps.gate.require(principal, existing, Access.WRITE, tx);
  await lockForChange(repos.nodes, tx, principal, existing.id);
  await setContent(deps, tx, existing, staged, undefined, principal.id);
  await deps.renditions.record(tx, existing.id, f.renditions ?? [], Date.now());
  await recordVersion(repos, tx, existing.id, principal, { major: f.majorVersion ?? false, comment: f.comment });
  const freed = existing.contentId ? await repos.content.deleteUnreferenced(tx, [existing.contentId]) : [];
  await checkPersonQuota(deps, tx, existing.ownerId);
  return freed;
}

/** Inserts the new file (with its first version unless versioningEnabled=false); answers its record. */
async function insertFile(
  deps: ContentDeps,
  tx: Tx,
  principal: Principal,
  folder: NodeRecord,
  file: NewFile & { id: string },
  staged: Staged,
  f: UploadFields,
): Promise<NodeRecord> {
  const { repos } = deps;
  await deps.gate.require(principal, folder, Access.ADD_CHILDREN, tx);
  const name = f.autoRename ? await freeName(repos.nodes, tx, folder.id, file.requestedName) : file.requestedName;
  const row: NewNode = {
    id: file.id,
    parentId: folder.id,
    name,
    nodeType: file.nodeType,
    isFolder: false,
    isFile: true,
    contentId: staged.id,
    ...(await contentFormat(deps, tx, staged, name)),
    sizeInBytes: staged.sizeInBytes,
    aspects: file.aspects,
    properties: file.properties,
    createdAt: Date.now(),
    createdBy: principal.id,
    ownerId: file.ownerId,
  };
  let inserted = row;
  if (f.versioningEnabled === false) {
    await repos.nodes.insert(tx, row);
  } else {
    const versioned = withFirstVersion(row, { major: f.majorVersion ?? true, comment: f.comment });
    inserted = versioned.node;
    await repos.nodes.insert(tx, inserted, versioned.version);
  }
  await deps.renditions.record(tx, file.id, f.renditions ?? [], row.createdAt);
  await checkPersonQuota(deps, tx, file.ownerId);
  // As a GET would give it, with the folder's ACL as the request found it (a permission
  // change racing with the upload shows in the next read, as if it had come a moment later).
  return repos.nodes.inserted(tx, inserted, folder.aclId);
}

/** Creates a file from a staged upload (multipart create), or a new version (`overwrite`); answers its record. */
async function createFile(
  deps: ContentDeps,
  principal: Principal,
  parent: NodeRecord,
  upload: Upload,
): Promise<NodeRecord> {
  const { staged, fields: f } = upload;
  const file = { ...(await checkNewFile(deps, principal, parent, upload.fileName, f)), id: orderedId() };
  let record: NodeRecord | undefined;
  let released: string[] = [];
  try {
    released = await commitContent(
      deps,
      staged,
      async (tx) => {
        const folder = await ensureFolderPath(deps.repos.nodes, tx, parent, f.relativePath, {
          namePolicy: deps.namePolicy,
          userId: principal.id,
          access: deps.gate.pathAccess(principal),
        });
        const existing = f.overwrite
          ? await deps.repos.nodes.findChildByName(tx, folder.id, file.requestedName)
          : undefined;
        if (existing) {
          const freed = await overwriteFile(deps, tx, principal, existing, {
            ...{ staged, fields: f, requestedName: file.requestedName },
          });
          // Read while the row is still locked: the version this upload made, not a later one's.
          record = await deps.gate.load(existing.id, tx);
          return freed;
        }
        record = await insertFile(deps, tx, principal, folder, file, staged, f);
        return [];
      },
      parent.id,
      // A name chosen from the folder's children (autoRename), an existing file looked for
      // (overwrite) or folders made on the way (relativePath) need the folder to themselves.
      !f.autoRename && !f.overwrite && !f.relativePath,
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw nodeErrors.duplicateName(file.requestedName);
    throw error;
  }
  await releaseContent(deps.contentStore, released);
  // A new node's record was built as it was inserted; a new version's was read in its transaction.
  return record!;
}

/**
 * POST /nodes/{id}/children as multipart: the parent is checked before any byte is read; the
 * bytes are staged as they stream in (and discarded if anything fails before the commit).
 */
export async function upload(
  deps: ContentDeps,
  principal: Principal,
  parentId: string,
  read: ReadUpload,
  autoRename: boolean | undefined,
) {
  const parent = await deps.gate.resolve(principal, parentId);
  // Multipart upload: a file parent is a bad request here (JSON create answers 422).
  if (!parent.isFolder) throw nodeErrors.notAFolder(parent.id);
  let staged: Staged | undefined;
  try {
    const owner = { personId: principal.id, replacingBytes: 0 };
    const upload = await read(async (file) => (staged = await stageWithLimits(deps, file, owner)));
    const fields = { ...upload.fields, autoRename: upload.fields.autoRename ?? autoRename ?? false };
    return await createFile(deps, principal, parent, { ...upload, fields });
  } catch (error) {
    await discardStaged(deps.contentStore, staged);
    throw error;
  }
}
