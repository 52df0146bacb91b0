import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../http/auth.ts';
import { permissionDenied } from '../../http/errors.ts';
import { formatDate } from '../../http/json.ts';
import type { Handlers } from '../../http/routes.ts';
import { sendContent } from '../content/content.routes.ts';
import type { ContentService } from '../content/content.service.ts';
import { nodeErrors } from '../nodes/nodes.errors.ts';
import type { NodesService } from '../nodes/nodes.service.ts';
import { Access } from '../permissions/access.ts';
import type { VersionsService } from '../versions/versions.service.ts';
import { signDirectAccess, verifyDirectAccess, type DirectAccessGrant } from './direct-access-token.ts';

type DirectAccessHandlers = Pick<
  Handlers,
  'requestNodeDirectAccessUrl' | 'requestVersionDirectAccessUrl' | 'getDirectAccessContent'
>;

export interface DirectAccessDeps {
  nodes: NodesService;
  versions: VersionsService;
  content: ContentService;
  /** The principal of an enabled person, read at download time. */
  principalFor(personId: string): Promise<Principal | undefined>;
  /** The key that signs tokens (shared by every instance on the database). */
  secret: Buffer;
  ttlSeconds: number;
  /** The public API's base path (`/alfresco/api/-default-/public/alfresco/versions/1`). */
  basePath: string;
}

/** One answer for every token that does not open: it tells nothing about why. */
const invalidToken = () => permissionDenied('The direct access URL is not valid or has expired');

/**
 * Direct access URLs, as Alfresco's: a signed, short-lived URL for one file's (or version's)
 * content, so that a browser downloads without a ticket in any URL.
 */
export function directAccessRoutes(deps: DirectAccessDeps): DirectAccessHandlers {
  const { nodes, versions, content, secret } = deps;

  function issue(request: FastifyRequest, grant: Omit<DirectAccessGrant, 'expiresAt'>) {
    const expiresAt = Date.now() + deps.ttlSeconds * 1000;
    const token = signDirectAccess(secret, { ...grant, expiresAt });
    // The host the caller reached us by (behind a proxy, what it forwards when trusted).
    const contentUrl = `${request.protocol}://${request.host}${deps.basePath}/direct-access/${token}`;
    return { entry: { contentUrl, attachment: grant.attachment, expiryTime: formatDate(expiresAt) } };
  }

  return {
    async requestNodeDirectAccessUrl({ params, body, principal, request }) {
      const node = await nodes.load(params.nodeId);
      await nodes.require(principal, node, Access.READ);
      if (!node.isFile) throw nodeErrors.notAFile(node.id);
      const attachment = body?.attachment ?? true;
      return issue(request, { nodeId: node.id, versionId: undefined, personId: principal.id, attachment });
    },

    async requestVersionDirectAccessUrl({ params, body, principal, request }) {
      const node = await nodes.resolve(principal, params.nodeId);
      if (!node.isFile) throw nodeErrors.notAFile(node.id);
      const version = await versions.find(node, params.versionId);
      const attachment = body?.attachment ?? true;
      return issue(request, { nodeId: node.id, versionId: version.label, personId: principal.id, attachment });
    },

    async getDirectAccessContent({ params, request, reply }) {
      const grant = verifyDirectAccess(secret, params.token);
      if (!grant) throw invalidToken();
      const principal = await deps.principalFor(grant.personId);
      if (!principal) throw invalidToken();
      // The person's access now, not when the URL was issued.
      const node = await nodes.load(grant.nodeId);
      await nodes.require(principal, node, Access.READ);
      if (!node.isFile) throw nodeErrors.notAFile(node.id);
      if (grant.versionId === undefined) {
        return sendContent(request, reply, node, grant.attachment, (range) => content.open(node.contentId, range));
      }
      const version = await versions.find(node, grant.versionId);
      return sendContent(request, reply, { ...version, modifiedAt: version.createdAt }, grant.attachment, (range) =>
        content.open(version.contentId, range),
      );
    },
  };
}
