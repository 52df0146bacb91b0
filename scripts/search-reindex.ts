/**
 * `npm run search:reindex` rebuilds the search index of the repository that DATA_DIR /
 * DATABASE_URL name, online: a batch of nodes per short transaction, while servers run.
 * `-- --text` also reads every content's text again (here, in worker threads; a running server
 * shares the work). Exit status: 0 done, 2 configuration errors.
 */
import { ConfigError, loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/database.ts';
import { openContent } from '../server/src/modules/nodes/core/content-objects.ts';
import { createContentRepository } from '../server/src/modules/nodes/core/content.repository.ts';
import { createFsContentStore } from '../server/src/content-store/fs-content-store.ts';
import { runExtractionBatch } from '../server/src/modules/search/extract/extraction-jobs.ts';
import { createTextExtractor, DEFAULT_EXTRACTION } from '../server/src/modules/search/extract/text-extractor.ts';
import { reindexBatch, removeOrphans, requeueTexts } from '../server/src/modules/search/index/reindex.ts';
import path from 'node:path';

const BATCH = 500;

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const started = Date.now();
  try {
    const { db } = database;
    if (process.argv.includes('--text')) {
      console.log(`${await requeueTexts(db)} contents to read again`);
      const extractor = createTextExtractor({
        ...DEFAULT_EXTRACTION,
        threads: Math.max(1, config.textExtractionThreads),
      });
      const reads = {
        db,
        contentStore: createFsContentStore(path.join(config.dataDir, 'content')),
        repos: { content: createContentRepository() },
      };
      try {
        let read = 0;
        for (let ran = 1; ran > 0; read += ran) {
          ran = await runExtractionBatch({ db, extractor, open: (id) => openContent(reads, id) });
          if (ran > 0 && read % 100 < ran) console.log(`${read + ran} texts read`);
        }
      } finally {
        await extractor.close();
      }
    }
    let nodes = 0;
    for (let batch = await reindexBatch(db, '', BATCH); batch; batch = await reindexBatch(db, batch.last, BATCH)) {
      nodes += batch.count;
      if (nodes % 10_000 < batch.count) console.log(`${nodes} nodes indexed`);
    }
    const orphans = await removeOrphans(db);
    console.log(
      `search index rebuilt: ${nodes} nodes, ${orphans} stale entries removed, in ${Date.now() - started} ms`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = error instanceof ConfigError ? 2 : 1;
});
