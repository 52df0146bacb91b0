import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  ListMultipartUploadsCommand,
  ListPartsCommand,
  UploadPartCopyCommand,
  type CompletedPart,
  type S3Client,
} from '@aws-sdk/client-s3';
import { isNotFound } from './s3-errors.ts';

/** CopySource: the bucket and the key, URL-encoded (slashes kept). */
function copySource(bucket: string, key: string): string {
  return `${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
}

/** Parts copied at once when publishing a large object. */
const COPY_CONCURRENCY = 4;

/**
 * Copies an object within the bucket: one CopyObject up to `maxSingleCopyBytes` (S3's limit is
 * 5 GiB), part by part above.
 */
export async function copyObject(
  client: S3Client,
  copy: { bucket: string; source: string; target: string; size: number },
  sizes: { maxSingleCopyBytes: number; copyPartSize: number },
): Promise<void> {
  if (copy.size > sizes.maxSingleCopyBytes) {
    await copyInParts(client, { ...copy, partSize: sizes.copyPartSize });
  } else {
    const { bucket, source, target } = copy;
    await client.send(new CopyObjectCommand({ Bucket: bucket, Key: target, CopySource: copySource(bucket, source) }));
  }
}

/**
 * Copies an object larger than CopyObject allows (5 GiB) by UploadPartCopy, `partSize` bytes a
 * part; the multipart upload is aborted if a part fails.
 */
async function copyInParts(
  client: S3Client,
  job: { bucket: string; source: string; target: string; size: number; partSize: number },
): Promise<void> {
  const { bucket, target } = job;
  const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: target }));
  const count = Math.ceil(job.size / job.partSize);
  const parts: CompletedPart[] = [];
  let next = 1;
  const copyNext = async (): Promise<void> => {
    for (let n = next++; n <= count; n = next++) {
      const start = (n - 1) * job.partSize;
      const end = Math.min(job.size, start + job.partSize) - 1;
      const { CopyPartResult } = await client.send(
        new UploadPartCopyCommand({
          ...{ Bucket: bucket, Key: target, UploadId, PartNumber: n },
          ...{ CopySource: copySource(bucket, job.source), CopySourceRange: `bytes=${start}-${end}` },
        }),
      );
      parts.push({ PartNumber: n, ETag: CopyPartResult?.ETag });
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(COPY_CONCURRENCY, count) }, copyNext));
    parts.sort((a, b) => a.PartNumber! - b.PartNumber!);
    await client.send(
      new CompleteMultipartUploadCommand({ Bucket: bucket, Key: target, UploadId, MultipartUpload: { Parts: parts } }),
    );
  } catch (error) {
    await client
      .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: target, UploadId }))
      .catch(() => undefined); // the sweeper aborts it later
    throw error;
  }
}

/**
 * Aborts the multipart uploads under `prefix` that a crash abandoned: started before `olderThan`
 * (ms since the epoch) and with no part uploaded since, so a long upload that is still sending
 * parts is left alone. Returns how many were aborted.
 */
export async function sweepMultipartUploads(
  client: S3Client,
  scope: { bucket: string; prefix: string; olderThan: number; pageSize: number },
): Promise<number> {
  const { bucket, prefix, olderThan, pageSize } = scope;
  let aborted = 0;
  let keyMarker: string | undefined;
  let uploadIdMarker: string | undefined;
  do {
    const page = await client.send(
      new ListMultipartUploadsCommand({
        ...{ Bucket: bucket, Prefix: prefix || undefined, MaxUploads: pageSize },
        ...{ KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker },
      }),
    );
    for (const upload of page.Uploads ?? []) {
      const { Key, UploadId, Initiated } = upload;
      if (!Key || !UploadId || (Initiated && Initiated.getTime() > olderThan)) continue;
      if ((await lastPartAt(client, bucket, Key, UploadId)) > olderThan) continue;
      try {
        await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key, UploadId }));
        aborted += 1;
      } catch (error) {
        if (!isNotFound(error)) throw error; // completed or aborted meanwhile
      }
    }
    keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
    uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
  } while (keyMarker);
  return aborted;
}

/** When the newest part of an upload arrived (0: none, or the upload is gone). */
async function lastPartAt(client: S3Client, bucket: string, key: string, uploadId: string): Promise<number> {
  let newest = 0;
  let marker: string | undefined;
  try {
    do {
      const page = await client.send(
        new ListPartsCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumberMarker: marker }),
      );
      for (const part of page.Parts ?? []) newest = Math.max(newest, part.LastModified?.getTime() ?? 0);
      marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
    } while (marker);
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  return newest;
}
