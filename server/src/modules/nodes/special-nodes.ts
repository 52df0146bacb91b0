import { SITE_TYPE } from '../sites/sites.model.ts';
import type { SystemNodes } from '../system/bootstrap.ts';
import type { NodeRecord } from './nodes.repository.ts';

/** The system nodes Alfresco counts as special (the others, e.g. Shared and User Homes, are not). */
const SPECIAL_SYSTEM_KEYS: ReadonlySet<string> = new Set<keyof SystemNodes>(['companyHome', 'dataDictionary', 'sites']);

/**
 * Alfresco's NodesImpl.isSpecialNode: Company Home, Data Dictionary, the Sites folder and every
 * site node. They cannot be locked (403), administrators included.
 */
export function isSpecialNode(node: Pick<NodeRecord, 'systemKey' | 'nodeType'>): boolean {
  return (node.systemKey !== null && SPECIAL_SYSTEM_KEYS.has(node.systemKey)) || node.nodeType === SITE_TYPE;
}
