import { randomUUID } from 'node:crypto';
import { isUniqueViolation, type DbOrTx } from '../../db/database.ts';
import { permissionDenied } from '../../http/errors.ts';
import type { Principal } from '../../http/principal.ts';
import { freeName } from '../nodes/core/free-name.ts';
import { hashPassword } from './passwords.ts';
import type { PersonRecord } from './people.repository.ts';
import type { PeopleServiceDeps, PersonCreate } from './people.service.ts';
import {
  checkCustom,
  checkCustomSize,
  checkNewPassword,
  checkPersonId,
  personErrors,
  profilePatch,
} from './person-checks.ts';

const HOME_PERMISSIONS = (personId: string) => ({
  inherit: false,
  local: [
    { authorityId: 'ROLE_OWNER', name: 'All', accessStatus: 'ALLOWED' as const },
    { authorityId: personId, name: 'All', accessStatus: 'ALLOWED' as const },
  ],
});

/** A home folder under User Homes, owned by the person, readable by the person alone (and admins). */
async function createHome(deps: PeopleServiceDeps, tx: DbOrTx, personId: string, by: string, now: number) {
  const { nodes } = deps.repos;
  const userHomes = (await nodes.findById(tx, deps.systemNodes.userHomes))!;
  const id = randomUUID();
  await nodes.insert(tx, {
    id,
    parentId: userHomes.id,
    name: await freeName(nodes, tx, userHomes.id, personId),
    nodeType: 'cm:folder',
    isFolder: true,
    isFile: false,
    aspects: ['cm:auditable'],
    properties: {},
    createdAt: now,
    createdBy: by,
    ownerId: personId,
  });
  const permissions = HOME_PERMISSIONS(personId);
  await deps.acls.setPermissions(
    tx,
    { id, parentId: userHomes.id, aclId: userHomes.aclId, isFolder: true },
    permissions,
    (acl) => nodes.update(tx, id, { permissions, ...acl, modifiedAt: now, modifiedBy: by }),
  );
  return id;
}

/** 400 for a body that lacks a field or has one the rules refuse. */
function checkCreate(deps: PeopleServiceDeps, body: PersonCreate): void {
  checkPersonId(body.id);
  for (const field of ['firstName', 'email', 'password'] as const) {
    if (!body[field]?.trim()) throw personErrors.required(field);
  }
  checkNewPassword(body.password, body.id, deps.passwordMinLength);
  checkCustom(body.aspectNames, body.properties);
  checkCustomSize(body.properties);
}

/** POST /people: fields checked (400), then the caller (403), then the id (409). */
export async function create(deps: PeopleServiceDeps, principal: Principal, body: PersonCreate): Promise<PersonRecord> {
  const { db, repos } = deps;
  checkCreate(deps, body);
  if (!principal.isAdmin) throw permissionDenied('Only administrators can create people');
  if (await repos.people.findById(db, body.id)) throw personErrors.exists(body.id);
  const passwordHash = await hashPassword(body.password, deps.passwordHashCost);
  const now = Date.now();
  try {
    await db.transaction().execute(async (tx) => {
      const homeFolderId = await createHome(deps, tx, body.id, principal.id, now);
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
}
