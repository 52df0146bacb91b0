import type { ColumnType } from 'kysely';
import type { NodeEventsHorizonTable, NodeEventsTable } from './events-schema.ts';
import type { ContentTextTable, SearchDocsTable } from './search-schema.ts';

/** Tables as Kysely sees them (camelCase through CamelCasePlugin; the database uses snake_case). */
export interface Database {
  nodes: NodesTable;
  contentObjects: ContentObjectsTable;
  people: PeopleTable;
  personUsage: PersonUsageTable;
  childCountShards: ChildCountShardsTable;
  repositoryUsage: RepositoryUsageTable;
  versions: VersionsTable;
  secondaryChildren: AssocTable & { parentId: string; childId: string };
  peerAssocs: AssocTable & { sourceId: string; targetId: string };
  renditions: RenditionsTable;
  groups: GroupsTable;
  groupMembers: GroupMembersTable;
  tickets: TicketsTable;
  acls: AclsTable;
  aclGrants: AclGrantsTable;
  favorites: FavoritesTable;
  siteMembershipRequests: SiteMembershipRequestsTable;
  orgchartUnits: OrgchartUnitsTable;
  orgchartJobs: OrgchartJobsTable;
  orgchartMemberJobs: OrgchartMemberJobsTable;
  serverSecrets: ServerSecretsTable;
  loginAttempts: LoginAttemptsTable;
  contentText: ContentTextTable;
  searchDocs: SearchDocsTable;
  serverInstances: ServerInstancesTable;
  backgroundRuns: BackgroundRunsTable;
  nodeEvents: NodeEventsTable;
  nodeEventsHorizon: NodeEventsHorizonTable;
  downloads: DownloadsTable;
}

export type DownloadStatus = 'PENDING' | 'IN_PROGRESS' | 'DONE' | 'MAX_CONTENT_SIZE_EXCEEDED' | 'CANCELLED';

/** A download (a zip of nodes, built off the request) and its durable job (migration 0031). */
export interface DownloadsTable {
  id: string;
  createdBy: string;
  /** The zip's name: `<node name>.zip` for one node, `archive.zip` for several. */
  name: string;
  /** JSON array of the node ids asked for. */
  nodeIds: string;
  status: DownloadStatus;
  bytesAdded: ColumnType<number, number | undefined, number>;
  totalBytes: ColumnType<number, number | undefined, number>;
  filesAdded: ColumnType<number, number | undefined, number>;
  totalFiles: ColumnType<number, number | undefined, number>;
  /** The zip's object in the content store, once DONE. */
  contentId: ColumnType<string | null, string | null | undefined, string | null>;
  sizeInBytes: ColumnType<number | null, number | null | undefined, number | null>;
  /** How many times the job was claimed. */
  attempts: ColumnType<number, number | undefined, number>;
  /** The lease of the instance building the zip (null: none). */
  claimedUntil: ColumnType<number | null, number | null | undefined, number | null>;
  createdAt: number;
  modifiedAt: number;
}

/** When a scheduled background job last started, on any instance (sweeper.ts). */
export interface BackgroundRunsTable {
  name: string;
  startedAt: number;
}

/** A running server instance; its lease is renewed by a heartbeat (ADR 0005). */
export interface ServerInstancesTable {
  id: string;
  startedAt: number;
  lastSeenAt: number;
}

/** A secret the server instances of this database share (written once, never changed). */
export interface ServerSecretsTable {
  name: string;
  value: string;
}

/** A pending request of a person to join a MODERATED site (the site's st:site node). */
export interface SiteMembershipRequestsTable {
  siteId: string;
  personId: string;
  message: string;
  createdAt: number;
  modifiedAt: number | null;
}

export type FavoriteKind = 'file' | 'folder' | 'site';

/** A person's favorite file, folder or site (the site's st:site node). */
export interface FavoritesTable {
  personId: string;
  targetId: string;
  kind: FavoriteKind;
  createdAt: number;
}

/** A unit of the organisation chart; its members are the members of its group. */
export interface OrgchartUnitsTable {
  id: string;
  /** Lower-cased id (unique): ids are looked up case-insensitively. */
  idKey: string;
  name: string;
  weight: number;
  /** Null for the root unit (one at most). */
  parentId: string | null;
  /** The backing group, GROUP_orgchart_<id>. */
  groupId: string;
  createdAt: number;
}

export interface OrgchartJobsTable {
  id: string;
  idKey: string;
  name: string;
  createdAt: number;
}

/** A person's job (one at most). */
export interface OrgchartMemberJobsTable {
  personId: string;
  jobId: string;
}

export interface GroupsTable {
  id: string;
  idKey: string;
  displayName: string;
  description: string | null;
  createdAt: number;
  /** The uuid of the group's node reference (workspace://SpacesStore/<uuid>); set on insert. */
  nodeUuid: ColumnType<string, string | undefined, never>;
}

export interface GroupMembersTable {
  groupId: string;
  memberId: string;
  memberType: 'PERSON' | 'GROUP';
  createdAt: number;
}

