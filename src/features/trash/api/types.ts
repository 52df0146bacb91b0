import type { components } from '../../../../openapi/schema.gen.ts';

/** A trash item: the node as it was deleted, with when (`archivedAt`) and by whom (`archivedByUser`). */
export type DeletedNode = components['schemas']['DeletedNode'];
