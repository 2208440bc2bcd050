import {
  DEFAULT_BILLING_SETTINGS,
  DEFAULT_COMPANION_SETTINGS,
  Settings,
  type TokenCosts,
} from '@amora/shared/settings.ts';
import type { SettingsRepository } from './settings.repository.ts';
import { SETTINGS_SEED } from './settings.seed.ts';

const CACHE_MS = 5_000;
/**
 * Past CACHE_MS and up to this age, the copy is still answered while ONE read refreshes it
 * (decision 150): under a crowd, an expiry used to send every request in flight to read the table
 * at once, each queued behind the others' work.
 */
const STALE_MS = 2 * CACHE_MS;

/** Prices, costs and limits come from the settings table (DESIGN §3), cached for a few seconds. */
export function createSettingsService(repo: SettingsRepository) {
  let cached: { at: number; value: Settings; seq: number } | null = null;
  /** The refresh running now, shared by every caller that finds the copy expired. */
  let refreshing: Promise<Settings> | null = null;
  /** Reads begun so far: a read never replaces the answer of one begun after it. */
  let reads = 0;

  async function load(): Promise<Settings> {
    const rows = await repo.all();
    const merged = { ...SETTINGS_SEED, ...Object.fromEntries(rows) };
    return Settings.parse({
      purchase: merged.purchase,
      subscription: merged.subscription,
      tokens: { ...(SETTINGS_SEED.tokens as TokenCosts), ...(merged.tokens as object) },
      gifts: merged.gifts,
      billing: { ...DEFAULT_BILLING_SETTINGS, ...(merged.billing as object) },
      companion: { ...DEFAULT_COMPANION_SETTINGS, ...(merged.companion as object) },
    });
  }

  return {
    async seed(): Promise<void> {
      await repo.insertMissing(SETTINGS_SEED);
    },
    async get(): Promise<Settings> {
      const age = cached ? Date.now() - cached.at : Infinity;
      if (cached && age < CACHE_MS) return cached.value;
      if (!refreshing) {
        const refresh = this.fresh();
        refreshing = refresh;
        const done = () => {
          if (refreshing === refresh) refreshing = null;
        };
        refresh.then(done, done);
      }
      if (cached && age < STALE_MS) {
        refreshing.catch(() => undefined); // the next caller past STALE_MS sees the failure
        return cached.value;
      }
      return refreshing;
    },
    /** Reads the table now, bypassing (and refreshing) this node's cache. */
    async fresh(): Promise<Settings> {
      const seq = ++reads;
      const value = await load();
      if (!cached || cached.seq < seq) cached = { at: Date.now(), value, seq };
      return value;
    },
    async costs(): Promise<TokenCosts> {
      return (await this.get()).tokens;
    },
    async update(
      key: 'tokens' | 'purchase' | 'subscription' | 'gifts' | 'billing' | 'companion',
      value: unknown,
    ): Promise<Settings> {
      const shape = Settings.shape[key];
      await repo.set(key, shape.parse(value));
      // This node sees the change at once; other nodes within CACHE_MS (docs/decisions/028).
      return this.fresh();
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
