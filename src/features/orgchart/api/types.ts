import type { components } from '../../../../openapi/schema.gen.ts';

type Schemas = components['schemas'];
export type OrgUnit = Schemas['OrgUnit'];
export type OrgUnitChild = Schemas['OrgUnitChild'];
export type OrgMember = Schemas['OrgMember'];
export type OrgMemberListItem = Schemas['OrgMemberListItem'];
export type OrgJob = Schemas['OrgJob'];
export type Person = Schemas['Person'];
