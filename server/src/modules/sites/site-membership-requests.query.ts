import type { WhereClause } from '../../http/where.ts';
import { requestErrors } from './site-membership-requests.errors.ts';

export interface RequestsWhere {
  siteId?: string;
  personId?: string;
}

/**
 * What a `GET /site-membership-requests` where clause asks for (Alfresco's query walker there):
 * `siteId='…'`, `personId='…'`, or both joined with AND. Anything else is 400.
 */
export function requestsWhere(where: WhereClause | undefined): RequestsWhere {
  if (!where) return {};
  const wanted: RequestsWhere = {};
  if (where.join === 'OR' && where.predicates.length > 1) {
    throw requestErrors.invalidWhere('Site membership requests can be filtered by siteId and personId joined with AND');
  }
  for (const p of where.predicates) {
    const property = p.property;
    if (p.kind !== 'compare' || p.operator !== '=' || p.not || (property !== 'siteId' && property !== 'personId')) {
      throw requestErrors.invalidWhere(
        `The property '${property}' isn't supported for this comparison: use (siteId='…') or (personId='…')`,
      );
    }
    if (wanted[property] !== undefined && wanted[property] !== p.value) {
      throw requestErrors.invalidWhere(`The property '${property}' can be compared to one value only`);
    }
    wanted[property] = p.value;
  }
  return wanted;
}
