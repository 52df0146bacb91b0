import { badRequest } from '../../http/errors.ts';

/**
 * `cm:owner` in the values of a create or an update names the node's owner (the owner is cm:owner
 * when set, else the creator). A person's id is replaced by the id as stored; 400 when no person
 * has it (Alfresco refuses an unknown owner). Returns the owner's id, undefined when the values do
 * not set one (absent, or null: back to the creator).
 */
export async function settleOwner(
  values: Record<string, unknown>,
  findPerson: (id: string) => Promise<{ id: string } | undefined>,
): Promise<string | undefined> {
  const value = values['cm:owner'];
  if (typeof value !== 'string') return undefined;
  const person = value ? await findPerson(value) : undefined;
  if (!person) throw badRequest(`cm:owner names no person: ${value}`);
  values['cm:owner'] = person.id;
  return person.id;
}

/** A client may send cm:owner back as the `{id, displayName}` it was shown: its id is what counts. */
export function ownerAsId(properties: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  const value = properties?.['cm:owner'];
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') {
    return { ...properties, 'cm:owner': (value as { id: string }).id };
  }
  return properties;
}
