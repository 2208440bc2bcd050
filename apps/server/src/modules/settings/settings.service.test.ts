import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SettingsRepository } from './settings.repository.ts';
import { createSettingsService } from './settings.service.ts';

/** A settings table in memory whose reads wait for `release` and are counted. */
function fakeRepo() {
  const table = new Map<string, unknown>();
  let reads = 0;
  let gate: Promise<void> | null = null;
  let release: () => void = () => undefined;
  const repo = {
    async all() {
      reads++;
      const snapshot = new Map(table);
      if (gate) await gate;
      return snapshot;
    },
    async set(key: string, value: unknown) {
      table.set(key, value);
    },
  } as unknown as SettingsRepository;
  return {
    repo,
    table,
    reads: () => reads,
    hold() {
      gate = new Promise((r) => (release = r));
    },
    release() {
      gate = null;
      release();
    },
  };
}

const message = (tokens: { tokens_for_message: number }) => tokens.tokens_for_message;

describe('settings cache (decisions 028 and 150)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('an expired copy is refreshed by ONE read, answered meanwhile; a long-expired one is awaited', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const f = fakeRepo();
    f.table.set('tokens', { tokens_for_message: 1 });
    const settings = createSettingsService(f.repo);
    expect(message(await settings.costs())).toBe(1);
    expect(f.reads()).toBe(1);

    // Written on another node; this one sees it once its copy is past its 5 seconds.
    f.table.set('tokens', { tokens_for_message: 2 });
    vi.setSystemTime(Date.now() + 6_000);
    f.hold();
    const crowd = await Promise.all(Array.from({ length: 20 }, () => settings.costs()));
    expect(crowd.map(message)).toEqual(Array(20).fill(1));
    expect(f.reads()).toBe(2);
    f.release();
    await vi.waitFor(async () => expect(message(await settings.costs())).toBe(2));
    expect(f.reads()).toBe(2);

    // Past twice the window the copy is too old to answer: callers wait for the one read.
    f.table.set('tokens', { tokens_for_message: 3 });
    vi.setSystemTime(Date.now() + 11_000);
    f.hold();
    const waiting = Promise.all(Array.from({ length: 5 }, () => settings.costs()));
    f.release();
    expect((await waiting).map(message)).toEqual(Array(5).fill(3));
    expect(f.reads()).toBe(3);
  });

  it('a saved change is seen at once on this node, even with an older read still on its way', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const f = fakeRepo();
    f.table.set('tokens', { tokens_for_message: 1 });
    const settings = createSettingsService(f.repo);
    await settings.costs();
    vi.setSystemTime(Date.now() + 11_000);
    f.hold();
    const old = settings.costs(); // reads the table as it is now (1)
    f.release();
    const saved = await settings.update('tokens', { ...(await old), tokens_for_message: 7 });
    expect(saved.tokens.tokens_for_message).toBe(7);
    expect(message(await settings.costs())).toBe(7);
  });
});
