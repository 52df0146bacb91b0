import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { jsonList } from '../../db/json-list.ts';
import { Access, DENIED_SHIFT } from './access.ts';

/** The ACLs granting one of these authorities a bit (the authorities as one parameter: a person may be in any number of groups). */
function grantsWith(authorities: readonly string[], bit: number, inlineMax?: number): RawBuilder<unknown> {
  return sql`select acl_id from acl_grants where authority_id in ${jsonList(authorities, inlineMax)} and (bits & ${bit}) <> 0`;
}

/**
 * SQL for "the ACL `acl` lets a caller with these authorities read": READ allowed to one of them
 * and denied to none (as `bitsFor` decides in memory). Every filtered listing uses it; a statement
 * that uses it many times passes a low `inlineMax` (jsonList).
 */
export function aclReadable(
  acl: Expression<unknown>,
  authorities: readonly string[],
  inlineMax?: number,
): RawBuilder<SqlBool> {
  const allowed = grantsWith(authorities, Access.READ, inlineMax);
  const denied = grantsWith(authorities, Access.READ << DENIED_SHIFT, inlineMax);
  return sql<SqlBool>`(${acl} in (${allowed}) and ${acl} not in (${denied}))`;
}

/** Its negation for a non-null `acl` (a null one, a file using its folder's ACL, matches neither). */
export function aclNotReadable(acl: Expression<unknown>, authorities: readonly string[]): RawBuilder<SqlBool> {
  const allowed = grantsWith(authorities, Access.READ);
  const denied = grantsWith(authorities, Access.READ << DENIED_SHIFT);
  return sql<SqlBool>`(${acl} not in (${allowed}) or ${acl} in (${denied}))`;
}
