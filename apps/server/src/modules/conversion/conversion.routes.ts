import {
  AvailableOffersResponse,
  ConversionSettings,
  ConversionSettingsResponse,
  MysteryBoxBuyBody,
  MysteryBoxResultResponse,
  OfferParams,
  OfferSeenBody,
  OfferSeenResponse,
} from '@amora/shared/conversion.ts';
import { CheckoutResponse } from '@amora/shared/payments.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { requireRole } from '../../plugins/require-role.ts';
import type { ConversionService } from './conversion.service.ts';

/** The offers that convert: what the caller may see, shown/dismissed, the mystery box, the operator's switches. */
export function conversionRoutes(app: AppInstance, offers: ConversionService): void {
  const common = { tags: ['offers'], security: [{ bearer: [] }] };
  /** Guests get the guest offers; a bearer token, when sent, must be valid. */
  const optionalAuth = async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.headers.authorization) await app.requireAuth(req, reply);
  };

  app.get(
    '/api/offers',
    {
      onRequest: [optionalAuth],
      schema: {
        ...common,
        summary:
          'The conversion offers the caller may see now (leave offer, mystery box with its published odds, trial dialog, upsell list, marketing list for guests, VPN warning, fortune); none for a banned user',
        response: { 200: AvailableOffersResponse },
      },
    },
    async (req) => offers.available(req.authUserId ?? null),
  );

  app.post(
    '/api/offers/:offer/seen',
    {
      onRequest: [app.requireAuth],
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        ...common,
        summary:
          'Records that an offer was shown or dismissed. Showing the leave offer grants its one-time checkout discount. 403 when the offer is not available to the caller now (already shown, switched off, banned)',
        params: OfferParams,
        body: OfferSeenBody,
        response: { 200: OfferSeenResponse },
      },
    },
    async (req) => offers.seen(req.userId(), req.params.offer, req.body.event),
  );

  app.post(
    '/api/offers/mystery-box/buy',
    {
      onRequest: [app.requireAuth],
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        ...common,
        summary:
          'Starts the checkout of a mystery box; the prize is drawn by the server from the published odds once the payment succeeds',
        body: MysteryBoxBuyBody,
        response: { 200: CheckoutResponse },
      },
    },
    async (req) => offers.buyBox(req.userId(), req.body.provider),
  );

  app.get(
    '/api/offers/mystery-box/:paymentId',
    {
      onRequest: [app.requireAuth],
      schema: {
        ...common,
        summary: "A mystery box payment's status and its drawn prize (null until paid)",
        params: z.object({ paymentId: z.string().min(1).max(64) }),
        response: { 200: MysteryBoxResultResponse },
      },
    },
    async (req) => offers.boxResult(req.userId(), req.params.paymentId),
  );

  const admin = [app.requireAuth, requireRole(app, ['admin'])];
  const adminCommon = { tags: ['admin'], security: [{ bearer: [] }] };
  app.get(
    '/api/admin/conversion',
    {
      onRequest: admin,
      schema: {
        ...adminCommon,
        summary: 'The conversion offers: each switch and its tuning',
        response: { 200: ConversionSettingsResponse },
      },
    },
    async () => ({ settings: await offers.config() }),
  );
  app.put(
    '/api/admin/conversion',
    {
      onRequest: admin,
      schema: {
        ...adminCommon,
        summary:
          'Replaces the conversion offers (leave-offer percent and hours, mystery-box prices and prize odds, the switches)',
        body: ConversionSettings,
        response: { 200: ConversionSettingsResponse },
      },
    },
    async (req) => {
      const settings = await offers.updateConfig(req.body);
      req.log.info({ actor: req.userId() }, 'operator edited the conversion offers');
      return { settings };
    },
  );
}
