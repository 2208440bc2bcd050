import type { AppInstance } from '../../app-types.ts';
import type { Core } from '../../core.ts';
import type { LedgerService } from '../billing/ledger.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { createReferralsService, type ReferralsService } from './referrals.service.ts';
import { createRewardsRepository } from './rewards.repository.ts';
import { rewardsRoutes } from './rewards.routes.ts';
import { createRewardsService, type RewardsService } from './rewards.service.ts';

/**
 * Token rewards (issue 12 items 1-3): daily rewards, tasks and the quiz, referrals. Seeds its
 * settings and quiz from `seed/*.json`, registers its routes and listens to payments (referrals).
 */
export function registerRewardsModule(
  app: AppInstance,
  deps: {
    ledger: LedgerService;
    users: UsersService;
    payments: PaymentsService;
    core: Pick<Core, 'db' | 'background'>;
    /** "Now" for the reward rules (tests move days with it). */
    clock?: (() => Date) | undefined;
  },
): { rewards: RewardsService; referrals: ReferralsService } {
  const { db, background } = deps.core;
  const repo = createRewardsRepository();
  const now = deps.clock ?? (() => new Date());
  const rewards = createRewardsService({ db, repo, ledger: deps.ledger, users: deps.users, now });
  const referrals = createReferralsService({
    db,
    repo,
    ledger: deps.ledger,
    users: deps.users,
    referralTokens: async () => (await rewards.settings()).referralTokens,
    now,
  });
  deps.payments.onPayment({
    succeeded: (tx, payment) => referrals.paidIn(tx, payment),
    reversed: (tx, payment) => referrals.reversedIn(tx, payment),
    committed: (payment) => background.run(() => referrals.committed(payment)),
  });
  app.addHook('onReady', async () => {
    await rewards.seed();
  });
  rewardsRoutes(app, rewards, referrals);
  return { rewards, referrals };
}
