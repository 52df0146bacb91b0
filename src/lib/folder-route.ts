/** A folder's place in the tree: its id and name, and the names of its ancestors from Company Home down. */
export interface PathElement {
  id?: string;
  name?: string;
}

const LIBRARY = 'documentLibrary';

/**
 * The site whose document library holds a folder, from the folder's ancestors (a node's
 * `path.elements`): `/Company Home/Sites/<siteId>/documentLibrary/…`. `null` outside every site.
 */
export function siteOf(ancestors: readonly PathElement[], name?: string): string | null {
  const names = ancestors.map((element) => element.name);
  if (names[1] !== 'Sites' || names[2] === undefined) return null;
  if (names.length === 3) return name === LIBRARY ? names[2] : null;
  return names[3] === LIBRARY ? names[2] : null;
}

/** How many leading elements of a path inside a site are the site's own (Company Home, Sites, the site, its library). */
export const SITE_PREFIX_LENGTH = 4;

/**
 * Where a folder opens: inside its site (`/sites/:siteId/folder/:nodeId`, the library itself is
 * `/sites/:siteId`) when it lies in a site's document library, else in Files (`/browse/:nodeId`).
 */
export function folderHref(folder: { id: string; name?: string }, ancestors: readonly PathElement[] = []): string {
  const site = siteOf(ancestors, folder.name);
  if (site === null) return `/browse/${folder.id}`;
  const base = `/sites/${encodeURIComponent(site)}`;
  return ancestors.length === 3 ? base : `${base}/folder/${folder.id}`;
}

/** The `href` of a node's parent folder, from the node's `path` (its last element is the parent). */
export function parentHref(node: { parentId?: string; path?: { elements?: readonly PathElement[] } }): string {
  const elements = node.path?.elements ?? [];
  const parent = elements.at(-1);
  if (parent?.id) return folderHref({ id: parent.id, name: parent.name }, elements.slice(0, -1));
  return `/browse/${node.parentId ?? ''}`;
}

/** Where a node is, as a person says it: the site (its id) when inside a site's library, and the folders to show. */
export interface Place {
  site: string | null;
  /** Each folder with where it opens: inside a site those below its library, elsewhere all from Company Home. */
  folders: { id: string; name: string; href: string }[];
}

/** The place of a node from its ancestors (`path.elements`): never the internal Sites or documentLibrary folders. */
export function placeOf(ancestors: readonly PathElement[]): Place {
  const site = ancestors.length >= SITE_PREFIX_LENGTH ? siteOf(ancestors.slice(0, SITE_PREFIX_LENGTH)) : null;
  const folders = ancestors.map((element, i) => ({
    id: element.id ?? '',
    name: element.name ?? '',
    href: folderHref({ id: element.id ?? '', name: element.name }, ancestors.slice(0, i)),
  }));
  return { site, folders: site === null ? folders : folders.slice(SITE_PREFIX_LENGTH) };
}
