import type { components } from '../../../../openapi/schema.gen.ts';
import { formatDate } from '../../http/json.ts';
import type { PersonJson } from '../people/people.mappers.ts';
import type { MembershipRequest } from './site-membership-requests.service.ts';
import { toSiteJson } from './sites.mappers.ts';

export type SiteMembershipRequestJson = components['schemas']['SiteMembershipRequest'];
export type SiteMembershipRequestWithPersonJson = components['schemas']['SiteMembershipRequestWithPerson'];

/** A request as Alfresco shows it: the site's id, dates, the message (empty when none) and the site. */
export function toRequestJson({ request, site, role }: MembershipRequest): SiteMembershipRequestJson {
  return {
    id: site.id,
    createdAt: formatDate(request.createdAt),
    ...(request.modifiedAt === undefined ? {} : { modifiedAt: formatDate(request.modifiedAt) }),
    message: request.message,
    site: toSiteJson(site, role),
  };
}

/** A request in a manager's list: with the person asking. */
export function toRequestWithPersonJson(
  request: MembershipRequest,
  person: PersonJson,
): SiteMembershipRequestWithPersonJson {
  return { ...toRequestJson(request), person };
}
