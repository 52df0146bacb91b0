import type { Db } from '../../../db/database.ts';
import type { Principal } from '../../../http/principal.ts';
import type { AccessService, Guarded } from '../../permissions/access.service.ts';
import type { NodeRecord, NodesRepository } from '../core/nodes.repository.ts';
import type { DownloadsRepository, WalkRow } from './downloads.repository.ts';

/** One entry of the zip: a folder (its path ends with `/`) or a file's content. */
export interface ArchiveEntry {
  path: string;
  isFolder: boolean;
  nodeId: string;
  modifiedAt: number;
}

export interface ArchiveTotals {
  totalBytes: number;
  totalFiles: number;
}

/** What goes in the zip, or that it would hold more than the limits allow. */
export type ArchivePlan =
  | (ArchiveTotals & { exceeded: false; entries: ArchiveEntry[] })
  | (ArchiveTotals & { exceeded: true });

export interface ArchiveLimits {
  /** Most bytes of content. */
  maxBytes: number;
  /** Most entries (files and folders). */
  maxFiles: number;
}

export interface PlanDeps {
  db: Db;
  repos: { downloads: Pick<DownloadsRepository, 'childrenPage'>; nodes: Pick<NodesRepository, 'findMany'> };
  access: Pick<AccessService, 'readable'>;
  limits: ArchiveLimits;
}

/** Children read at once during the walk. */
const PAGE = 1000;

/**
 * Longest path of one entry, in UTF-8 bytes: names of 255 characters, nested deep, made paths of
 * tens of kilobytes, each kept in memory until the zip ends and written twice into it (zip
 * itself allows 65,535, and the zip library failed past it). A longer one ends the download
 * MAX_CONTENT_SIZE_EXCEEDED.
 */
export const MAX_ENTRY_PATH_BYTES = 2048;

/** Bytes a zip spends on an entry besides its content: its path twice (local header, directory) and the headers. */
const entryOverhead = (pathBytes: number) => 2 * pathBytes + 100;

/**
 * A name as a zip path element: no separators, no control characters, none of the characters
 * Windows refuses in names (`C:` would read as a drive), never `.` or `..`, so an entry can only
 * land below the folder the zip is opened in, on any system.
 */
export function zipSafeName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const safe = name.replace(/[\u0000-\u001f\u007f/\\<>:"|?*]/g, '_').trim();
  return safe === '' || safe === '.' || safe === '..' ? '_' : safe;
}

/** Names already given in the zip (case-insensitively: unzipping on Windows or macOS must not merge two). */
class Paths {
  private readonly taken = new Set<string>();

  /** `dir` + the name, made unique: `a.txt`, then `a (2).txt`, `a (3).txt`… */
  claim(dir: string, name: string, isFolder: boolean): string {
    const safe = zipSafeName(name);
    const dot = isFolder ? -1 : safe.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [safe.slice(0, dot), safe.slice(dot)] : [safe, ''];
    for (let n = 1; ; n += 1) {
      const candidate = `${dir}${n === 1 ? safe : `${stem} (${n})${ext}`}`;
      // Unicode forms too: macOS merges "é" and "e + ◌́" as Windows merges letter cases.
      const key = candidate.normalize('NFC').toLowerCase();
      if (!this.taken.has(key)) {
        this.taken.add(key);
        return candidate;
      }
    }
  }
}

/** The walk's running state: the entries so far and their totals, against the limits. */
class Plan {
  readonly entries: ArchiveEntry[] = [];
  readonly paths = new Paths();
  totalBytes = 0;
  totalFiles = 0;
  /** What the entries' paths and headers add to the zip, counted against the byte limit with the content. */
  private overheadBytes = 0;
  constructor(private readonly limits: ArchiveLimits) {}

  /** Adds a node's entry; false once the zip would hold more than the limits allow. */
  add(
    node: { id: string; name: string; isFolder: boolean; sizeInBytes: number | null; modifiedAt: number },
    dir: string,
  ) {
    const claimed = this.paths.claim(dir, node.name, node.isFolder);
    const path = node.isFolder ? `${claimed}/` : claimed;
    const pathBytes = Buffer.byteLength(path);
    if (pathBytes > MAX_ENTRY_PATH_BYTES) return false;
    this.overheadBytes += entryOverhead(pathBytes);
    this.entries.push({
      path,
      isFolder: node.isFolder,
      nodeId: node.id,
      modifiedAt: node.modifiedAt,
    });
    if (!node.isFolder) {
      this.totalFiles += 1;
      this.totalBytes += node.sizeInBytes ?? 0;
    }
    return this.entries.length <= this.limits.maxFiles && this.totalBytes + this.overheadBytes <= this.limits.maxBytes;
  }
}

interface Folder {
  id: string;
  /** The folder's path in the zip, ending with `/`. */
  path: string;
  /** Its ACL (its files without one of their own use it). */
  aclId: string;
}

/** The readable live children of a folder, page by page (files without an ACL of their own use the folder's). */
async function* readableChildren(
  deps: PlanDeps,
  principal: Principal,
  folder: Folder,
): AsyncGenerator<WalkRow & Guarded> {
  for (let after = ''; ; ) {
    const page = await deps.repos.downloads.childrenPage(deps.db, folder.id, after, PAGE);
    if (page.length === 0) return;
    after = page[page.length - 1]!.id;
    const guarded = page.map((row) => ({ ...row, aclId: row.aclId ?? folder.aclId }));
    yield* await deps.access.readable(principal, guarded);
    if (page.length < PAGE) return;
  }
}

/** Walks a folder's tree depth-first; false once the limits are passed. */
async function walk(deps: PlanDeps, principal: Principal, plan: Plan, root: Folder): Promise<boolean> {
  const stack: Folder[] = [root];
  for (let folder = stack.pop(); folder; folder = stack.pop()) {
    for await (const child of readableChildren(deps, principal, folder)) {
      if (!child.isFolder && !child.isFile) continue;
      if (!plan.add(child, folder.path)) return false;
      if (child.isFolder) stack.push({ id: child.id, path: plan.entries.at(-1)!.path, aclId: child.aclId });
    }
  }
  return true;
}

/**
 * What the zip of these nodes holds for this person, as Alfresco's exporter gathers it: each node
 * and, for a folder, everything below it that the person may read, with its folder structure
 * (what they may not read is left out, with what is below it); nodes in the trash never.
 */
export async function planArchive(
  deps: PlanDeps,
  principal: Principal,
  nodeIds: readonly string[],
): Promise<ArchivePlan> {
  const plan = new Plan(deps.limits);
  const roots: NodeRecord[] = await deps.access.readable(principal, await deps.repos.nodes.findMany(deps.db, nodeIds));
  for (const node of roots) {
    if (!node.isFolder && !node.isFile) continue;
    const within =
      plan.add(node, '') &&
      (!node.isFolder ||
        (await walk(deps, principal, plan, { id: node.id, path: plan.entries.at(-1)!.path, aclId: node.aclId })));
    if (!within) return { exceeded: true, totalBytes: plan.totalBytes, totalFiles: plan.totalFiles };
  }
  return { exceeded: false, entries: plan.entries, totalBytes: plan.totalBytes, totalFiles: plan.totalFiles };
}
