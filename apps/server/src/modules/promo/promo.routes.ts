import {
  CreatePromoCodeBody,
  PendingDiscountResponse,
  PromoApplyResponse,
  PromoCheckResponse,
  PromoCodeBody,
  PromoCodeResponse,
} from '@amora/shared/promo.ts';
import type { AppInstance } from '../../app-types.ts';
import { requireRole } from '../../plugins/require-role.ts';
import { toPromoCodeView, type PromoService } from './promo.service.ts';

/** Promo codes: check, apply, the pending discount, and the operator's create. */
export function promoRoutes(app: AppInstance, promo: PromoService): void {
  const common = { tags: ['billing'], security: [{ bearer: [] }] };
  const rateLimit = { max: 30, timeWindow: '1 minute' };

  app.post(
    '/api/promocode/check',
    {
      onRequest: [app.requireAuth],
      config: { rateLimit },
      schema: {
        ...common,
        summary:
          'What a promo code gives: bonus tokens or a percent off the next checkout (404 unknown, 400 expired, 409 used)',
        body: PromoCodeBody,
        response: { 200: PromoCheckResponse },
      },
    },
    async (req) => promo.check(req.userId(), req.body.code),
  );

  app.post(
    '/api/promocode/apply',
    {
      onRequest: [app.requireAuth],
      config: { rateLimit },
      schema: {
        ...common,
        summary:
          'Use a promo code once: bonus tokens are credited through the ledger; a discount is taken by the next checkout',
        body: PromoCodeBody,
        response: { 200: PromoApplyResponse },
      },
    },
    async (req) => promo.apply(req.userId(), req.body.code),
  );

  app.get(
    '/api/promocode/discount',
    {
      onRequest: [app.requireAuth],
      schema: {
        ...common,
        summary: 'The promo-code discount waiting for the next checkout, if any',
        response: { 200: PendingDiscountResponse },
      },
    },
    async (req) => ({ discount: await promo.pendingDiscount(req.userId()) }),
  );

  app.post(
    '/api/admin/promo-codes',
    {
      onRequest: [app.requireAuth, requireRole(app, ['admin'])],
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary: 'Create a promo code (bonus tokens or a discount percent, optional expiry and use limit)',
        body: CreatePromoCodeBody,
        response: { 201: PromoCodeResponse },
      },
    },
    async (req, reply) => reply.code(201).send({ promoCode: toPromoCodeView(await promo.create(req.body)) }),
  );
}
