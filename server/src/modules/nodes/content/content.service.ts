import type { Readable } from 'node:stream';
import { ownTransaction } from '../../../db/group-commit.ts';
import { badRequest } from '../../../http/errors.ts';
import type { Principal } from '../../../http/principal.ts';
import type { ContentDeps, ContentServiceDeps } from './content-commit.service.ts';
import { download, open } from './content-read.service.ts';
import { updateContent } from './content-update.service.ts';
import { upload, type ReadUpload } from './content-upload.service.ts';

export type { ContentServiceDeps } from './content-commit.service.ts';
export type { ReadUpload, Upload, UploadFields } from './content-upload.service.ts';

/**
 * A file's content: upload (content-upload.service.ts), download (content-read.service.ts) and
 * replacing it (content-update.service.ts), over the transaction runner (content-commit.service.ts).
 */
export function createContentService(options: ContentServiceDeps) {
  const deps: ContentDeps = { ...options, transact: options.transact ?? ownTransaction(options.db) };
  return {
    /** The bytes of a content object whose access was checked already (direct access URLs). */
    open: (contentId: string | null, range?: { start: number; end: number }) => open(deps, contentId, range),

    /**
     * POST /nodes/{id}/children as multipart: the parent is checked before any byte is read; the
     * bytes are staged as they stream in (and discarded if anything fails before the commit).
     */
    upload: (principal: Principal, parentId: string, read: ReadUpload, autoRename: boolean | undefined) =>
      upload(deps, principal, parentId, read, autoRename),

    /** GET /nodes/{id}/content: the file the caller may read, and its bytes. */
    download: (principal: Principal, nodeId: string) => download(deps, principal, nodeId),

    /** PUT /nodes/{id}/content: the new bytes (and name), checked before any byte is read; answers the node. */
    update: (
      principal: Principal,
      nodeId: string,
      body: Readable,
      o: { name?: string | undefined; majorVersion?: boolean | undefined; comment?: string | undefined },
    ) => updateContent(deps, principal, nodeId, body, o),
  };
}

export const requiredUploadMissing = () => badRequest('Required parameters are missing: filedata');

export type ContentService = ReturnType<typeof createContentService>;
