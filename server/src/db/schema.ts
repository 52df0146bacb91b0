import type { ColumnType } from 'kysely';

/** Tables as Kysely sees them (camelCase through CamelCasePlugin; the database uses snake_case). */
export interface Database {
  nodes: NodesTable;
  contentObjects: ContentObjectsTable;
  people: PeopleTable;
  versions: VersionsTable;
  secondaryChildren: AssocTable & { parentId: string; childId: string };
  peerAssocs: AssocTable & { sourceId: string; targetId: string };
  renditions: RenditionsTable;
}

interface AssocTable {
  assocType: string;
  createdAt: number;
}

/** A rendition requested for a file; NOT_CREATED until a converter makes it. */
export interface RenditionsTable {
  nodeId: string;
  renditionId: string;
  status: ColumnType<RenditionStatus, RenditionStatus | undefined, RenditionStatus>;
  createdAt: number;
}

export type RenditionStatus = 'NOT_CREATED' | 'CREATED';

export interface VersionsTable {
  nodeId: string;
  label: string;
  major: number;
  minor: number;
  comment: string | null;
  name: string;
  nodeType: string;
  contentId: string | null;
  mimeType: string | null;
  encoding: string | null;
  sizeInBytes: number | null;
  aspects: string;
  properties: string;
  createdAt: number;
  createdBy: string;
}

/** 0 or 1: both dialects store booleans as integers so one set of queries fits both. */
export type Flag = 0 | 1;

export interface NodesTable {
  id: string;
  parentId: string | null;
  name: string;
  /** Lower-cased name; unique per parent so that two siblings cannot differ only in case. */
  nameKey: string;
  nodeType: string;
  isFolder: Flag;
  isFile: Flag;
  /** Set on the bootstrap nodes (company_home, shared, …); unique. */
  systemKey: string | null;
  contentId: string | null;
  mimeType: string | null;
  encoding: string | null;
  sizeInBytes: number | null;
  /** JSON array of aspect names. */
  aspects: string;
  /** JSON object of property values. */
  properties: string;
  createdAt: number;
  createdBy: string;
  modifiedAt: number;
  modifiedBy: string;
  /** Number of primary children; maintained by the nodes repository. */
  childCount: ColumnType<number, number | undefined, number>;
  lockOwner: ColumnType<string | null, string | null | undefined, string | null>;
  /** ALLOW_OWNER_CHANGES or FULL. */
  lockType: ColumnType<string | null, string | null | undefined, string | null>;
  /** PERSISTENT or EPHEMERAL (cleared when a server starts). */
  lockLifetime: ColumnType<string | null, string | null | undefined, string | null>;
  lockExpiresAt: ColumnType<number | null, number | null | undefined, number | null>;
  inheritPermissions: ColumnType<Flag, Flag | undefined, Flag>;
  /** JSON array of {authorityId, name, accessStatus}. */
  localPermissions: ColumnType<string, string | undefined, string>;
}

export interface ContentObjectsTable {
  /** Also the object's key in the content store. */
  id: string;
  sizeInBytes: number;
  createdAt: number;
}

export interface PeopleTable {
  id: string;
  idKey: string;
  firstName: string;
  lastName: string | null;
  email: string | null;
  enabled: Flag;
  passwordHash: string;
  homeFolderId: string | null;
  isAdmin: Flag;
  createdAt: number;
}
