import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSecrets, loadSharedSecrets } from './secrets.ts';

describe('generated secrets', () => {
  it('generates a VAPID key pair with the others and keeps it across starts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'amora-secrets-'));
    const first = loadSecrets({ dataDir: dir });
    expect(Buffer.from(first.vapidPublicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.vapidPrivateKey, 'base64url')).toHaveLength(32);
    expect(loadSecrets({ dataDir: dir })).toEqual(first);
    expect(statSync(join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
  });

  it('adds the VAPID pair to a secrets file written before it existed, keeping the other secrets', () => {
    const dir = mkdtempSync(join(tmpdir(), 'amora-secrets-'));
    const old = { jwtSecret: 'j'.repeat(64), webhookSecret: 'w'.repeat(64) };
    writeFileSync(join(dir, 'secrets.json'), JSON.stringify(old), { mode: 0o600 });
    const upgraded = loadSecrets({ dataDir: dir });
    expect(upgraded).toMatchObject(old);
    expect(upgraded.vapidPublicKey.length).toBeGreaterThan(60);
    expect(JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8'))).toEqual(upgraded);
    expect(statSync(join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    expect(loadSecrets({ dataDir: dir })).toEqual(upgraded);
  });

  it('on a shared database the first node inserts missing secrets and every node reads the same', async () => {
    const rows = new Map<string, string>([
      ['jwtSecret', 'j'.repeat(64)],
      ['webhookSecret', 'w'.repeat(64)],
    ]);
    const store = {
      insertMissing: (values: Record<string, string>) => {
        for (const [k, v] of Object.entries(values)) if (!rows.has(k)) rows.set(k, v);
        return Promise.resolve();
      },
      read: () => Promise.resolve(Object.fromEntries(rows)),
    };
    const a = await loadSharedSecrets(store);
    const b = await loadSharedSecrets(store);
    expect(a.jwtSecret).toBe('j'.repeat(64));
    expect(b).toEqual(a);
    expect(a.vapidPublicKey).toBe(rows.get('vapidPublicKey'));
  });
});
