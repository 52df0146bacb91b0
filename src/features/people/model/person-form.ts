import type { Company, PersonBodyCreate } from '../api/types.ts';

/** The text fields of personBodyCreate, as the form holds them. */
export const PROFILE_FIELDS = [
  'lastName',
  'description',
  'jobTitle',
  'location',
  'telephone',
  'mobile',
  'skypeId',
  'googleId',
  'instantMessageId',
  'userStatus',
] as const;
export const COMPANY_FIELDS = [
  'organization',
  'address1',
  'address2',
  'address3',
  'postcode',
  'telephone',
  'fax',
  'email',
] as const satisfies readonly (keyof Company)[];

type ProfileField = (typeof PROFILE_FIELDS)[number];
type CompanyField = (typeof COMPANY_FIELDS)[number];

export interface PersonForm extends Record<ProfileField, string> {
  id: string;
  firstName: string;
  email: string;
  password: string;
  company: Record<CompanyField, string>;
  enabled: boolean;
  emailNotificationsEnabled: boolean;
  /** Custom aspects, separated by commas or spaces. */
  aspectNames: string;
  /** Custom properties as a JSON object. */
  properties: string;
}

export type PersonFormField = Exclude<keyof PersonForm, 'company'> | `company.${CompanyField}`;
export type PersonFormErrors = Partial<Record<PersonFormField, string>>;

export const emptyPersonForm = (): PersonForm => ({
  id: '',
  firstName: '',
  email: '',
  password: '',
  ...(Object.fromEntries(PROFILE_FIELDS.map((f) => [f, ''])) as Record<ProfileField, string>),
  company: Object.fromEntries(COMPANY_FIELDS.map((f) => [f, ''])) as Record<CompanyField, string>,
  enabled: true,
  emailNotificationsEnabled: true,
  aspectNames: '',
  properties: '',
});

export const MAX_PERSON_ID = 100;
const QNAME = /^\w+:\w+$/;
const RESERVED = /^(cm|sys|usr):/i;

/** 400's reasons for an id, as the server words its rules (people.service checkPersonId). */
export function personIdProblem(id: string): string | undefined {
  if (!id.trim()) return 'A person needs a user name.';
  if (id.length > MAX_PERSON_ID) return `At most ${MAX_PERSON_ID} characters.`;
  if (/^(GROUP_|ROLE_)/i.test(id)) return 'A user name cannot start with GROUP_ or ROLE_.';
  // eslint-disable-next-line no-control-regex
  if (/[/\\"\u0000-\u001f\u007f]/.test(id)) return 'A user name cannot contain / \\ " or control characters.';
  if (['system', 'guest', 'anonymous', '-me-'].includes(id.toLowerCase())) {
    return `${id} is reserved for the system (System, guest, anonymous and -me- in any case).`;
  }
  return undefined;
}

export const splitAspects = (text: string) => text.split(/[\s,]+/).filter(Boolean);

function nameProblem(name: string): string | undefined {
  if (!QNAME.test(name)) return `${name} is not a prefixed name like acme:employee.`;
  if (RESERVED.test(name)) return `${name} cannot be set: cm:, sys: and usr: are reserved.`;
  return undefined;
}

/** The properties text as an object, or what is wrong with it. */
export function parseProperties(text: string): { value?: Record<string, unknown>; problem?: string } {
  if (!text.trim()) return { value: undefined };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { problem: 'Write the properties as a JSON object, e.g. {"acme:team": "Sales"}.' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { problem: 'Write the properties as a JSON object, e.g. {"acme:team": "Sales"}.' };
  }
  const scalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
  for (const [name, value] of Object.entries(parsed)) {
    const problem = nameProblem(name);
    if (problem) return { problem };
    if (!(scalar(value) || (Array.isArray(value) && value.every(scalar)))) {
      return { problem: `The value of ${name} must be a string, number, boolean or a list of them.` };
    }
  }
  return { value: parsed as Record<string, unknown> };
}

/** The server's rules for a new person (400 before 403 and 409), checked before sending. */
export function validatePerson(form: PersonForm): PersonFormErrors {
  const errors: PersonFormErrors = {};
  const idProblem = personIdProblem(form.id);
  if (idProblem) errors.id = idProblem;
  if (!form.firstName.trim()) errors.firstName = 'A first name is required.';
  if (!form.email.trim()) errors.email = 'An email address is required.';
  if (!form.password.trim()) errors.password = 'A password is required.';
  for (const name of splitAspects(form.aspectNames)) {
    const problem = nameProblem(name);
    if (problem) {
      errors.aspectNames = problem;
      break;
    }
  }
  const properties = parseProperties(form.properties);
  if (properties.problem) errors.properties = properties.problem;
  return errors;
}

/** The body of `POST /people`: empty text left out, the company only when something is in it. */
export function toPersonBody(form: PersonForm): PersonBodyCreate {
  const body: PersonBodyCreate = {
    id: form.id,
    firstName: form.firstName.trim(),
    email: form.email.trim(),
    password: form.password,
    enabled: form.enabled,
    emailNotificationsEnabled: form.emailNotificationsEnabled,
  };
  for (const field of PROFILE_FIELDS) {
    const value = form[field].trim();
    if (value) body[field] = value;
  }
  const company: Company = {};
  for (const field of COMPANY_FIELDS) {
    const value = form.company[field].trim();
    if (value) company[field] = value;
  }
  if (Object.keys(company).length) body.company = company;
  const aspects = splitAspects(form.aspectNames);
  if (aspects.length) body.aspectNames = aspects;
  const properties = parseProperties(form.properties).value;
  if (properties && Object.keys(properties).length) body.properties = properties;
  return body;
}

/** Which field a refusal of `POST /people` belongs to: 409 is the id; 400 names its field. */
export function fieldOfPersonError(status: number, summary: string | undefined): PersonFormField | undefined {
  if (status === 409) return 'id';
  if (!summary) return undefined;
  const required = /Field '(\w+)' is null\/empty/.exec(summary);
  if (required?.[1] && ['id', 'firstName', 'email', 'password'].includes(required[1])) {
    return required[1] as PersonFormField;
  }
  if (status === 400 && /person id/i.test(summary)) return 'id';
  // The password policy's refusals (its minimum length is the server's setting).
  if (status === 400 && /\bpassword\b/i.test(summary)) return 'password';
  if (status === 400 && /aspect or property name|cannot be set/i.test(summary)) return 'aspectNames';
  if (status === 422 && /The value of/i.test(summary)) return 'properties';
  return undefined;
}
