import type { components } from '../../../../openapi/schema.gen.ts';

export type Person = components['schemas']['Person'];
export type PersonBodyCreate = components['schemas']['PersonBodyCreate'];
export type PersonBodyUpdate = components['schemas']['PersonBodyUpdate'];
export type Company = components['schemas']['Company'];
