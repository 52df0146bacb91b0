import { Readable } from 'node:stream';
import type { ContentStore } from '../../../content-store/content-store.ts';
import type { Db } from '../../../db/database.ts';
import type { ContentRepository } from './content.repository.ts';

export interface ContentReadDeps {
  db: Db;
  contentStore: ContentStore;
  repos: { content: ContentRepository };
}

/** The bytes of a content object (undefined for the empty content of a JSON-created file). */
export async function openContent(
  deps: ContentReadDeps,
  contentId: string | null,
  range?: { start: number; end: number },
): Promise<Readable | undefined> {
  if (!contentId) return undefined;
  const inline = await deps.repos.content.inlineData(deps.db, contentId);
  if (inline) return Readable.from([range ? inline.subarray(range.start, range.end + 1) : inline]);
  return deps.contentStore.read(contentId, range);
}
