import { badRequest, invalidProperty } from '../../../http/errors.ts';
import { parseWhere, type WhereClause } from '../../../http/where.ts';

/** Child association types of the built-in model (a folder contains any node). */
export const CHILD_ASSOC_TYPES = new Set(['cm:contains']);
/** Peer association types of the built-in model. */
export const PEER_ASSOC_TYPES = new Set(['cm:references', 'cm:attachments', 'cm:original']);

/** The association type, 400 when it is missing, not a QName or not one of `known`. */
export function checkType(assocType: string | undefined, known: Set<string>): string {
  if (!assocType) throw badRequest('assocType is expected');
  if (!/^[A-Za-z][\w-]*:[\w.-]+$/.test(assocType)) throw badRequest(`${assocType} isn't a valid QName.`);
  if (assocType.startsWith('sys:') || !known.has(assocType)) throw badRequest(`Unknown assocType: ${assocType}`);
  return assocType;
}

/** `where=(assocType='…')`, and for parents also `isPrimary=true|false`. */
export function assocFilter(
  where: WhereClause | undefined,
  known: Set<string>,
  allowIsPrimary = false,
): { assocType?: string; isPrimary?: boolean } {
  const filter: { assocType?: string; isPrimary?: boolean } = {};
  for (const p of where?.predicates ?? []) {
    if (p.kind !== 'compare' || p.operator !== '=' || p.not || (where!.join === 'OR' && where!.predicates.length > 1)) {
      throw badRequest(`Unsupported predicate on ${p.property}`);
    }
    if (p.property === 'assocType') filter.assocType = checkType(p.value, known);
    else if (allowIsPrimary && p.property === 'isPrimary' && (p.value === 'true' || p.value === 'false')) {
      filter.isPrimary = p.value === 'true';
    } else {
      throw invalidProperty(
        `The property '${p.property}' with value '${p.value}' isn't supported for EQUALS comparison`,
      );
    }
  }
  return filter;
}

/** The filter of a listing's `where` parameter (none when absent). */
export const filterOf = (where: string | undefined, known: Set<string>, allowIsPrimary = false) =>
  assocFilter(where === undefined ? undefined : parseWhere(where), known, allowIsPrimary);
