import { ApiError, badRequest, integrity } from '../../http/errors.ts';
import { passwordProblem } from './password-policy.ts';
import { PROFILE_FIELDS, type PersonPatch } from './people.repository.ts';
import type { PersonFields } from './people.service.ts';

/**
 * What a person's id, password and custom aspects and properties must be (POST and PUT /people),
 * and the profile fields of a body as a patch.
 */

const RESERVED_NAMESPACES = /^(cm|sys|usr):/i;

export const personErrors = {
  exists: (id: string) => new ApiError(409, 'framework.exception.ConstraintViolated', `Person '${id}' already exists.`),
  required: (field: string) => badRequest(`Field '${field}' is null/empty, but is required.`),
};

/**
 * Names of authorities the system itself uses, compared case-insensitively: `System` owns the
 * system folders, sites and site libraries; `guest` and `anonymous` are Alfresco's guest and
 * unauthenticated identities; `-me-` is the alias of the caller. (GROUP_ and ROLE_ names are
 * refused by their prefix.) A person by such a name would take their rights.
 */
export const RESERVED_PERSON_IDS: ReadonlySet<string> = new Set(['system', 'guest', 'anonymous', '-me-']);

/** 400 for an id Alfresco refuses: too long, a GROUP_/ROLE_ prefix, a reserved name, or / \ " and control characters. */
export function checkPersonId(id: string): void {
  if (!id.trim()) throw personErrors.required('id');
  if (id.length > 100) throw badRequest('The id of a person is at most 100 characters');
  if (/^(GROUP_|ROLE_)/i.test(id)) throw badRequest(`A person id cannot start with GROUP_ or ROLE_: ${id}`);
  // eslint-disable-next-line no-control-regex
  if (/[/\\"\u0000-\u001f\u007f]/.test(id)) {
    throw badRequest(`A person id cannot contain / \\ " or control characters: ${JSON.stringify(id)}`);
  }
  if (RESERVED_PERSON_IDS.has(id.toLowerCase())) {
    throw badRequest(`The person id ${id} is reserved for the system (System, guest, anonymous and -me- in any case)`);
  }
}

/** Custom aspects and properties: not in Alfresco's own namespaces; values are scalars or lists of them. */
export function checkCustom(aspectNames: string[] | undefined, properties: Record<string, unknown> | undefined): void {
  for (const name of [...(aspectNames ?? []), ...Object.keys(properties ?? {})]) {
    if (!/^\w+:\w+$/.test(name)) throw badRequest(`Invalid aspect or property name: ${name}`);
    if (RESERVED_NAMESPACES.test(name)) throw badRequest(`${name} cannot be set: cm:, sys: and usr: are reserved`);
  }
  for (const [name, value] of Object.entries(properties ?? {})) {
    const scalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
    if (!(scalar(value) || (Array.isArray(value) && value.every(scalar)))) {
      throw integrity(`The value of ${name} must be a string, number, boolean or a list of them`);
    }
  }
}

/** The most a person's custom properties may hold, as JSON. */
export const MAX_CUSTOM_PROPERTIES_BYTES = 64 * 1024;

export function checkCustomSize(properties: Record<string, unknown> | undefined): void {
  if (properties && Buffer.byteLength(JSON.stringify(properties)) > MAX_CUSTOM_PROPERTIES_BYTES) {
    throw badRequest(`A person's custom properties may hold at most 64 KiB (as JSON) in all`);
  }
}

/** 400 for a password the policy refuses (password-policy.ts). */
export function checkNewPassword(password: string, personId: string, minLength: number): void {
  const problem = passwordProblem(password, personId, minLength);
  if (problem) throw badRequest(problem);
}

/** Profile strings of a body: '' clears a field (Alfresco reads an empty string as null). */
export function profilePatch(body: PersonFields): PersonPatch {
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
