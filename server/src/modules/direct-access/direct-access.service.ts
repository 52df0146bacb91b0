import type { Readable } from 'node:stream';
import type { Principal } from '../../http/principal.ts';
import { permissionDenied } from '../../http/errors.ts';
import type { Downloadable } from '../../http/send-content.ts';
import type { NodeGate } from '../nodes/core/gate.service.ts';
import { nodeErrors } from '../nodes/core/nodes.errors.ts';
import type { ContentService } from '../nodes/content/content.service.ts';
import type { DownloadsService } from '../nodes/downloads/downloads.service.ts';
import type { VersionsService } from '../nodes/versions/versions.service.ts';
import { Access } from '../permissions/access.ts';
import { verifyDirectAccess } from './direct-access-token.ts';

export interface DirectAccessServiceDeps {
  gate: NodeGate;
  versions: VersionsService;
  content: Pick<ContentService, 'open'>;
  downloads: Pick<DownloadsService, 'content'>;
  /** The principal of an enabled person, read at download time. */
  principalFor(personId: string): Promise<Principal | undefined>;
  /** The key that signs tokens (shared by every instance on the database). */
  secret: Buffer;
}

/** One answer for every token that does not open: it tells nothing about why. */
const invalidToken = () => permissionDenied('The direct access URL is not valid or has expired');

/** Who may have a direct access URL, and what a token opens (checked again at download time). */
export function createDirectAccessService(deps: DirectAccessServiceDeps) {
  const { gate, versions } = deps;

  /** The file by id (no alias), if the caller may read it. */
  async function readableFile(principal: Principal, nodeId: string) {
    const node = await gate.loadFor(principal, nodeId, Access.READ);
    if (!node.isFile) throw nodeErrors.notAFile(node.id);
    return node;
  }

  return {
    /** The file a URL may be issued for. */
    fileFor: readableFile,

    /** The finished zip download a URL may be issued for (the caller's own, or any for an administrator), if it is one. */
    downloadFor: (principal: Principal, id: string) => deps.downloads.content(principal, id),

    /** The version a URL may be issued for (its file readable by the caller). */
    versionFor: (principal: Principal, nodeId: string, versionId: string) => versions.get(principal, nodeId, versionId),

    /** What a token opens, with the person's access now, not when the URL was issued. */
    async open(token: string): Promise<{ item: Downloadable; attachment: boolean; open: Opener }> {
      const grant = verifyDirectAccess(deps.secret, token);
      if (!grant) throw invalidToken();
      const principal = await deps.principalFor(grant.personId);
      if (!principal) throw invalidToken();
      if (grant.download) {
        const zip = await deps.downloads.content(principal, grant.nodeId);
        if (!zip) throw invalidToken();
        return { item: zip.item, attachment: grant.attachment, open: zip.open };
      }
      const node = await readableFile(principal, grant.nodeId);
      if (grant.versionId === undefined) {
        return { item: node, attachment: grant.attachment, open: (range) => deps.content.open(node.contentId, range) };
      }
      const version = await versions.find(node, grant.versionId);
      const item = { ...version, modifiedAt: version.createdAt };
      return { item, attachment: grant.attachment, open: (range) => deps.content.open(version.contentId, range) };
    },
  };
}

type Opener = (range?: { start: number; end: number }) => Promise<Readable | undefined>;

export type DirectAccessService = ReturnType<typeof createDirectAccessService>;
