import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';

/** Where media files live. The default keeps them under DATA_DIR/media and serves them at /media. */
export interface MediaStorage {
  put(key: string, data: Buffer): Promise<void>;
  read(key: string): Promise<Buffer>;
  has(key: string): boolean;
  url(key: string): string;
  readonly root: string;
}

export function safeKey(key: string): string {
  const n = normalize(key).replace(/^([/\\])+/, '');
  if (n.startsWith('..') || n.includes(`${sep}..${sep}`) || !/^[\w./-]+$/.test(n)) {
    throw new Error(`Unsafe media key: ${key}`);
  }
  return n;
}

export function createLocalMediaStorage(root: string): MediaStorage {
  return {
    root,
    has: (key) => existsSync(join(root, safeKey(key))),
    async put(key, data) {
      const path = join(root, safeKey(key));
      await mkdir(dirname(path), { recursive: true });
      const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, path);
    },
    read: (key) => readFile(join(root, safeKey(key))),
    url: (key) => `/media/${safeKey(key)}`,
  };
}
