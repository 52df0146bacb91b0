import type { SiteRole, SiteVisibility } from '../api/types.ts';

export const MAX_SITE_ID = 72;
export const MAX_TITLE = 256;
export const MAX_DESCRIPTION = 512;

export interface SiteForm {
  id: string;
  title: string;
  description: string;
  visibility: SiteVisibility;
}

export type SiteFormErrors = Partial<Record<keyof SiteForm, string>>;

/** The id the server makes from a title when none is given (letters, digits, dashes; lower case). */
export function siteIdFromTitle(title: string): string {
  return title
    .trim()
    .replace(/[^A-Za-z0-9 -]/g, '')
    .replace(/ +/g, ' ')
    .replace(/ /g, '-')
    .toLowerCase()
    .slice(0, MAX_SITE_ID);
}

/** The server's rules for a new site, checked before sending (the same limits as the contract). */
export function validateSite(form: SiteForm): SiteFormErrors {
  const errors: SiteFormErrors = {};
  const title = form.title.trim();
  if (!title) errors.title = 'A site needs a title.';
  else if (title.length > MAX_TITLE) errors.title = `At most ${MAX_TITLE} characters.`;
  const id = form.id.trim();
  if (!id) errors.id = 'A site needs an id (letters, digits and dashes).';
  else if (!/^[A-Za-z0-9-]+$/.test(id)) errors.id = 'Only letters, digits and dashes (no spaces).';
  else if (id.length > MAX_SITE_ID) errors.id = `At most ${MAX_SITE_ID} characters.`;
  if (form.description.trim().length > MAX_DESCRIPTION) errors.description = `At most ${MAX_DESCRIPTION} characters.`;
  return errors;
}

/** Which field a refusal of `POST /sites` belongs to (the id's clash or format), or the form. */
export function fieldOfSiteError(status: number, summary: string | undefined): keyof SiteForm | undefined {
  if (status === 409) return 'id';
  if (status === 400 && summary) {
    if (/site id|short name|\/id\b/i.test(summary)) return 'id';
    if (/title/i.test(summary)) return 'title';
    if (/description/i.test(summary)) return 'description';
  }
  return undefined;
}

export const VISIBILITIES: { value: SiteVisibility; label: string; hint: string }[] = [
  { value: 'PUBLIC', label: 'Public', hint: 'Everyone can see it and its content.' },
  { value: 'MODERATED', label: 'Moderated', hint: 'Everyone can see it; content is for members.' },
  { value: 'PRIVATE', label: 'Private', hint: 'Only members can see it.' },
];

export const visibilityLabel = (v: SiteVisibility) => VISIBILITIES.find((x) => x.value === v)?.label ?? v;

export const ROLES: { value: SiteRole; label: string }[] = [
  { value: 'SiteManager', label: 'Manager' },
  { value: 'SiteCollaborator', label: 'Collaborator' },
  { value: 'SiteContributor', label: 'Contributor' },
  { value: 'SiteConsumer', label: 'Consumer' },
];

export const roleLabel = (role: SiteRole | undefined) =>
  role ? (ROLES.find((r) => r.value === role)?.label ?? role) : 'Not a member';
