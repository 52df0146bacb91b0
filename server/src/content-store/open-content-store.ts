import path from 'node:path';
import type { ContentStore } from './content-store.ts';
import { createFsContentStore } from './fs-content-store.ts';
import type { ContentStoreSettings } from './settings.ts';

/**
 * The content store the configuration names, and what releases it. The S3 store (and the AWS SDK)
 * loads only when CONTENT_STORE=s3; opening it checks the bucket, so a bad setting stops the start.
 */
export async function openContentStore(
  settings: ContentStoreSettings,
  dataDir: string,
): Promise<{ store: ContentStore; close(): void }> {
  if (settings.kind === 's3') {
    const { openS3ContentStore } = await import('./s3-content-store.ts');
    const store = await openS3ContentStore(settings);
    return { store, close: () => store.close() };
  }
  return { store: createFsContentStore(path.join(dataDir, 'content')), close: () => undefined };
}
