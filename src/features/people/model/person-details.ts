import type { Person, PersonBodyUpdate } from '../api/types.ts';

/** What a person's page edits: the details `PUT /people/{id}` takes that people recognise. */
export const DETAIL_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'jobTitle',
  'telephone',
  'mobile',
  'location',
  'description',
] as const;
export type DetailField = (typeof DETAIL_FIELDS)[number];
export type Details = Record<DetailField, string>;
export type DetailErrors = Partial<Record<DetailField, string>>;

export const DETAIL_LABELS: Record<DetailField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  jobTitle: 'Job title',
  telephone: 'Telephone',
  mobile: 'Mobile',
  location: 'Location',
  description: 'About',
};

export const detailsOf = (person: Person): Details =>
  Object.fromEntries(DETAIL_FIELDS.map((f) => [f, person[f] ?? ''])) as Details;

/** First name and email are required (the server answers 400 for empty ones). */
export function validateDetails(details: Details): DetailErrors {
  const errors: DetailErrors = {};
  if (!details.firstName.trim()) errors.firstName = 'A first name is required.';
  if (!details.email.trim()) errors.email = 'An email address is required.';
  return errors;
}

/** Only what changed; an emptied field is sent empty (the server clears it). */
export function detailsBody(before: Details, after: Details): PersonBodyUpdate {
  const body: PersonBodyUpdate = {};
  for (const field of DETAIL_FIELDS) {
    const value = after[field].trim();
    if (value !== before[field].trim()) body[field] = value;
  }
  return body;
}

/** The field a 400 names ("Field 'email' is null/empty…"), if any. */
export function fieldOfDetailsError(summary: string | undefined): DetailField | undefined {
  const named = summary ? /Field '(\w+)'/.exec(summary)?.[1] : undefined;
  return DETAIL_FIELDS.find((f) => f === named);
}
