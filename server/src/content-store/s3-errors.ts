import { HeadBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import type { S3StoreSettings } from './settings.ts';

interface SdkError {
  name?: string;
  code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

/** A 404 from S3 (NoSuchKey, NotFound, NoSuchUpload). */
export function isNotFound(error: unknown): boolean {
  const e = error as SdkError;
  return e?.$metadata?.httpStatusCode === 404 || e?.name === 'NoSuchKey' || e?.name === 'NotFound';
}

/**
 * HeadBucket, once at start: the bucket must exist and these credentials must reach it. Each way
 * it can fail gets a message naming the setting to look at.
 */
export async function checkBucket(client: S3Client, config: S3StoreSettings): Promise<void> {
  const where = config.endpoint ?? `AWS S3 (${config.region})`;
  try {
    await client.send(new HeadBucketCommand({ Bucket: config.bucket }), { abortSignal: AbortSignal.timeout(30_000) });
  } catch (error) {
    throw new Error(`CONTENT_STORE=s3: ${describe(error as SdkError, config.bucket, where)}`, { cause: error });
  }
}

function describe(e: SdkError, bucket: string, where: string): string {
  const status = e.$metadata?.httpStatusCode;
  if (status === 404) return `the bucket "${bucket}" (S3_BUCKET) does not exist at ${where}; create it first.`;
  if (status === 403 || status === 401) {
    return `access to the bucket "${bucket}" at ${where} was refused (${status}): check AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and the bucket's policy.`;
  }
  if (status === 301 || status === 400) {
    return `${where} answered ${status} for the bucket "${bucket}": check S3_REGION (the bucket's region) and S3_FORCE_PATH_STYLE.`;
  }
  if (e.name === 'CredentialsProviderError') {
    return `no credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or another source of the AWS SDK's default chain). ${e.message ?? ''}`.trim();
  }
  if (status === undefined) {
    return `cannot reach the S3 endpoint ${where} (S3_ENDPOINT): ${e.code ?? e.name ?? 'error'} ${e.message ?? ''}`.trim();
  }
  return `${where} answered ${status} to HeadBucket "${bucket}": ${e.name ?? ''} ${e.message ?? ''}`.trim();
}
