import {
  DEFAULT_BILLING_SETTINGS,
  DEFAULT_COMPANION_SETTINGS,
  Settings,
  type TokenCosts,
} from '@amora/shared/settings.ts';
import type { SettingsRepository } from './settings.repository.ts';
import { SETTINGS_SEED } from './settings.seed.ts';

const CACHE_MS = 5_000;

/** Prices, costs and limits come from the settings table (DESIGN §3), cached for a few seconds. */
export function createSettingsService(repo: SettingsRepository) {
  let cached: { at: number; value: Settings } | null = null;

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
      if (cached && Date.now() - cached.at < CACHE_MS) return cached.value;
      return this.fresh();
    },
    /** Reads the table now, bypassing (and refreshing) this node's cache. */
    async fresh(): Promise<Settings> {
      const value = await load();
      cached = { at: Date.now(), value };
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
