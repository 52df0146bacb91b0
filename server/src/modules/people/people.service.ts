import { randomUUID } from 'node:crypto';
import { isUniqueViolation, type Db, type DbOrTx } from '../../db/database.ts';
import type { Principal } from '../../http/principal.ts';
import { badRequest, entityNotFound, permissionDenied } from '../../http/errors.ts';
import type { SortField } from '../../http/params.ts';
import type { NodesRepository } from '../nodes/core/nodes.repository.ts';
import { freeName } from '../nodes/core/free-name.ts';
import type { AclsService } from '../permissions/acls.service.ts';
import type { SystemNodes } from '../nodes/core/special-nodes.ts';
import type { PersonView } from './people.mappers.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { passwordProblem } from './password-policy.ts';
import { checkCustom, checkCustomSize, checkPersonId, personErrors } from './person-checks.ts';
import {
  PROFILE_FIELDS,
  type Company,
  type PeopleRepository,
  type PersonPatch,
  type PersonRecord,
  type PersonSort,
} from './people.repository.ts';

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
  /** Called once a change that ends tickets has committed: the authenticator forgets what it remembers. */
  onCredentialsRevoked?: () => void;
  repos: { people: PeopleRepository; nodes: NodesRepository; tickets: TicketsRevoker };
}

const SORTABLE = new Set<PersonSort>(['id', 'firstName', 'lastName']);
/** Profile strings of a body: '' clears a field (Alfresco reads an empty string as null). */
function profilePatch(body: PersonFields): PersonPatch {
  const patch: PersonPatch = {};
  for (const field of PROFILE_FIELDS) {
    const value = body[field];
    if (value !== undefined) patch[field] = value.trim() === '' ? null : value;
  }
  if (body.company !== undefined) patch.company = body.company;
  if (body.emailNotificationsEnabled !== undefined) patch.emailNotificationsEnabled = body.emailNotificationsEnabled;
  if (body.aspectNames !== undefined) patch.aspects = [...new Set(body.aspectNames)];
  return patch;
}

