import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';

const SecretsFile = z.object({
  jwtSecret: z.string().min(32),
  webhookSecret: z.string().min(32),
  /** Signs media URLs (decision 040). */
  mediaSecret: z.string().min(32),
  /** The VAPID key pair of web push (the public key is served to browsers). */
  vapidPublicKey: z.string().min(64),
  vapidPrivateKey: z.string().min(32),
});
export type Secrets = z.infer<typeof SecretsFile>;

export const generateSecrets = (): Secrets => {
  const vapid = webpush.generateVAPIDKeys();
  return {
    jwtSecret: randomBytes(48).toString('base64url'),
    webhookSecret: randomBytes(48).toString('base64url'),
    mediaSecret: randomBytes(48).toString('base64url'),
    vapidPublicKey: vapid.publicKey,
    vapidPrivateKey: vapid.privateKey,
  };
};

/** A secrets file written before a secret existed gets the missing ones (the others are kept). */
function completeFile(file: string): Secrets {
  const stored = z.record(z.string(), z.string()).parse(JSON.parse(readFileSync(file, 'utf8')));
  const parsed = SecretsFile.safeParse(stored);
  if (parsed.success) return parsed.data;
  const fresh = generateSecrets();
  const vapid =
    stored.vapidPublicKey && stored.vapidPrivateKey
      ? {}
      : { vapidPublicKey: fresh.vapidPublicKey, vapidPrivateKey: fresh.vapidPrivateKey };
  const secrets = SecretsFile.parse({ ...fresh, ...stored, ...vapid });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  renameSync(tmp, file);
  return secrets;
}

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
      secrets = completeFile(file);
    } else {
      mkdirSync(opts.dataDir, { recursive: true });
      secrets = generateSecrets();
      try {
        writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: 'wx' });
        chmodSync(file, 0o600);
      } catch (err) {
        // Another process sharing DATA_DIR wrote it first: use theirs.
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        secrets = completeFile(file);
      }
    }
  }
  if (opts.jwtSecret) secrets = { ...secrets, jwtSecret: opts.jwtSecret };
  return secrets;
}

/**
 * On PostgreSQL the nodes share one database but not one DATA_DIR, so generated secrets live in
 * the database: the first node to start inserts them, every node reads the same values. A secret
 * added later (the VAPID pair) is inserted by the first node that knows it; the pair goes in one
 * statement, so nodes never mix halves of two pairs.
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
