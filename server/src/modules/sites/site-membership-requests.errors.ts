import { ApiError, badRequest, entityNotFound, invalidProperty, permissionDenied } from '../../http/errors.ts';

/** Errors of site membership requests, with Alfresco's statuses and messages (SiteMembershipRequestsImpl). */
export const requestErrors = {
  /** An unknown person, or, where only the caller's own requests are served, anyone else. */
  personNotFound: (personId: string) => entityNotFound(personId),
  /**
   * No such request, or one the caller may not see: an unknown site, a PRIVATE one, one that is
   * not MODERATED, or someone else's request. The same answer for all, so nothing can be probed.
   */
  notFound: (entityId: string, relationshipId: string) =>
    new ApiError(
      404,
      'framework.exception.RelationshipNotFound',
      `The relationship resource was not found for the entity with id: ${entityId} and a relationship id of ${relationshipId}`,
    ),
  alreadyMember: (personId: string, siteId: string) => badRequest(`${personId} is already a member of site ${siteId}`),
  alreadyInvited: (personId: string, siteId: string) => badRequest(`${personId} is already invited to site ${siteId}`),
  /** Cancelling someone else's request without managing the site; approving or rejecting one's own. */
  denied: () => permissionDenied(),
  invalidWhere: (message: string) => invalidProperty(message),
};
