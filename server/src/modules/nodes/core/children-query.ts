import { badRequest, invalidProperty } from '../../../http/errors.ts';
import type { SortField } from '../../../http/params.ts';
import type { WhereClause } from '../../../http/where.ts';
import type { Dictionary } from '../../dictionary/dictionary.ts';
import type { ChildFilter, ChildSortKey, SortColumn } from './children.repository.ts';

const SORTABLE = new Set<SortColumn>([
  'isFolder',
  'name',
  'mimeType',
  'nodeType',
  'sizeInBytes',
  'modifiedAt',
  'createdAt',
  'modifiedByUser',
  'createdByUser',
]);

const QNAME = /^([A-Za-z][\w-]*):[\w.-]+$/;

/**
 * `orderBy` of a children listing: the columns above or any property by its QName (`cm:title`);
 * the default is folders first, then name.
 */
export function childSort(
  orderBy: SortField[],
  dictionary: Pick<Dictionary, 'isKnownPrefix'>,
): { column: ChildSortKey; ascending: boolean }[] {
  if (orderBy.length === 0) {
    return [
      { column: 'isFolder', ascending: false },
      { column: 'name', ascending: true },
    ];
  }
  if (orderBy.length > 3) throw badRequest('At most 3 sort fields are supported');
  return orderBy.map(({ field, ascending }) => {
    const qname = QNAME.exec(field);
    if (qname) {
      if (!dictionary.isKnownPrefix(qname[1]!)) {
        throw badRequest(`${field} isn't a valid QName. Namespace prefix ${qname[1]} is not mapped`);
      }
      return { column: field as ChildSortKey, ascending };
    }
    if (!SORTABLE.has(field as SortColumn)) throw badRequest(`Invalid sort field: ${field}`);
    return { column: field as SortColumn, ascending };
  });
}

const TRUE_FALSE = new Set(['true', 'false']);

/**
 * `where` of a children listing: isFolder, isFile, nodeType (`'cm:content INCLUDESUBTYPES'`),
 * isPrimary and assocType, equality only, joined with AND.
 */
export function childFilter(dictionary: Dictionary, where: WhereClause | undefined): ChildFilter {
  const filter: ChildFilter = {};
  if (!where) return filter;
  if (where.join === 'OR' && where.predicates.length > 1) throw badRequest('OR is not supported in this where clause');
  for (const p of where.predicates) {
    if (p.kind !== 'compare' || p.operator !== '=') {
      throw invalidProperty(`The property '${p.property}' isn't supported for this comparison`);
    }
    if (p.not) throw badRequest('Cannot use NOT for EQUALS comparison.');
    const unsupported = () =>
      invalidProperty(`The property '${p.property}' with value '${p.value}' isn't supported for EQUALS comparison`);
    switch (p.property) {
      case 'isFolder':
      case 'isFile':
      case 'isPrimary':
        if (!TRUE_FALSE.has(p.value)) throw unsupported();
        if (p.property === 'isPrimary') {
          filter.primary = p.value === 'true';
        } else {
          filter[p.property] = p.value === 'true';
        }
        break;
      case 'nodeType': {
        const [type, modifier, ...rest] = p.value.trim().split(/\s+/);
        if (
          !type ||
          rest.length ||
          (modifier && modifier.toUpperCase() !== 'INCLUDESUBTYPES') ||
          !dictionary.type(type)
        ) {
          throw unsupported();
        }
        filter.nodeTypes = modifier ? dictionary.subtypesOf(type) : [type];
        break;
      }
      case 'assocType':
        // cm:contains is the only child association type of the model.
        if (!/^\w+:\w+$/.test(p.value)) throw unsupported();
        if (p.value !== 'cm:contains') filter.none = true;
        break;
      default:
        throw unsupported();
    }
  }
  if (filter.isFile && filter.isFolder) throw badRequest('isFile=true and isFolder=true cannot both be requested');
  if (filter.nodeTypes && (filter.isFile !== undefined || filter.isFolder !== undefined)) {
    throw badRequest('nodeType cannot be combined with isFile or isFolder');
  }
  return filter;
}
