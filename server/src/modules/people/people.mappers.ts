import type { components } from '../../../../openapi/schema.gen.ts';
import { formatDate, omitEmpty } from '../../http/json.ts';
import { displayName } from '../nodes/core/display-names.ts';
import { PROFILE_FIELDS, type PersonRecord } from './people.repository.ts';

export type PersonJson = components['schemas']['Person'];

export interface PersonView {
  capabilities?: { isAdmin: boolean; isGuest: boolean; isMutable: boolean };
  /** Quire extension: the quota and what the person uses (shown to the person and administrators). */
  quotaUsed?: number;
}

/** Person record -> Alfresco's person JSON (empty values omitted; company always present). */
export function toPersonJson(person: PersonRecord, view: PersonView = {}): PersonJson {
  const profile = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, person[f]]));
  const json = omitEmpty({
    id: person.id,
    firstName: person.firstName,
    displayName: displayName(person),
    email: person.email,
    avatarId: person.avatarId,
    ...profile,
    statusUpdatedAt: person.statusUpdatedAt === null ? undefined : formatDate(person.statusUpdatedAt),
    aspectNames: person.aspects,
    properties: person.properties,
    capabilities: view.capabilities,
  }) as PersonJson;
  return {
    ...json,
    company: omitEmpty({ ...person.company }),
    enabled: person.enabled,
    emailNotificationsEnabled: person.emailNotificationsEnabled,
    ...(view.quotaUsed !== undefined ? { quota: person.quota, quotaUsed: view.quotaUsed } : {}),
  };
}
