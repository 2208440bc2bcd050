import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, relative, sep } from 'node:path';
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

/**
 * Where media files live, behind one interface (decision 040): the local folder (default,
 * DATA_DIR/media) or an S3-compatible bucket shared by every node. Nothing here decides who may see
 * a file: the media route serves a key only after the access rules allow it. `url(key)` is the
 * canonical, unsigned path `/media/<key>` that messages and profiles keep; it opens only public art.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer, mime?: string): Promise<void>;
  read(key: string): Promise<Buffer>;
  has(key: string): Promise<boolean>;
  /** Every stored key under `prefix` (e.g. `bots/3/`). */
  list(prefix: string): Promise<string[]>;
  url(key: string): string;
  /** Local: the file on disk (served with range support). */
  localPath?(key: string): string;
  /** S3: a presigned GET of the object, valid `seconds` (the bucket itself stays private). */
  presignGet?(key: string, seconds: number): Promise<string>;
}

export const MEDIA_URL_PREFIX = '/media/';

/** Her public art: the card portrait (also her avatar) and the video avatar of the card. */
const PUBLIC_CATEGORIES = new Set(['main', 'video_avatar']);

/** The only files anyone may open without an entitlement (issue 11, decision 040). */
export function isPublicArt(row: {
  botId: string | null;
  ownerUserId: string | null;
  category: string;
  level: number;
}): boolean {
  return Boolean(row.botId) && !row.ownerUserId && row.level <= 1 && PUBLIC_CATEGORIES.has(row.category);
}

export function safeKey(key: string): string {
  const n = normalize(key).replace(/^([/\\])+/, '');
  if (n.startsWith('..') || n.includes(`${sep}..${sep}`) || !/^[\w./-]+$/.test(n)) {
    throw new Error(`Unsafe media key: ${key}`);
  }
  return n;
}

/** The storage key of a canonical media URL (`/media/<key>`, query ignored), or null. */
export function keyOfUrl(url: string): string | null {
  const path = url.split(/[?#]/)[0] ?? '';
  if (!path.startsWith(MEDIA_URL_PREFIX)) return null;
  try {
    return safeKey(decodeURIComponent(path.slice(MEDIA_URL_PREFIX.length)));
  } catch {
    return null;
  }
}

export function createLocalMediaStorage(root: string): MediaStorage {
  async function walk(dir: string): Promise<string[]> {
    if (!existsSync(dir)) return [];
    const out: string[] = [];
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) out.push(...(await walk(path)));
      else if (!entry.name.endsWith('.tmp')) out.push(relative(root, path).split(sep).join('/'));
    }
    return out;
  }
  return {
    kind: 'local',
    has: async (key) => existsSync(join(root, safeKey(key))),
    async put(key, data) {
      const path = join(root, safeKey(key));
      await mkdir(dirname(path), { recursive: true });
      const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, path);
    },
    read: (key) => readFile(join(root, safeKey(key))),
    async list(prefix) {
      const p = safeKey(prefix);
      return (await walk(join(root, p))).sort();
    },
    url: (key) => `${MEDIA_URL_PREFIX}${safeKey(key)}`,
    localPath: (key) => join(root, safeKey(key)),
  };
}

export type S3Options = {
  endpoint?: string | undefined;
  bucket: string;
  region?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Adjusts the client (tests: a fake server's quirks). */
  onClient?: (client: S3Client) => void;
};

/** An S3-compatible bucket (path-style addressing, so MinIO, Garage and fakes work). */
export function createS3MediaStorage(opts: S3Options): MediaStorage {
  const client = new S3Client({
    region: opts.region ?? 'us-east-1',
    forcePathStyle: Boolean(opts.endpoint),
    // Checksums only where S3 requires them: many S3-compatible servers reject the newer defaults.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
    ...(opts.accessKeyId && opts.secretAccessKey
      ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } }
      : {}),
  });
  opts.onClient?.(client);
  const Bucket = opts.bucket;
  return {
    kind: 's3',
    async put(key, data, mime) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: safeKey(key),
          Body: data,
          ...(mime ? { ContentType: mime } : {}),
        }),
      );
    },
    async read(key) {
      const res = await client.send(new GetObjectCommand({ Bucket, Key: safeKey(key) }));
      if (!res.Body) throw new Error(`Empty media object: ${key}`);
      return Buffer.from(await res.Body.transformToByteArray());
    },
    async has(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: safeKey(key) }));
        return true;
      } catch (err) {
        const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status === 404 || (err as Error).name === 'NotFound' || (err as Error).name === 'NoSuchKey')
          return false;
        throw err;
      }
    },
    async list(prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const res = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: safeKey(prefix), ContinuationToken: token }),
        );
        for (const o of res.Contents ?? []) if (o.Key) keys.push(o.Key);
        token = res.IsTruncated ? res.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    url: (key) => `${MEDIA_URL_PREFIX}${safeKey(key)}`,
    presignGet: (key, seconds) =>
      getSignedUrl(client, new GetObjectCommand({ Bucket, Key: safeKey(key) }), { expiresIn: seconds }),
  };
}
