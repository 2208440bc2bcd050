import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppInstance } from '../../../app-types.ts';
import type { SandboxProcessor } from './sandbox-processor.ts';
import { renderCardPage, renderClosedPage, renderConfirmPage } from './sandbox-page.ts';

const Params = z.object({ id: z.string().min(1).max(100) });
const CardForm = z.object({
  number: z.string().max(64).default(''),
  expiry: z.string().max(16).default(''),
  cvc: z.string().max(8).default(''),
});
const ConfirmForm = z.object({ action: z.enum(['approve', 'fail']) });

/**
 * The sandbox processor's hosted pages (plain HTML forms, no script), on our own server under
 * /sandbox. Only the form routes parse application/x-www-form-urlencoded.
 */
export function sandboxRoutes(app: AppInstance, processor: () => SandboxProcessor): void {
  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const common = { hide: true } as const;

    scope.get('/sandbox/pay/:id', { schema: { ...common, params: Params } }, async (req, reply) => {
      const s = await processor().session(req.params.id);
      reply.type('text/html').header('cache-control', 'no-store');
      if (s.status === 'requires_confirmation') return reply.send(renderConfirmPage(s));
      if (s.status !== 'open') return reply.redirect(s.returnUrl || '/', 303);
      return reply.send(renderCardPage(s));
    });

    scope.post(
      '/sandbox/pay/:id',
      { schema: { ...common, params: Params, body: CardForm } },
      async (req, reply) => {
        const outcome = await processor().submitCard(req.params.id, req.body);
        if ('redirect' in outcome) return reply.redirect(outcome.redirect, 303);
        const s = await processor().session(req.params.id);
        return reply
          .code(400)
          .type('text/html')
          .send(renderCardPage(s, { error: outcome.error, field: outcome.field, values: req.body }));
      },
    );

    scope.post('/sandbox/pay/:id/cancel', { schema: { ...common, params: Params } }, async (req, reply) => {
      const { redirect } = await processor().cancel(req.params.id);
      return reply.redirect(redirect, 303);
    });

    scope.get('/sandbox/pay/:id/confirm', { schema: { ...common, params: Params } }, async (req, reply) => {
      const s = await processor().session(req.params.id);
      reply.type('text/html').header('cache-control', 'no-store');
      if (s.status !== 'requires_confirmation')
        return s.returnUrl
          ? reply.redirect(s.returnUrl, 303)
          : reply.send(renderClosedPage('This payment needs no confirmation.'));
      return reply.send(renderConfirmPage(s));
    });

    scope.post(
      '/sandbox/pay/:id/confirm',
      { schema: { ...common, params: Params, body: ConfirmForm } },
      async (req, reply) => {
        const { redirect } = await processor().confirm(req.params.id, req.body.action === 'approve');
        return reply.redirect(redirect, 303);
      },
    );
  });
}
