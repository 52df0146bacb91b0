import type { components } from '../../../../openapi/schema.gen.ts';

export type Site = components['schemas']['Site'];
export type SiteBodyCreate = components['schemas']['SiteBodyCreate'];
export type SiteMember = components['schemas']['SiteMember'];
export type SiteRole = components['schemas']['SiteRoleName'];
export type SiteVisibility = components['schemas']['SiteVisibility'];
export type Person = components['schemas']['Person'];
