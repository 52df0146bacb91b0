import type { NodeRecord } from './nodes.repository.ts';

/** Ids of the nodes every repository has (made by system/bootstrap.ts); aliases and protections refer to them. */
export interface SystemNodes {
  companyHome: string;
  dataDictionary: string;
  guestHome: string;
  userHomes: string;
  shared: string;
  sites: string;
  /** The archive root: the parent of every trash item, reached by nothing (migration 0016). */
  archive: string;
}

/** A site's node (made by /sites only, with its groups and permissions). */
export const SITE_TYPE = 'st:site';
/** The aspect of a site's containers (documentLibrary). */
export const CONTAINER_ASPECT = 'st:siteContainer';

/** The system nodes Alfresco counts as special (the others, e.g. Shared and User Homes, are not). */
const SPECIAL_SYSTEM_KEYS: ReadonlySet<string> = new Set<keyof SystemNodes>(['companyHome', 'dataDictionary', 'sites']);

/**
 * Alfresco's NodesImpl.isSpecialNode: Company Home, Data Dictionary, the Sites folder and every
 * site node. They cannot be locked (403), administrators included.
 */
export function isSpecialNode(node: Pick<NodeRecord, 'systemKey' | 'nodeType'>): boolean {
  return (node.systemKey !== null && SPECIAL_SYSTEM_KEYS.has(node.systemKey)) || node.nodeType === SITE_TYPE;
}

/** Sites, their containers and the Sites folder: they belong to /sites, not to node copies. */
export function isSiteStructure(node: Pick<NodeRecord, 'nodeType' | 'aspects'>): boolean {
  return node.nodeType === SITE_TYPE || node.nodeType === 'st:sites' || node.aspects.includes(CONTAINER_ASPECT);
}
