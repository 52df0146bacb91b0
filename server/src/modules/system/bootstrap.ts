import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/database.ts';
import type { GroupsRepository } from '../groups/groups.repository.ts';
import type { NodesRepository } from '../nodes/core/nodes.repository.ts';
import type { SystemNodes } from '../nodes/core/special-nodes.ts';
import type { AclsService } from '../permissions/acls.service.ts';
import type { PeopleRepository } from '../people/people.repository.ts';

const SPACE_ASPECTS = ['app:uifacets', 'cm:titled', 'cm:auditable'];

interface Space {
  key: keyof SystemNodes;
  name: string;
  type: string;
  title: string;
  description: string;
}

const CHILDREN: Space[] = [
  {
    key: 'dataDictionary',
    name: 'Data Dictionary',
    type: 'cm:folder',
    title: 'Data Dictionary',
    description: 'User managed definitions',
  },
  { key: 'guestHome', name: 'Guest Home', type: 'cm:folder', title: 'Guest Home', description: 'The guest root space' },
  { key: 'userHomes', name: 'User Homes', type: 'cm:folder', title: 'User Homes', description: 'User Homes' },
  {
    key: 'shared',
    name: 'Shared',
    type: 'cm:folder',
    title: 'Shared Folder',
    description: 'Folder to store shared stuff',
  },
  { key: 'sites', name: 'Sites', type: 'st:sites', title: 'Sites', description: 'Site Collaboration Spaces' },
];

const SYSTEM_USER = 'System';

type Repos = { nodes: NodesRepository; people: PeopleRepository; groups: GroupsRepository };

/**
 * First start: the admin account and the standard tree, in one transaction. Safe when several
 * server instances start at once: the loser of the race finds the winner's tree.
 */
export async function bootstrap(
  db: Db,
  repos: Repos,
  acls: AclsService,
  /** The admin password's hash, asked for only on a first start. */
  adminPasswordHash: () => Promise<string>,
): Promise<{ systemNodes: SystemNodes; created: boolean }> {
  const existing = await load(db, repos.nodes);
  if (existing) return { systemNodes: existing, created: false };
  const passwordHash = await adminPasswordHash();
  try {
    await db.transaction().execute(async (tx) => {
      const now = Date.now();
      const ids = await createSpaces(tx, repos.nodes, now);
      await grantDefaults(tx, repos.nodes, acls, ids, now);
      await createAdmin(tx, repos, passwordHash, ids.companyHome!, now);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const systemNodes = await load(db, repos.nodes);
  if (!systemNodes) throw new Error('Bootstrap did not create the standard tree');
  return { systemNodes, created: true };
}

/** A system folder of the standard tree. */
function insertSpace(
  tx: Tx,
  nodes: NodesRepository,
  node: { id: string; parentId: string | null; systemKey: string; now: number },
  s: Omit<Space, 'key'>,
) {
  return nodes.insert(tx, {
    id: node.id,
    parentId: node.parentId,
    name: s.name,
    nodeType: s.type,
    isFolder: true,
    isFile: false,
    systemKey: node.systemKey,
    aspects: SPACE_ASPECTS,
    properties: { 'app:icon': 'space-icon-default', 'cm:title': s.title, 'cm:description': s.description },
    createdAt: node.now,
    createdBy: SYSTEM_USER,
  });
}

/** Company Home and its standard children; answers their ids by system key. */
async function createSpaces(tx: Tx, nodes: NodesRepository, now: number): Promise<Record<string, string>> {
  const companyHome = randomUUID();
  await insertSpace(
    tx,
    nodes,
    { id: companyHome, parentId: null, systemKey: 'companyHome', now },
    { name: 'Company Home', type: 'cm:folder', title: 'Company Home', description: 'The company root space' },
  );
  const ids: Record<string, string> = { companyHome };
  for (const child of CHILDREN) {
    ids[child.key] = randomUUID();
    await insertSpace(tx, nodes, { id: ids[child.key]!, parentId: companyHome, systemKey: child.key, now }, child);
  }
  return ids;
}

const everyone = (name: string) => ({ authorityId: 'GROUP_EVERYONE', name, accessStatus: 'ALLOWED' as const });

/** Alfresco's permissions on a fresh repository. */
async function grantDefaults(
  tx: Tx,
  nodes: NodesRepository,
  acls: AclsService,
  ids: Record<string, string>,
  now: number,
): Promise<void> {
  const companyHome = ids.companyHome!;
  const own = async (key: string, local: ReturnType<typeof everyone>[]) => {
    const permissions = { inherit: false, local };
    const id = ids[key]!;
    const isRoot = id === companyHome;
    await acls.setPermissions(
      tx,
      { id, parentId: isRoot ? null : companyHome, aclId: companyHome, isFolder: true },
      permissions,
      (acl) => nodes.update(tx, id, { permissions, ...acl, modifiedAt: now, modifiedBy: SYSTEM_USER }),
    );
  };
  await own('companyHome', [everyone('Consumer')]);
  await own('dataDictionary', [everyone('Consumer')]);
  await own('shared', [everyone('Contributor')]);
  await own('guestHome', [everyone('Consumer')]);
}

/** The admin account, homed at Company Home, in the built-in groups. */
async function createAdmin(tx: Tx, repos: Repos, passwordHash: string, companyHome: string, now: number) {
  await repos.people.insert(
    tx,
    {
      id: 'admin',
      firstName: 'Administrator',
      lastName: null,
      email: 'admin@alfresco.com',
      enabled: true,
      passwordHash,
      // As in Alfresco, admin's home (-my-) is Company Home.
      homeFolderId: companyHome,
    },
    now,
  );
  // admin holds administrator rights through the built-in groups (created by migration 0007).
  const builtIn = await tx.selectFrom('groups').select('id').execute();
  for (const { id } of builtIn) await repos.groups.addMember(tx, id, 'admin', 'PERSON', now);
}

async function load(db: Db, nodes: NodesRepository): Promise<SystemNodes | undefined> {
  const keys: (keyof SystemNodes)[] = ['companyHome', 'dataDictionary', 'guestHome', 'userHomes', 'shared', 'sites'];
  const found: Partial<SystemNodes> = {};
  for (const key of keys) {
    const node = await nodes.findBySystemKey(db, key);
    if (!node) return undefined;
    found[key] = node.id;
  }
  // Made by migration 0016 (its row is never live, so findBySystemKey's record is not wanted).
  const archive = await db.selectFrom('nodes').select('id').where('systemKey', '=', 'archive').executeTakeFirst();
  if (!archive) throw new Error('The archive root (migration 0016) is missing');
  found.archive = archive.id;
  return found as SystemNodes;
}
