import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../test/test-app.ts';
import { createEntityCache } from './entity-cache.ts';
import { createSharedState, type SharedState } from './shared-state.ts';

const log = { error: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;

/** A cache over a mutable "table" that counts its loads. */
function fixture(shared: SharedState, table: Map<string, string>) {
  let loads = 0;
  const cache = createEntityCache({
    name: 'test-things',
    shared,
    load: async (id: string) => {
      loads++;
      return table.get(id) ?? null;
    },
  });
  return { cache, loads: () => loads };
}

/**
 * A cache whose loads wait at a gate until `release()`: each load reads `value` when it starts
 * (what the row held when the read began) and answers it once released.
 */
function gated(shared: SharedState, name: string) {
  let release!: () => void;
  let gate = new Promise<void>((r) => (release = r));
  const state = { value: 'old', loads: 0 };
  const cache = createEntityCache({
    name,
    shared,
    load: async () => {
      state.loads++;
      const seen = state.value;
      await gate;
      return seen;
    },
  });
  return {
    cache,
    state,
    release: () => release(),
    /** A new closed gate for the loads that start from now on. */
    close: () => {
      gate = new Promise<void>((r) => (release = r));
    },
  };
}

describe('entity cache (decision 091)', () => {
  it('serves repeated reads from memory and reloads after an invalidation', async () => {
    const shared = createSharedState({ namespace: 'amora:ec1:', log });
    const table = new Map([['a', 'one']]);
    const f = fixture(shared, table);
    await f.cache.start();
    expect(await f.cache.get('a')).toBe('one');
    expect(await f.cache.get('a')).toBe('one');
    expect(f.loads()).toBe(1);
    table.set('a', 'two');
    f.cache.invalidate('a');
    expect(await f.cache.get('a')).toBe('two');
    expect(f.loads()).toBe(2);
    table.set('a', 'three');
    f.cache.invalidateAll();
    expect(await f.cache.get('a')).toBe('three');
    await shared.close();
  });

  it('a load that began before an invalidation does not put its stale answer back', async () => {
    const shared = createSharedState({ namespace: 'amora:ec2:', log });
    const g = gated(shared, 'slow');
    const inFlight = g.cache.get('x');
    g.state.value = 'new';
    g.cache.invalidate('x'); // the write committed while the read was on its way
    g.release();
    expect(await inFlight).toBe('old');
    expect(await g.cache.get('x')).toBe('new');
    expect(g.state.loads).toBe(2);
    await shared.close();
  });

  it('misses that arrive while a load runs share it, unless an invalidation came between (decision 150)', async () => {
    const shared = createSharedState({ namespace: 'amora:ec3:', log });
    const g = gated(shared, 'crowd');
    const crowd = Array.from({ length: 50 }, () => g.cache.get('x'));
    g.release();
    expect(await Promise.all(crowd)).toEqual(Array(50).fill('old'));
    expect(g.state.loads).toBe(1);

    g.close();
    g.cache.invalidate('x');
    const before = g.cache.get('x');
    g.state.value = 'new';
    g.cache.invalidate('x'); // written while the first load was on its way: later misses load afresh
    const after = g.cache.get('x');
    g.release();
    expect(await before).toBe('old');
    expect(await after).toBe('new');
    expect(g.state.loads).toBe(3);
    expect(await g.cache.get('x')).toBe('new');
    expect(g.state.loads).toBe(3);
    await shared.close();
  });

  const redisUrl = process.env.REDIS_URL;
  describe.skipIf(!redisUrl)('two nodes sharing Redis', () => {
    const states: SharedState[] = [];
    afterAll(async () => {
      for (const s of states) await s.close();
    });
    it('an invalidation on one node drops the copy on the other', async () => {
      const namespace = `amora:ec-${Date.now()}:`;
      const a = createSharedState({ redisUrl, namespace, log });
      const b = createSharedState({ redisUrl, namespace, log });
      states.push(a, b);
      const table = new Map([['u1', 'v1']]);
      const fa = fixture(a, table);
      const fb = fixture(b, table);
      await fa.cache.start();
      await fb.cache.start();
      expect(await fa.cache.get('u1')).toBe('v1');
      expect(await fb.cache.get('u1')).toBe('v1');
      table.set('u1', 'v2');
      fa.cache.invalidate('u1');
      expect(await fa.cache.get('u1')).toBe('v2');
      // Node B hears it over Redis and reads the row again.
      await eventually(async () => (await fb.cache.get('u1')) === 'v2');
      table.set('u1', 'v3');
      fb.cache.invalidateAll();
      await eventually(async () => (await fa.cache.get('u1')) === 'v3');
    });
  });
});
