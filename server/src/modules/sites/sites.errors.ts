import { ApiError, badRequest, entityNotFound, integrity, permissionDenied } from '../../http/errors.ts';

export const siteErrors = {
  /** Unknown, and invisible (a PRIVATE site to a non-member): the same answer. */
  notFound: (siteId: string) => entityNotFound(siteId),
  exists: (siteId: string) =>
    new ApiError(
      409,
      'framework.exception.ConstraintViolated',
      `Unable to create site because the site short name '${siteId}' is already in use. Site short names must be unique.`,
    ),
  invalid: (message: string) => badRequest(message),
  notManager: (siteId: string) => permissionDenied(`Only a SiteManager of ${siteId} or an administrator can do this`),
  /** GET of a non-member: the relationship is not found (404). */
  notMember: (personId: string, siteId: string) =>
    new ApiError(
      404,
      'framework.exception.RelationshipNotFound',
      `The relationship resource was not found for the entity with id: ${personId} and a relationship id of ${siteId}`,
    ),
  /** PUT or DELETE of a non-member: Alfresco's InvalidArgumentException (400). */
  notMemberToChange: (personId: string, siteId: string) =>
    badRequest(`Cannot change the membership of ${personId}: not a member of site ${siteId}`),
  /** Membership changes by someone who may not make them: Alfresco's SiteServiceException (422). */
  cannotChangeMembership: (siteId: string) =>
    integrity(`You do not have permission to change the membership of site ${siteId}`),
  /** Joining a MODERATED site takes a join request (POST /people/-me-/site-membership-requests). */
  joinRequestNeeded: (siteId: string) =>
    permissionDenied(
      `Site ${siteId} is moderated: joining it needs a join request (POST /people/-me-/site-membership-requests), which a SiteManager approves`,
    ),
  joinAsConsumerOnly: (siteId: string) =>
    permissionDenied(`You can join site ${siteId} only as SiteConsumer; a SiteManager can give you another role`),
  containerNotFound: (siteId: string, containerId: string) =>
    new ApiError(
      404,
      'framework.exception.RelationshipNotFound',
      `The relationship resource was not found for the entity with id: ${siteId} and a relationship id of ${containerId}`,
    ),
  alreadyMember: (personId: string, siteId: string) =>
    new ApiError(409, 'framework.exception.ConstraintViolated', `${personId} is already a member of site ${siteId}`),
  /** Demoting the last SiteManager: a SiteServiceException (422). */
  lastManagerDemoted: (siteId: string) => integrity(`Can't demote the last SiteManager of site ${siteId}`),
  /** Removing the last SiteManager: an InvalidArgumentException in Alfresco (400). */
  lastManagerRemoved: (siteId: string) => badRequest(`Can't remove the last SiteManager of site ${siteId}`),
  invalidSort: (field: string) => badRequest(`Invalid sort field: ${field}`),
};
