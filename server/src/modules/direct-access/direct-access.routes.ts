import type { FastifyRequest } from 'fastify';
import { isNotFound } from '../../http/errors.ts';
import { formatDate } from '../../http/json.ts';
import type { Handlers } from '../../http/routes.ts';
import { sendContent } from '../../http/send-content.ts';
import { signDirectAccess, type DirectAccessGrant } from './direct-access-token.ts';
import type { DirectAccessService } from './direct-access.service.ts';

type DirectAccessHandlers = Pick<
  Handlers,
  'requestNodeDirectAccessUrl' | 'requestVersionDirectAccessUrl' | 'getDirectAccessContent'
>;

export interface DirectAccessDeps {
  directAccess: DirectAccessService;
  /** The key that signs tokens (shared by every instance on the database). */
  secret: Buffer;
  ttlSeconds: number;
  /** The public API's base path (`/alfresco/api/-default-/public/alfresco/versions/1`). */
  basePath: string;
}

/**
 * Direct access URLs, as Alfresco's: a signed, short-lived URL for one file's (or version's)
 * content, so that a browser downloads without a ticket in any URL.
 */
export function directAccessRoutes(deps: DirectAccessDeps): DirectAccessHandlers {
  const { directAccess, secret } = deps;

  function issue(request: FastifyRequest, grant: Omit<DirectAccessGrant, 'expiresAt'>) {
    const expiresAt = Date.now() + deps.ttlSeconds * 1000;
    const token = signDirectAccess(secret, { ...grant, expiresAt });
    // The host the caller reached us by (behind a proxy, what it forwards when trusted).
    const contentUrl = `${request.protocol}://${request.host}${deps.basePath}/direct-access/${token}`;
    return { entry: { contentUrl, attachment: grant.attachment, expiryTime: formatDate(expiresAt) } };
  }

  return {
    async requestNodeDirectAccessUrl({ params, body, principal, request }) {
      const attachment = body?.attachment ?? true;
      try {
        const node = await directAccess.fileFor(principal, params.nodeId);
        return issue(request, { nodeId: node.id, versionId: undefined, personId: principal.id, attachment });
      } catch (error) {
        // No such file: a zip download's id, once its zip is built (the caller's own).
        const zip = isNotFound(error) && (await directAccess.downloadFor(principal, params.nodeId));
        if (!zip) throw error;
        const grant = { nodeId: params.nodeId, versionId: undefined, personId: principal.id, attachment };
        return issue(request, { ...grant, download: true });
      }
    },

    async requestVersionDirectAccessUrl({ params, body, principal, request }) {
      const version = await directAccess.versionFor(principal, params.nodeId, params.versionId);
      const attachment = body?.attachment ?? true;
      return issue(request, { nodeId: version.nodeId, versionId: version.label, personId: principal.id, attachment });
    },

    async getDirectAccessContent({ params, request, reply }) {
      const { item, attachment, open } = await directAccess.open(params.token);
      return sendContent(request, reply, item, attachment, open);
    },
  };
}
