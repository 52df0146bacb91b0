import type { Db, DbOrTx } from '../../db/database.ts';
import type { Principal } from '../../http/principal.ts';
import { badRequest } from '../../http/errors.ts';
import type { SortField } from '../../http/params.ts';
import type { NodesRepository } from '../nodes/core/nodes.repository.ts';
import type { AclsService } from '../permissions/acls.service.ts';
import type { SystemNodes } from '../nodes/core/special-nodes.ts';
import type { PersonView } from './people.mappers.ts';
import { load } from './people-lookups.ts';
import type { Company, PeopleRepository, PersonRecord, PersonSort } from './people.repository.ts';
import { create } from './person-create.service.ts';
import { update } from './person-update.service.ts';

export interface PersonFields {
  firstName?: string;
  email?: string;
  lastName?: string;
  description?: string;
  skypeId?: string;
  googleId?: string;
  instantMessageId?: string;
  jobTitle?: string;
  location?: string;
  mobile?: string;
  telephone?: string;
  userStatus?: string;
  company?: Company;
  enabled?: boolean;
  emailNotificationsEnabled?: boolean;
  aspectNames?: string[];
  properties?: Record<string, unknown>;
}

export interface PersonCreate extends PersonFields {
  id: string;
  firstName: string;
  email: string;
  password: string;
}

export interface PersonUpdate extends PersonFields {
  password?: string;
  oldPassword?: string;
  quota?: number;
}

/**
 * What a password change needs of the sign-in throttle (auth/login-throttle.ts implements it;
 * people/ is below auth/ and groups/, which read its records, so it names what it needs of them).
 */
export interface PasswordThrottle {
  reserve(personId: string, clientAddress: string): Promise<boolean>;
  succeeded(personId: string, clientAddress: string): Promise<void>;
}

/** Ending a person's tickets inside a transaction (auth/tickets.repository.ts implements it). */
export interface TicketsRevoker {
  deleteOf(db: DbOrTx, personId: string, keep?: string): Promise<void>;
}

export interface PeopleServiceDeps {
  db: Db;
  systemNodes: SystemNodes;
  acls: AclsService;
  /** The sign-in throttle: a password change's old password is a guess like a sign-in. */
  throttle: PasswordThrottle;
  /** Whether the person is an administrator (a member of GROUP_ALFRESCO_ADMINISTRATORS: groups/ knows). */
  isAdmin: (personId: string) => Promise<boolean>;
  /** PASSWORD_MIN_LENGTH: the password policy's shortest password. */
  passwordMinLength: number;
  /** PASSWORD_HASH_COST: log2 of scrypt's N for the hashes of new passwords. */
  passwordHashCost: number;
  /** Called once a change that ends tickets has committed: the authenticator forgets what it remembers. */
  onCredentialsRevoked?: () => void;
  repos: { people: PeopleRepository; nodes: NodesRepository; tickets: TicketsRevoker };
}

const SORTABLE = new Set<PersonSort>(['id', 'firstName', 'lastName']);

/** What GET /people/{id} shows this caller: capabilities always, the quota to the person and administrators. */
async function view(deps: PeopleServiceDeps, principal: Principal, person: PersonRecord): Promise<PersonView> {
  const mine = principal.id === person.id || principal.isAdmin;
  return {
    capabilities: { isAdmin: await deps.isAdmin(person.id), isGuest: person.id === 'guest', isMutable: mine },
    ...(mine ? { quotaUsed: await deps.repos.people.quotaUsed(deps.db, person.id) } : {}),
  };
}

export interface PeopleListing {
  skipCount: number;
  maxItems: number;
  orderBy: SortField[];
  search?: string;
}

async function list(deps: PeopleServiceDeps, options: PeopleListing) {
  const sort = options.orderBy.map(({ field, ascending }) => {
    if (!SORTABLE.has(field as PersonSort)) throw badRequest(`Invalid sort field: ${field}`);
    return { field: field as PersonSort, ascending };
  });
  return deps.repos.people.list(deps.db, {
    skip: options.skipCount,
    limit: options.maxItems,
    sort: sort.length ? sort : [{ field: 'id', ascending: true }],
    ...(options.search ? { search: options.search } : {}),
  });
}

/** People: reads here, POST in person-create.service.ts, PUT in person-update.service.ts. */
export function createPeopleService(deps: PeopleServiceDeps) {
  return {
    load: (principal: Principal, idOrMe: string) => load(deps, principal, idOrMe),
    isAdmin: (personId: string): Promise<boolean> => deps.isAdmin(personId),
    quotaUsed: (personId: string): Promise<number> => deps.repos.people.quotaUsed(deps.db, personId),
    view: (principal: Principal, person: PersonRecord) => view(deps, principal, person),
    list: (options: PeopleListing) => list(deps, options),
    create: (principal: Principal, body: PersonCreate) => create(deps, principal, body),
    update: (principal: Principal, idOrMe: string, body: PersonUpdate, clientAddress: string) =>
      update(deps, principal, idOrMe, body, clientAddress),
  };
}

export type PeopleService = ReturnType<typeof createPeopleService>;
