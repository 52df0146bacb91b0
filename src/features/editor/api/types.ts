import type { components } from '../../../../openapi/schema.gen.ts';

export type Node = components['schemas']['Node'];
export type NodeBodyUpdate = components['schemas']['NodeBodyUpdate'];
export type ModelClass = components['schemas']['ModelClass'];
export type ModelProperty = components['schemas']['ModelProperty'];
export type PermissionElement = components['schemas']['PermissionElement'];
export type Version = components['schemas']['Version'];
export type Person = components['schemas']['Person'];
export type Group = components['schemas']['Group'];
export type Pagination = components['schemas']['Pagination'];
export type AllowableOperation = NonNullable<Node['allowableOperations']>[number];

export const can = (node: Pick<Node, 'allowableOperations'> | undefined, op: AllowableOperation): boolean =>
  node?.allowableOperations?.includes(op) ?? false;
