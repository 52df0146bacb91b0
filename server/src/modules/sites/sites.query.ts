import { badRequest, invalidProperty } from '../../http/errors.ts';
import type { WhereClause } from '../../http/where.ts';
import { VISIBILITIES, type Visibility } from './sites.model.ts';

/**
 * The visibilities a `GET /sites` where clause asks for (Alfresco's SitesImpl): `visibility=`
 * one of PUBLIC, PRIVATE, MODERATED, or several such predicates joined with OR; undefined
 * without a clause. Other values, properties, operators, NOT and AND are 400.
 */
export function siteVisibilities(where: WhereClause | undefined): Visibility[] | undefined {
  if (!where) return undefined;
  if (where.join === 'AND' && where.predicates.length > 1) {
    throw badRequest('Sites can be filtered by visibility predicates joined with OR only');
  }
  const wanted = new Set<Visibility>();
  for (const p of where.predicates) {
    if (p.kind !== 'compare' || p.operator !== '=' || p.not || p.property !== 'visibility') {
      throw invalidProperty(
        `The property '${p.property}' isn't supported for this comparison: use (visibility='PUBLIC')`,
      );
    }
    const visibility = VISIBILITIES.find((v) => v === p.value);
    if (!visibility) {
      throw badRequest(`Invalid visibility '${p.value}': expected PUBLIC, PRIVATE or MODERATED`);
    }
    wanted.add(visibility);
  }
  return VISIBILITIES.filter((v) => wanted.has(v));
}