export function createPeopleService(deps: PeopleServiceDeps) {
  const { db, repos, throttle } = deps;

  /** 400 for a password the policy refuses (password-policy.ts). */
  function checkNewPassword(password: string, personId: string): void {
    const problem = passwordProblem(password, personId, deps.passwordMinLength);
    if (problem) throw badRequest(problem);
  }

  /** 403 for a wrong old password, and while the throttle makes this person wait at this address. */
  async function checkOldPassword(person: PersonRecord, oldPassword: string, clientAddress: string): Promise<void> {
    if (!(await throttle.reserve(person.id, clientAddress))) {
      throw permissionDenied('Too many incorrect passwords: wait a few seconds before trying again.');
    }
    if (!(await verifyPassword(oldPassword, person.passwordHash))) throw permissionDenied('Incorrect password.');
    await throttle.succeeded(person.id, clientAddress);
  }

  async function load(principal: Principal, idOrMe: string): Promise<PersonRecord> {
    const id = idOrMe === '-me-' ? principal.id : idOrMe;
    const person = await repos.people.findById(db, id);
    if (!person) throw entityNotFound(id);
    return person;
  }

  /** A home folder under User Homes, owned by the person, readable by the person alone (and admins). */
  async function createHome(tx: DbOrTx, personId: string, by: string, now: number): Promise<string> {
    const userHomes = (await repos.nodes.findById(tx, deps.systemNodes.userHomes))!;
    const id = randomUUID();
    await repos.nodes.insert(tx, {
      id,
      parentId: userHomes.id,
      name: await freeName(repos.nodes, tx, userHomes.id, personId),
      nodeType: 'cm:folder',
      isFolder: true,
      isFile: false,
      aspects: ['cm:auditable'],
      properties: {},
      createdAt: now,
      createdBy: by,
      ownerId: personId,
    });
    const permissions = {
      inherit: false,
      local: [
        { authorityId: 'ROLE_OWNER', name: 'All', accessStatus: 'ALLOWED' as const },
        { authorityId: personId, name: 'All', accessStatus: 'ALLOWED' as const },
      ],
    };
    await repos.nodes.update(tx, id, { permissions, modifiedAt: now, modifiedBy: by });
    await deps.acls.permissionsChanged(
      tx,
      { id, parentId: userHomes.id, aclId: userHomes.aclId, isFolder: true },
      permissions,
    );
    return id;
  }

  return {
    load,

    isAdmin(personId: string): Promise<boolean> {
      return deps.isAdmin(personId);
    },

    quotaUsed(personId: string): Promise<number> {
      return repos.people.quotaUsed(db, personId);
    },

    /** What GET /people/{id} shows this caller: capabilities always, the quota to the person and administrators. */
    async view(principal: Principal, person: PersonRecord): Promise<PersonView> {
      const mine = principal.id === person.id || principal.isAdmin;
      return {
        capabilities: { isAdmin: await this.isAdmin(person.id), isGuest: person.id === 'guest', isMutable: mine },
        ...(mine ? { quotaUsed: await repos.people.quotaUsed(db, person.id) } : {}),
      };
    },

    async list(options: { skipCount: number; maxItems: number; orderBy: SortField[]; search?: string }) {
      const sort = options.orderBy.map(({ field, ascending }) => {
        if (!SORTABLE.has(field as PersonSort)) throw badRequest(`Invalid sort field: ${field}`);
        return { field: field as PersonSort, ascending };
      });
      return repos.people.list(db, {
        skip: options.skipCount,
        limit: options.maxItems,
        sort: sort.length ? sort : [{ field: 'id', ascending: true }],
        ...(options.search ? { search: options.search } : {}),
      });
    },

    /** POST /people: fields checked (400), then the caller (403), then the id (409). */
    async create(principal: Principal, body: PersonCreate): Promise<PersonRecord> {
      checkPersonId(body.id);
      for (const field of ['firstName', 'email', 'password'] as const) {
        if (!body[field]?.trim()) throw personErrors.required(field);
      }
      checkNewPassword(body.password, body.id);
      checkCustom(body.aspectNames, body.properties);
      checkCustomSize(body.properties);
      if (!principal.isAdmin) throw permissionDenied('Only administrators can create people');
      if (await repos.people.findById(db, body.id)) throw personErrors.exists(body.id);
      const passwordHash = await hashPassword(body.password);
      const now = Date.now();
      try {
        await db.transaction().execute(async (tx) => {
          const homeFolderId = await createHome(tx, body.id, principal.id, now);
          await repos.people.insert(
            tx,
            {
              ...profilePatch(body),
              id: body.id,
              firstName: body.firstName,
              email: body.email,
              enabled: body.enabled ?? true,
              passwordHash,
              homeFolderId,
              properties: body.properties ?? {},
            },
            now,
          );
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw personErrors.exists(body.id);
        throw error;
      }
      return (await repos.people.findById(db, body.id))!;
    },

    /**
     * PUT /people/{id}: the person or an administrator; enabled and quota by administrators only.
     * `clientAddress`: where the request comes from, for the throttle of the old password.
     */
    async update(
      principal: Principal,
      idOrMe: string,
      body: PersonUpdate,
      clientAddress: string,
    ): Promise<PersonRecord> {
      const person = await load(principal, idOrMe);
      const self = person.id === principal.id;
      if (!self && !principal.isAdmin)
        throw permissionDenied(`Only ${person.id} or an administrator can change this person`);
      for (const field of ['firstName', 'email'] as const) {
        if (body[field] !== undefined && !body[field].trim()) throw personErrors.required(field);
      }
      checkCustom(body.aspectNames, body.properties);
      const patch: PersonPatch = profilePatch(body);
      if (body.firstName !== undefined) patch.firstName = body.firstName;
      if (body.email !== undefined) patch.email = body.email;
      if (body.properties !== undefined) {
        const merged: Record<string, unknown> = { ...person.properties };
        for (const [k, v] of Object.entries(body.properties)) {
          if (v === null) delete merged[k];
          else merged[k] = v;
        }
        checkCustomSize(merged);
        patch.properties = merged;
      }
      if (body.enabled !== undefined && body.enabled !== person.enabled) {
        if (!principal.isAdmin) throw permissionDenied('Only administrators can enable or disable people');
        if (!body.enabled && (await this.isAdmin(person.id)))
          throw permissionDenied('An administrator cannot be disabled');
        patch.enabled = body.enabled;
      }
      if (body.quota !== undefined) {
        if (!principal.isAdmin) throw permissionDenied('Only administrators can set quotas');
        patch.quota = body.quota;
      }
      if (body.password !== undefined) {
        checkNewPassword(body.password, person.id);
        if (!principal.isAdmin) {
          if (!body.oldPassword) throw personErrors.required('oldPassword');
          await checkOldPassword(person, body.oldPassword, clientAddress);
        }
        patch.passwordHash = await hashPassword(body.password);
      } else if (body.oldPassword !== undefined) {
        throw badRequest('oldPassword is only used together with password');
      }
      // Disabling or enabling a person, or setting their password, ends their tickets in the same
      // transaction (a re-enabled account's old tickets do not come back). A person changing their
      // own password keeps the ticket of this request.
      const revokes = patch.enabled !== undefined || patch.passwordHash !== undefined;
      if (revokes) {
        await db.transaction().execute(async (tx) => {
          await repos.people.update(tx, person.id, patch);
          await repos.tickets.deleteOf(tx, person.id, self ? principal.ticket : undefined);
        });
        deps.onCredentialsRevoked?.();
      } else {
        await repos.people.update(db, person.id, patch);
      }
      return (await repos.people.findById(db, person.id))!;
    },
  };
}

export type PeopleService = ReturnType<typeof createPeopleService>;
