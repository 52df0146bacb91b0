import { ApiError, badRequest, conflict, entityNotFound } from '../../http/errors.ts';

/** Every access problem with favorites is a 404, as in Alfresco (its default exception handler). */
export const favoriteErrors = {
  /** Another person, known or not: favorites are the caller's own only. */
  personNotFound: (personId: string) => entityNotFound(personId),
  /** Not a favorite, or a target that does not exist, cannot be read or is not of the kind named. */
  notFound: (personId: string, targetId: string) =>
    new ApiError(
      404,
      'framework.exception.RelationshipNotFound',
      `The relationship resource was not found for the entity with id: ${personId} and a relationship id of ${targetId}`,
    ),
  invalidWhere: (message: string) => badRequest(message),
  /** `/favorite-sites` only: `/favorites` answers 201 again. */
  siteAlready: (siteId: string) => conflict(`Site ${siteId} is already a favourite site`),
};
