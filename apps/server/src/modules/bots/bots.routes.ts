import type { FastifyReply } from 'fastify';
import { BotListQuery, BotListResponse, BotResponse, IdParam } from '@amora/shared/bots.ts';
import type { AppInstance } from '../../app-types.ts';
import type { BotsService } from './bots.service.ts';

export function botsRoutes(app: AppInstance, bots: BotsService): void {
  app.get(
    '/api/bots',
    {
      schema: {
        tags: ['bots'],
        summary: 'The characters, filtered by type: all, anime, realistic or video',
        querystring: BotListQuery,
        response: { 200: BotListResponse },
      },
    },
    async (req, reply) => {
      const { body, etag } = await bots.listJson(req.query.type);
      reply.header('etag', etag).header('cache-control', 'public, max-age=0, must-revalidate');
      // Already serialised once per cache window: sent as is, past the typed serializer.
      const untyped = reply as unknown as FastifyReply;
      if (req.headers['if-none-match'] === etag) return untyped.code(304).send();
      return untyped.type('application/json; charset=utf-8').send(body);
    },
  );

  app.get(
    '/api/bots/:id',
    {
      schema: { tags: ['bots'], summary: 'One character', params: IdParam, response: { 200: BotResponse } },
    },
    async (req) => ({ data: (await bots.get(req.params.id)).dto }),
  );
}
