import type { Principal } from '../../../http/principal.ts';
import { badRequest, permissionDenied } from '../../../http/errors.ts';

/**
 * `cm:owner` in the values of a create or an update names the node's owner (the owner is cm:owner
 * when set, else the creator). A person's id is replaced by the id as stored; 400 when no person
 * has it (Alfresco refuses an unknown owner); 403 when it names someone other than the caller and
 * the caller is not an administrator (assertMayGive). Returns the owner's id, undefined when the
 * values do not set one (absent, or null: back to the creator).
 */
export async function settleOwner(
  values: Record<string, unknown>,
  findPerson: (id: string) => Promise<{ id: string } | undefined>,
  principal: Pick<Principal, 'id' | 'isAdmin'>,
): Promise<string | undefined> {
  const value = values['cm:owner'];
  if (typeof value !== 'string') return undefined;
  // Refused before the look-up: a 400 for unknown ids and a 403 for real ones would tell a
  // non-administrator which people exist.
  if (!principal.isAdmin && value.toLowerCase() !== principal.id.toLowerCase()) assertMayGive(principal, value);
  const person = value ? await findPerson(value) : undefined;
  if (!person) throw badRequest(`cm:owner names no person: ${value}`);
  assertMayGive(principal, person.id);
  values['cm:owner'] = person.id;
  return person.id;
}

/**
 * A node's bytes count against its owner's quota, so only administrators make someone else the
 * owner of a node (on create, upload or update, removing cm:owner included when that gives the
 * node back to a creator who is someone else); anyone may name themselves.
 */
export function assertMayGive(principal: Pick<Principal, 'id' | 'isAdmin'>, ownerId: string): void {
  if (ownerId !== principal.id && !principal.isAdmin) {
    throw permissionDenied(`Only an administrator can make ${ownerId} the owner of a node`);
  }
}

/** A client may send cm:owner back as the `{id, displayName}` it was shown: its id is what counts. */
export function ownerAsId(properties: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  const value = properties?.['cm:owner'];
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') {
    return { ...properties, 'cm:owner': (value as { id: string }).id };
  }
  return properties;
}
