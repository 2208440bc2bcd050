import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

const SecretsFile = z.object({ jwtSecret: z.string().min(32), webhookSecret: z.string().min(32) });
export type Secrets = z.infer<typeof SecretsFile>;

export const generateSecrets = (): Secrets => ({
  jwtSecret: randomBytes(48).toString('base64url'),
  webhookSecret: randomBytes(48).toString('base64url'),
});

/**
 * Secrets the operator did not set are generated on first start and kept in DATA_DIR/secrets.json
 * (mode 0600), so a fresh start is secure by default and survives restarts. Several nodes share
 * them by setting JWT_SECRET, or by sharing the file (see docs/decisions).
 */
export function loadSecrets(opts: { dataDir: string; jwtSecret?: string | undefined }): Secrets {
  let secrets: Secrets;
  if (opts.dataDir === 'memory://') {
    secrets = generateSecrets();
  } else {
    const file = join(opts.dataDir, 'secrets.json');
    if (existsSync(file)) {
      secrets = SecretsFile.parse(JSON.parse(readFileSync(file, 'utf8')));
    } else {
      mkdirSync(opts.dataDir, { recursive: true });
      secrets = generateSecrets();
      try {
        writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: 'wx' });
        chmodSync(file, 0o600);
      } catch (err) {
        // Another process sharing DATA_DIR wrote it first: use theirs.
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        secrets = SecretsFile.parse(JSON.parse(readFileSync(file, 'utf8')));
      }
    }
  }
  if (opts.jwtSecret) secrets = { ...secrets, jwtSecret: opts.jwtSecret };
  return secrets;
}

/**
 * On PostgreSQL the nodes share one database but not one DATA_DIR, so generated secrets live in
 * the database: the first node to start inserts them, every node reads the same values.
 */
export async function loadSharedSecrets(
  store: {
    insertMissing(values: Record<string, string>): Promise<void>;
    read(): Promise<Record<string, string>>;
  },
  jwtSecret?: string,
): Promise<Secrets> {
  await store.insertMissing(generateSecrets());
  const secrets = SecretsFile.parse(await store.read());
  return jwtSecret ? { ...secrets, jwtSecret } : secrets;
}
