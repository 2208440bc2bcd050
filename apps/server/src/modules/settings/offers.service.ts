import type { SettingsSection } from '@amora/shared/offers.ts';
import type { Settings } from '@amora/shared/settings.ts';
import { AppError } from '../../lib/errors.ts';
import type { OffersRepository } from './offers.repository.ts';
import type { SettingsService } from './settings.service.ts';

/** What an edit changed, for the operator's audit line. */
export type OfferEditSummary = { section: SettingsSection; added: string[]; removed: string[] };

/**
 * Operators edit the offers and rules in the settings table one section at a time (issue 4,
 * docs/decisions/028). The request schema has already checked each section on its own; this adds
 * the rules that need the other sections or the database, then writes and drops the cache.
 */
export function createOffersService(deps: { settings: SettingsService; repo: OffersRepository }) {
  const { settings, repo } = deps;

  function renewalTargetOk(plans: Settings['subscription'], uuid: string): boolean {
    return plans.some((p) => p.uuid === uuid && !p.is_trial);
  }

  async function checkPlans(current: Settings, next: Settings['subscription'], now: Date): Promise<void> {
    const kept = new Set(next.map((p) => p.uuid));
    const removed = current.subscription.map((p) => p.uuid).filter((id) => !kept.has(id));
    const uses = await repo.livePlanUses(removed, now);
    for (const [plan, n] of uses) {
      if (n > 0) throw new AppError('CONFLICT', 'settings.planInUse', { plan, count: n });
    }
    const target = current.billing.trial_renews_to;
    if (!renewalTargetOk(next, target))
      throw new AppError('CONFLICT', 'settings.renewalPlanRemoved', { plan: target });
  }

  function checkPacks(current: Settings, next: Settings['purchase']): void {
    const welcome = current.billing.new_user_offer.pack.uuid;
    if (next.some((p) => p.uuid === welcome))
      throw new AppError('VALIDATION_ERROR', 'settings.offerIdTaken', { uuid: welcome });
  }

  function checkBilling(current: Settings, next: Settings['billing']): void {
    if (!renewalTargetOk(current.subscription, next.trial_renews_to))
      throw new AppError('VALIDATION_ERROR', 'settings.noSuchRenewalPlan', { plan: next.trial_renews_to });
    const welcome = next.new_user_offer.pack.uuid;
    if (current.purchase.some((p) => p.uuid === welcome))
      throw new AppError('VALIDATION_ERROR', 'settings.offerIdTaken', { uuid: welcome });
  }

  function ids(s: Settings, section: SettingsSection): string[] {
    if (section === 'purchase') return s.purchase.map((p) => p.uuid);
    if (section === 'subscription') return s.subscription.map((p) => p.uuid);
    return [];
  }

  return {
    /** The settings as stored now (not the few-second cache another node may still hold). */
    read(): Promise<Settings> {
      return settings.fresh();
    },

    async replace<S extends SettingsSection>(
      section: S,
      value: Settings[S],
      now = new Date(),
    ): Promise<{ settings: Settings; summary: OfferEditSummary }> {
      const current = await settings.fresh();
      if (section === 'subscription') await checkPlans(current, value as Settings['subscription'], now);
      if (section === 'purchase') checkPacks(current, value as Settings['purchase']);
      if (section === 'billing') checkBilling(current, value as Settings['billing']);
      const next = await settings.update(section, value);
      const before = new Set(ids(current, section));
      const after = new Set(ids(next, section));
      return {
        settings: next,
        summary: {
          section,
          added: [...after].filter((id) => !before.has(id)),
          removed: [...before].filter((id) => !after.has(id)),
        },
      };
    },
  };
}
export type OffersService = ReturnType<typeof createOffersService>;
