import path from 'node:path';
import type { Config } from '../config.ts';
import type { ContentStore } from './content-store.ts';
import { createFsContentStore } from './fs-content-store.ts';

/**
 * The content store the configuration names, and what releases it. The S3 store (and the AWS SDK)
 * loads only when CONTENT_STORE=s3; opening it checks the bucket, so a bad setting stops the start.
 */
export async function openContentStore(config: Config): Promise<{ store: ContentStore; close(): void }> {
  if (config.contentStore.kind === 's3') {
    const { openS3ContentStore } = await import('./s3-content-store.ts');
    const store = await openS3ContentStore(config.contentStore);
    return { store, close: () => store.close() };
  }
  return { store: createFsContentStore(path.join(config.dataDir, 'content')), close: () => undefined };
}
