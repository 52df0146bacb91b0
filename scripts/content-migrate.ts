/**
 * `npm run content:migrate` copies the filesystem content store (DATA_DIR/content, or
 * `-- --from <dir>`) into the S3 store that S3_BUCKET / S3_ENDPOINT / S3_REGION / S3_PREFIX /
 * S3_FORCE_PATH_STYLE and the standard AWS variables name, whatever CONTENT_STORE says: online,
 * while servers run on either store. Ids are kept; objects already in S3 with the same size and
 * SHA-256 are skipped (a rerun copies only what is missing or different); every copy is read back
 * and its SHA-256 compared. `-- --concurrency <n>` objects at once (default 4). Contents kept in
 * the database (small ones, ADR 0008) need no copy. Procedure: docs/operations.md.
 * Exit status: 0 every object in S3, 1 some failed (rerun), 2 configuration errors.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../server/src/config.ts';
import { createFsContentStore } from '../server/src/content-store/fs-content-store.ts';
import { migrateContent } from '../server/src/content-store/migrate.ts';
import { openS3ContentStore } from '../server/src/content-store/s3-content-store.ts';

const MiB = 1024 * 1024;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { from: { type: 'string' }, concurrency: { type: 'string', default: '4' } },
  });
  const concurrency = Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new ConfigError('--concurrency: must be a positive integer');
  }
  // The target is the S3 store the server would open with CONTENT_STORE=s3.
  const config = loadConfig({ ...process.env, CONTENT_STORE: 's3' });
  if (config.contentStore.kind !== 's3') throw new ConfigError('S3_BUCKET: is required');
  const root = path.resolve(values.from ?? path.join(config.dataDir, 'content'));
  // The fs store creates its folders: check first, so that a mistyped path is not taken for an empty store.
  if (!existsSync(path.join(root, 'objects'))) {
    throw new ConfigError(`${root}: no content store there (no objects/ folder); see --from`);
  }
  const target = config.contentStore;
  // A missing bucket, wrong credentials or an unreachable endpoint: a message naming the setting.
  const to = await openS3ContentStore(target).catch((error: unknown) => {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  });
  console.log(`copying ${root} to s3://${target.bucket}/${target.prefix}objects/ (${concurrency} at once)`);
  const started = Date.now();
  let seen = 0;
  try {
    const summary = await migrateContent({
      from: createFsContentStore(root),
      to,
      concurrency,
      onObject(result, totals) {
        seen += 1;
        if (result.outcome === 'failed') {
          const reason = result.error instanceof Error ? result.error.message : String(result.error);
          console.error(`failed ${result.id}: ${reason}`);
        }
        if (seen % 100 === 0) {
          console.log(
            `${seen} objects: ${totals.copied} copied (${(totals.bytesCopied / MiB).toFixed(1)} MiB), ` +
              `${totals.skipped} already there, ${totals.failed} failed`,
          );
        }
      },
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `content migrated in ${seconds} s: ${summary.copied} copied (${(summary.bytesCopied / MiB).toFixed(1)} MiB), ` +
        `${summary.skipped} skipped (already there, same SHA-256), ${summary.failed} failed`,
    );
    if (summary.failed > 0) {
      console.error('some objects were not copied: run again (objects removed meanwhile fail too and need nothing)');
      process.exitCode = 1;
    }
  } finally {
    to.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = error instanceof ConfigError ? 2 : 1;
});
