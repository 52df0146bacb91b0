import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { ContentMissingError, type ContentStore, type StagedContent } from '../../../content-store/content-store.ts';
import type { Db } from '../../../db/database.ts';
import { openContent } from '../core/content-objects.ts';
import type { ContentRepository } from '../core/content.repository.ts';
import type { NodesRepository } from '../core/nodes.repository.ts';
import type { ArchiveEntry } from './download-archive.ts';

export interface ZipDeps {
  db: Db;
  contentStore: ContentStore;
  repos: { content: ContentRepository; nodes: Pick<NodesRepository, 'findById'> };
}

/** How far the zip has come: bytes of content read, files added. */
export interface ZipProgress {
  bytesAdded: number;
  filesAdded: number;
}

export interface ZipResult extends ZipProgress {
  /** The zip, staged in the content store (the caller publishes or discards it). */
  staged: StagedContent;
}

/**
 * The file's content as it is now, or undefined when the file is gone (deleted, trashed or purged
 * since the walk, or its bytes removed meanwhile): it is left out, the zip goes on. A failure of
 * the store is thrown: the job fails and is taken up again, rather than a zip missing a file.
 */
async function openLive(deps: ZipDeps, nodeId: string): Promise<Readable | undefined> {
  const node = await deps.repos.nodes.findById(deps.db, nodeId);
  if (!node?.isFile) return undefined;
  try {
    return (await openContent(deps, node.contentId)) ?? Readable.from([]);
  } catch (error) {
    if (error instanceof ContentMissingError) return undefined;
    throw error;
  }
}

/** A promise that rejects with the first failure reported to it (and never resolves). */
function firstFailure() {
  let fail: (error: unknown) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => {
    fail = reject;
  });
  failed.catch(() => undefined);
  return { failed, fail };
}

/**
 * Streams the entries into a zip in the content store: one file at a time, each read from the
 * store as it goes in, so memory stays bounded whatever the sizes. `onProgress` is called as bytes
 * flow (at most every `progressMs`) and after each file; when it throws, the zip is abandoned (its
 * staged bytes removed) and the error is thrown.
 */
export async function writeZip(
  deps: ZipDeps,
  entries: readonly ArchiveEntry[],
  onProgress: (progress: ZipProgress) => Promise<void>,
  progressMs = 1_000,
): Promise<ZipResult> {
  const zip = new yazl.ZipFile();
  // A PassThrough (typed as the older NodeJS.ReadableStream).
  const output = zip.outputStream as Readable;
  const { failed, fail } = firstFailure();
  zip.on('error', fail);
  output.on('error', fail);
  const staging = deps.contentStore.stage(output);
  staging.catch(fail);
  const progress: ZipProgress = { bytesAdded: 0, filesAdded: 0 };
  let reported = Date.now();
  const report = async (always: boolean) => {
    if (!always && Date.now() - reported < progressMs) return;
    reported = Date.now();
    await onProgress({ ...progress });
  };
  try {
    for (const entry of entries) {
      const mtime = new Date(entry.modifiedAt);
      if (entry.isFolder) {
        zip.addEmptyDirectory(entry.path, { mtime });
        continue;
      }
      const source = await Promise.race([openLive(deps, entry.nodeId), failed]);
      if (!source) continue;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          progress.bytesAdded += chunk.length;
          report(false).then(() => done(null, chunk), done);
        },
      });
      zip.addReadStream(counted, entry.path, { mtime });
      await Promise.race([pipeline(source, counted), failed]);
      progress.filesAdded += 1;
      await report(false);
    }
    zip.end();
    return { ...progress, staged: await Promise.race([staging, failed]) };
  } catch (error) {
    output.destroy(error instanceof Error ? error : new Error(String(error)));
    const staged = await staging.catch(() => undefined);
    if (staged) await deps.contentStore.discard(staged);
    throw error;
  }
}
