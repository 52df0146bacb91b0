import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { HEAD_BYTES, type StageLimits } from './content-store.ts';

/**
 * Streams the source to one object: a PutObject up to one part, else a multipart upload that
 * Upload aborts when it fails. Rethrows what the source or the limit check threw, if they did.
 */
export async function upload(
  client: S3Client,
  target: { bucket: string; key: string; partSize: number; queueSize: number },
  source: AsyncIterable<Buffer> | Readable,
  limits: StageLimits | undefined,
): Promise<{ sizeInBytes: number; head: Buffer }> {
  const counted = countAndCheck(source, limits);
  const chunks = counted.chunks();
  // A web stream, pulled a chunk at a time: Upload reads one of those without destroying it when
  // a part fails (it destroys a Node Readable, which would hide S3's error behind an AbortError).
  const body = new ReadableStream<Buffer>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  });
  const { bucket, key, partSize, queueSize } = target;
  try {
    await new Upload({ client, partSize, queueSize, params: { Bucket: bucket, Key: key, Body: body } }).done();
  } catch (error) {
    // Upload has aborted the multipart upload (or left it to the sweeper when that failed too).
    // The source is ended, as a `for await` that stops would end it (once a read in progress
    // returns: not awaited, so a stalled client does not hold the answer).
    void chunks.return(undefined).catch(() => undefined);
    throw counted.failure() ?? error;
  }
  return { sizeInBytes: counted.size(), head: counted.head() };
}

/**
 * The source's chunks, counted and checked against the limits; the first bytes kept for type
 * detection. `failure()` is what the source or the limit check threw, so stage() rethrows that
 * rather than an error of the upload it caused.
 */
function countAndCheck(source: AsyncIterable<Buffer> | Readable, limits: StageLimits | undefined) {
  let size = 0;
  let failure: unknown;
  const headChunks: Buffer[] = [];
  let headSize = 0;
  return {
    async *chunks(): AsyncGenerator<Buffer> {
      try {
        for await (const chunk of source as AsyncIterable<Buffer>) {
          size += chunk.length;
          limits?.check?.(size);
          if (headSize < HEAD_BYTES) {
            headChunks.push(chunk.subarray(0, HEAD_BYTES - headSize));
            headSize += Math.min(chunk.length, HEAD_BYTES - headSize);
          }
          yield chunk;
        }
      } catch (error) {
        failure = error;
        throw error;
      }
    },
    size: () => size,
    head: () => Buffer.concat(headChunks),
    failure: () => failure,
  };
}