export interface TicketsTable {
  idHash: string;
  personId: string;
  createdAt: number;
  lastUsedAt: number;
}

/** One row per node that defines an ACL (entries of its own, or inheritance off). */
export interface AclsTable {
  id: string;
  parentAclId: string | null;
}

/** Derived: the access bits each authority holds through an ACL. */
export interface AclGrantsTable {
  aclId: string;
  authorityId: string;
  bits: number;
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
  /** Number of primary children, with the folder's `child_count_shards` (PostgreSQL); maintained by the nodes repository. */
  childCount: ColumnType<number, number | undefined, number>;
  lockOwner: ColumnType<string | null, string | null | undefined, string | null>;
  /** ALLOW_OWNER_CHANGES or FULL. */
  lockType: ColumnType<string | null, string | null | undefined, string | null>;
  /** PERSISTENT or EPHEMERAL (ended with the instance that took it: ADR 0005). */
  lockLifetime: ColumnType<string | null, string | null | undefined, string | null>;
  /** The server instance an EPHEMERAL lock was taken through (`server_instances.id`). */
  lockInstanceId: ColumnType<string | null, string | null | undefined, string | null>;
  lockExpiresAt: ColumnType<number | null, number | null | undefined, number | null>;
  inheritPermissions: ColumnType<Flag, Flag | undefined, Flag>;
  /** JSON array of {authorityId, name, accessStatus}. */
  localPermissions: ColumnType<string, string | undefined, string>;
  /** cm:owner when set, else the creator. */
  ownerId: string;
  /**
   * Bytes of the distinct contents the node's versions keep besides its live content; kept by
   * triggers (migration 0014), counted in its owner's usage.
   */
  historyBytes: ColumnType<number, number | undefined, number>;
  /**
   * The trash item this node is in (itself for the item), null for a live node; the archive root
   * names itself (migration 0016). Reads by id see live nodes only.
   */
  archivedRootId: ColumnType<string | null, string | null | undefined, string | null>;
  /** On a trash item: the parent it was deleted from (no foreign key: that parent may go). */
  archivedFrom: ColumnType<string | null, string | null | undefined, string | null>;
  /** On a trash item: when it was deleted, and by whom. */
  archivedAt: ColumnType<number | null, number | null | undefined, number | null>;
  archivedBy: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The node whose ACL applies: this node or the nearest ancestor that defines one. Null for a
   * file without an ACL of its own (it uses its folder's), so a permission change re-points
   * folders only.
   */
  aclId: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ContentObjectsTable {
  /** Also the object's key in the content store. */
  id: string;
  sizeInBytes: number;
  createdAt: number;
  /** The bytes of a small content, kept in the database (ADR 0008); null when they are in the content store. */
  data: Buffer | null;
}

/** PostgreSQL: the children a folder's creates counted, in shards (migration 0026); empty on SQLite. */
export interface ChildCountShardsTable {
  parentId: string;
  shard: number;
  n: number;
}

/** Bytes of content in the files each owner has: the sum over shards (triggers, migration 0011). */
export interface PersonUsageTable {
  ownerId: string;
  shard: number;
  bytes: number;
}

/** Bytes of all content objects: the sum over shards (triggers, migration 0011). */
export interface RepositoryUsageTable {
  shard: number;
  bytes: number;
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
  createdAt: number;
  description: ColumnType<string | null, string | null | undefined, string | null>;
  avatarId: ColumnType<string | null, string | null | undefined, string | null>;
  skypeId: ColumnType<string | null, string | null | undefined, string | null>;
  googleId: ColumnType<string | null, string | null | undefined, string | null>;
  instantMessageId: ColumnType<string | null, string | null | undefined, string | null>;
  jobTitle: ColumnType<string | null, string | null | undefined, string | null>;
  location: ColumnType<string | null, string | null | undefined, string | null>;
  mobile: ColumnType<string | null, string | null | undefined, string | null>;
  telephone: ColumnType<string | null, string | null | undefined, string | null>;
  userStatus: ColumnType<string | null, string | null | undefined, string | null>;
  statusUpdatedAt: ColumnType<number | null, number | null | undefined, number | null>;
  /** JSON object: organization, address1…3, postcode, telephone, fax, email. */
  company: ColumnType<string, string | undefined, string>;
  emailNotificationsEnabled: ColumnType<Flag, Flag | undefined, Flag>;
  /** JSON array / object of custom aspects and properties. */
  aspects: ColumnType<string, string | undefined, string>;
  properties: ColumnType<string, string | undefined, string>;
  /** Content bytes the person may own; -1 = unlimited. */
  quota: ColumnType<number, number | undefined, number>;
  /** The uuid of the person's node reference (workspace://SpacesStore/<uuid>); set on insert. */
  nodeUuid: ColumnType<string, string | undefined, never>;
}

/** Failed sign-ins per key (a user, or a user and client address pair), by the key's SHA-256 (migration 0012). */
export interface LoginAttemptsTable {
  keyHash: string;
  failures: number;
  lastFailureAt: number;
  nextAllowedAt: number;
  expiresAt: number;
}
