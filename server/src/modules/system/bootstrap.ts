import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
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

/**
 * First start: the admin account and the standard tree, in one transaction. Safe when several
 * server instances start at once: the loser of the race finds the winner's tree.
 */
export async function bootstrap(
  db: Db,
  repos: { nodes: NodesRepository; people: PeopleRepository; groups: GroupsRepository },
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
      const companyHome = randomUUID();
      const space = (id: string, parentId: string | null, s: Omit<Space, 'key'>, systemKey: string) =>
        repos.nodes.insert(tx, {
          id,
          parentId,
          name: s.name,
          nodeType: s.type,
          isFolder: true,
          isFile: false,
          systemKey,
          aspects: SPACE_ASPECTS,
          properties: { 'app:icon': 'space-icon-default', 'cm:title': s.title, 'cm:description': s.description },
          createdAt: now,
          createdBy: SYSTEM_USER,
        });
      await space(
        companyHome,
        null,
        { name: 'Company Home', type: 'cm:folder', title: 'Company Home', description: 'The company root space' },
        'companyHome',
      );
      const ids: Record<string, string> = { companyHome };
      for (const child of CHILDREN) {
        ids[child.key] = randomUUID();
        await space(ids[child.key]!, companyHome, child, child.key);
      }
      // Alfresco's permissions on a fresh repository.
      const everyone = (name: string) => ({ authorityId: 'GROUP_EVERYONE', name, accessStatus: 'ALLOWED' as const });
      const own = async (key: string, local: ReturnType<typeof everyone>[]) => {
        const permissions = { inherit: false, local };
        const id = ids[key]!;
        await repos.nodes.update(tx, id, { permissions, modifiedAt: now, modifiedBy: SYSTEM_USER });
        const isRoot = id === companyHome;
        await acls.permissionsChanged(
          tx,
          { id, parentId: isRoot ? null : companyHome, aclId: companyHome, isFolder: true },
          permissions,
        );
      };
      await own('companyHome', [everyone('Consumer')]);
      await own('dataDictionary', [everyone('Consumer')]);
      await own('shared', [everyone('Contributor')]);
      await own('guestHome', [everyone('Consumer')]);
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
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const systemNodes = await load(db, repos.nodes);
  if (!systemNodes) throw new Error('Bootstrap did not create the standard tree');
  return { systemNodes, created: true };
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
