import { entityNotFound } from '../../http/errors.ts';
import type { Principal } from '../../http/principal.ts';
import type { PersonRecord } from './people.repository.ts';
import type { PeopleServiceDeps } from './people.service.ts';

/** The person by id (`-me-`: the caller), or 404. */
export async function load(deps: PeopleServiceDeps, principal: Principal, idOrMe: string): Promise<PersonRecord> {
  const id = idOrMe === '-me-' ? principal.id : idOrMe;
  const person = await deps.repos.people.findById(deps.db, id);
  if (!person) throw entityNotFound(id);
  return person;
}
