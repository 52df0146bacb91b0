import type { S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { checkBucket } from './s3-errors.ts';

/** A client whose every call fails with `error` (what the SDK throws for each case). */
const failingWith = (error: object) =>
  ({
    send: async () => {
      throw Object.assign(new Error('message'), error);
    },
  }) as unknown as S3Client;
const config = { endpoint: undefined, bucket: 'quire', region: 'eu-west-3', prefix: '', forcePathStyle: false };

// The local S3 server (s3rver) checks neither signatures nor regions: these answers come from the
// SDK's error shapes for AWS S3's HeadBucket (a HEAD request: a status, no error body).
describe('checkBucket', () => {
  it.each([
    [{ name: 'Forbidden', $metadata: { httpStatusCode: 403 } }, /refused \(403\): check AWS_ACCESS_KEY_ID/],
    [{ name: '301', $metadata: { httpStatusCode: 301 } }, /answered 301 .*check S3_REGION/],
    [{ name: 'CredentialsProviderError' }, /no credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/],
    [
      { name: 'TimeoutError', code: 'ETIMEDOUT' },
      /cannot reach the S3 endpoint AWS S3 \(eu-west-3\) \(S3_ENDPOINT\): ETIMEDOUT/,
    ],
    [
      { name: 'InternalError', $metadata: { httpStatusCode: 500 } },
      /AWS S3 \(eu-west-3\) answered 500 to HeadBucket "quire"/,
    ],
  ])('names what to check when HeadBucket fails with %j', async (error, message) => {
    await expect(checkBucket(failingWith(error), config)).rejects.toThrow(message);
  });
});
