import type { components } from '../../../../openapi/schema.gen.ts';

export type Node = components['schemas']['Node'];
export type NodeChildPaging = components['schemas']['NodeChildPaging'];
export type Pagination = components['schemas']['Pagination'];
export type AllowableOperation = NonNullable<Node['allowableOperations']>[number];

export const can = (node: Pick<Node, 'allowableOperations'> | undefined, op: AllowableOperation): boolean =>
  node?.allowableOperations?.includes(op) ?? false;
