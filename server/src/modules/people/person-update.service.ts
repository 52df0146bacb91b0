import { badRequest, entityNotFound, permissionDenied } from '../../http/errors.ts';
import type { Principal } from '../../http/principal.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { load } from './people-lookups.ts';
import type { PersonPatch, PersonRecord } from './people.repository.ts';
import type { PeopleServiceDeps, PersonUpdate } from './people.service.ts';
import { checkCustom, checkCustomSize, checkNewPassword, personErrors, profilePatch } from './person-checks.ts';

/** 403 for a wrong old password, and while the throttle makes this person wait at this address. */
async function checkOldPassword(
  deps: PeopleServiceDeps,
  person: PersonRecord,
  oldPassword: string,
  clientAddress: string,
): Promise<void> {
  if (!(await deps.throttle.reserve(person.id, clientAddress))) {
    throw permissionDenied('Too many incorrect passwords: wait a few seconds before trying again.');
  }
  if (!(await verifyPassword(oldPassword, person.passwordHash))) throw permissionDenied('Incorrect password.');
  await deps.throttle.succeeded(person.id, clientAddress);
}

/** The profile, names and email the body changes (custom properties: mergedProperties, in save). */
function profileChanges(body: PersonUpdate): PersonPatch {
  for (const field of ['firstName', 'email'] as const) {
    if (body[field] !== undefined && !body[field].trim()) throw personErrors.required(field);
  }
  checkCustom(body.aspectNames, body.properties);
  const patch: PersonPatch = profilePatch(body);
  if (body.firstName !== undefined) patch.firstName = body.firstName;
  if (body.email !== undefined) patch.email = body.email;
  return patch;
}

/** The person's custom properties with the body's merged in (null removes one). */
function mergedProperties(current: Record<string, unknown>, changes: Record<string, unknown>) {
  const merged: Record<string, unknown> = { ...current };
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) delete merged[k];
    else merged[k] = v;
  }
  checkCustomSize(merged);
  return merged;
}

/** Enabled and quota: administrators only; an administrator is never disabled. */
async function adminChanges(
  deps: PeopleServiceDeps,
  principal: Principal,
  person: PersonRecord,
  body: PersonUpdate,
): Promise<PersonPatch> {
  const patch: PersonPatch = {};
  if (body.enabled !== undefined && body.enabled !== person.enabled) {
    if (!principal.isAdmin) throw permissionDenied('Only administrators can enable or disable people');
    if (!body.enabled && (await deps.isAdmin(person.id))) throw permissionDenied('An administrator cannot be disabled');
    patch.enabled = body.enabled;
  }
  if (body.quota !== undefined) {
    if (!principal.isAdmin) throw permissionDenied('Only administrators can set quotas');
    patch.quota = body.quota;
  }
  return patch;
}

/** A new password (the policy's; the old one too, unless an administrator sets it). */
async function passwordChange(
  deps: PeopleServiceDeps,
  principal: Principal,
  person: PersonRecord,
  body: PersonUpdate,
  clientAddress: string,
): Promise<PersonPatch> {
  if (body.password === undefined) {
    if (body.oldPassword !== undefined) throw badRequest('oldPassword is only used together with password');
    return {};
  }
  checkNewPassword(body.password, person.id, deps.passwordMinLength);
  if (!principal.isAdmin) {
    if (!body.oldPassword) throw personErrors.required('oldPassword');
    await checkOldPassword(deps, person, body.oldPassword, clientAddress);
  }
  return { passwordHash: await hashPassword(body.password, deps.passwordHashCost) };
}

/**
 * Writes the patch, and the custom properties `changes` merged into those of the person's row as
 * the transaction holds it (PostgreSQL: a concurrent update's keys are not lost; a person deleted
 * meanwhile is 404). Disabling or enabling a person, or setting their password, ends their
 * tickets in the same transaction (a re-enabled account's old tickets do not come back). A
 * person changing their own password keeps the ticket of this request.
 */
async function save(
  deps: PeopleServiceDeps,
  principal: Principal,
  person: PersonRecord,
  patch: PersonPatch,
  changes: Record<string, unknown> | undefined,
) {
  const { db, repos } = deps;
  const revokes = patch.enabled !== undefined || patch.passwordHash !== undefined;
  if (!revokes && !changes) return repos.people.update(db, person.id, patch);
  const self = person.id === principal.id;
  await db.transaction().execute(async (tx) => {
    let write = patch;
    if (changes) {
      const held = await repos.people.lockById(tx, person.id);
      if (!held) throw entityNotFound(person.id);
      write = { ...patch, properties: mergedProperties(held.properties, changes) };
    }
    await repos.people.update(tx, person.id, write);
    if (revokes) await repos.tickets.deleteOf(tx, person.id, self ? principal.ticket : undefined);
  });
  if (revokes) deps.onCredentialsRevoked?.();
}

/**
 * PUT /people/{id}: the person or an administrator; enabled and quota by administrators only.
 * `clientAddress`: where the request comes from, for the throttle of the old password.
 */
export async function update(
  deps: PeopleServiceDeps,
  principal: Principal,
  idOrMe: string,
  body: PersonUpdate,
  clientAddress: string,
): Promise<PersonRecord> {
  const person = await load(deps, principal, idOrMe);
  if (person.id !== principal.id && !principal.isAdmin) {
    throw permissionDenied(`Only ${person.id} or an administrator can change this person`);
  }
  const patch: PersonPatch = profileChanges(body);
  Object.assign(patch, await adminChanges(deps, principal, person, body));
  Object.assign(patch, await passwordChange(deps, principal, person, body, clientAddress));
  await save(deps, principal, person, patch, body.properties);
  return (await deps.repos.people.findById(deps.db, person.id))!;
}
