import type { FastifyInstance } from 'fastify';
import type { ContentStore } from '../../../content-store/content-store.ts';
import type { DatabaseHandle } from '../../../db/database.ts';
import { openContent } from '../../nodes/core/content-objects.ts';
import type { ContentRepository } from '../../nodes/core/content.repository.ts';
import { startExtractionLoop, type ExtractionLoop } from './extraction-loop.ts';
import { createTextExtractor, DEFAULT_EXTRACTION } from './text-extractor.ts';

/** How often an instance looks for jobs that others wrote (a look-up on a partial index). */
const POLL_MS = 2_000;

/**
 * Starts this instance's text extraction (`threads` workers; 0: none, the jobs wait for another
 * instance): nudged by every content written here, stopped when the server closes.
 */
export function startTextExtraction(
  fastify: FastifyInstance,
  parts: { database: DatabaseHandle; contentStore: ContentStore; content: ContentRepository; threads: number },
): ExtractionLoop | undefined {
  if (parts.threads === 0) return undefined;
  const { db } = parts.database;
  const reads = { db, contentStore: parts.contentStore, repos: { content: parts.content } };
  const loop = startExtractionLoop(
    {
      db,
      extractor: createTextExtractor({ ...DEFAULT_EXTRACTION, threads: parts.threads }),
      open: (contentId) => openContent(reads, contentId),
    },
    { pollMs: POLL_MS, onError: (err) => fastify.log.error({ err }, 'text extraction failed') },
  );
  parts.database.writes.watch(['contentObjects'], loop.nudge);
  fastify.addHook('onClose', () => loop.stop());
  return loop;
}
