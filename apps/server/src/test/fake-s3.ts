import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';
import type { S3Client } from '@aws-sdk/client-s3';
import { createS3MediaStorage, type MediaStorage } from '../lib/media-storage.ts';

/** Demo art is deterministic, so every run keeps its fake bucket and renders the art once. */
const FAKE_S3_DIR = join(tmpdir(), 'amora-test-s3');

/**
 * A local fake S3 server (s3rver) on a free loopback port with one bucket, and the S3_* settings
 * that point the server's media storage at it.
 */
export async function startFakeS3(bucket = 'amora-media'): Promise<{
  env: Record<string, string>;
  /** The storage the server builds from `env`, adjusted to the fake's quirks. */
  storage: () => MediaStorage;
  close: () => Promise<void>;
}> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: FAKE_S3_DIR,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    storage: () =>
      createS3MediaStorage({
        endpoint,
        bucket,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        onClient: withoutBucketSlash,
      }),
    close: () => server.close(),
  };
}

/**
 * s3rver signs a bucket-level request (a listing) as `/bucket` while the SDK sends and signs
 * `/bucket/`; both forms are valid S3, so the fake's requests drop the slash before signing.
 */
function withoutBucketSlash(client: S3Client): void {
  client.middlewareStack.add(
    (next) => async (args) => {
      const request = (args as { request?: { path?: string } }).request;
      if (request?.path && /^\/[^/]+\/$/.test(request.path)) request.path = request.path.slice(0, -1);
      return next(args);
    },
    { step: 'build', name: 'fakeS3BucketPath' },
  );
}
