import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { components } from '../../../../openapi/schema.gen.ts';
import { SCHEMA_VERSION } from '../../db/migrate.ts';
import type { Handlers } from '../../http/routes.ts';
import { PROJECT_ROOT } from '../../paths.ts';

type DiscoveryHandlers = Pick<Handlers, 'getDiscovery'>;
type RepositoryInfo = components['schemas']['RepositoryInfo'];

/**
 * The Alfresco version whose features Quire serves, as clients gate them: the Alfresco Content
 * App and ADF turn on aspect and content-type editing from major version 7, which Quire serves;
 * the Content App's next gates (23.3 bulk actions, 23.4 node information with folder sizes,
 * 25.1 saved searches in preferences) need APIs Quire does not have, so it stays below them.
 */
export const ALFRESCO_VERSION = { major: '7', minor: '4', patch: '2', hotfix: '0' } as const;

const QUIRE_VERSION = (JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string })
  .version;

/** What the repository supports today: a flag turns on only with the feature behind it. */
const STATUS: RepositoryInfo['status'] = {
  isReadOnly: false,
  isAuditEnabled: false,
  isQuickShareEnabled: false,
  // Renditions are recorded (NOT_CREATED) but nothing generates them yet.
  isThumbnailGenerationEnabled: false,
  isDirectAccessUrlEnabled: true,
};

/** The discovery API (`GET /alfresco/api/discovery`): the repository entry clients read at start-up. */
export function discoveryRoutes(repositoryId: string): DiscoveryHandlers {
  const { major, minor, patch, hotfix } = ALFRESCO_VERSION;
  const label = `Quire ${QUIRE_VERSION}`;
  const supported = `${major}.${minor}.${patch}`;
  const module = (id: string, title: string, description: string) => ({
    id,
    title,
    description,
    version: QUIRE_VERSION,
    installState: 'INSTALLED' as const,
    versionMin: supported,
    versionMax: supported,
  });
  const repository: RepositoryInfo = {
    id: repositoryId,
    edition: 'Community',
    version: {
      ...ALFRESCO_VERSION,
      schema: SCHEMA_VERSION,
      label,
      display: `${major}.${minor}.${patch}.${hotfix} (${label}) schema ${SCHEMA_VERSION}`,
    },
    status: STATUS,
    modules: [
      module(
        'quire-orgchart',
        'Organisation chart',
        'Units, jobs and members, under /alfresco/service/api/ext/orgchart',
      ),
      module(
        'quire-settings',
        'Quire settings',
        "The server's rules for clients, under /alfresco/api/-default-/public/quire/versions/1",
      ),
    ],
  };
  return {
    async getDiscovery() {
      return { entry: { repository } };
    },
  };
}
