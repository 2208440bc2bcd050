import send from '@fastify/send';
import {
  GenerateVideoBody,
  MediaFileQuery,
  MediaGalleryParams,
  MediaGalleryResponse,
  SignMediaBody,
  SignMediaResponse,
  RegenerateVideoBody,
  RevealParams,
  RevealResponse,
  VideoJobResponse,
} from '@amora/shared/media.ts';
import type { AppInstance } from '../../app-types.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { MediaSigner } from '../../lib/media-signing.ts';
import { keyOfUrl, type MediaStorage } from '../../lib/media-storage.ts';
import { createArtVariants } from './art-variants.ts';
import type { ChatMediaService } from './chat-media.service.ts';
import type { MediaAccessService } from './media-access.service.ts';

export function mediaRoutes(app: AppInstance, chatMedia: ChatMediaService): void {
  const common = { tags: ['media'], security: [{ bearer: [] }] };

  app.post(
    '/api/chat/:id/reveal/:messageId',
    {
      onRequest: [app.requireAuth],
      schema: {
        ...common,
        summary:
          'Reveal a blurred photo (tokens_for_get_photo) or voice note (tokens_for_get_voice) of hers; paying twice is impossible',
        params: RevealParams,
        response: { 200: RevealResponse },
      },
    },
    async (req) => chatMedia.reveal(req.userId(), req.params.id, req.params.messageId),
  );

  app.post(
    '/api/media/generate-video',
    {
      onRequest: [app.requireAuth],
      schema: {
        ...common,
        summary:
          'Ask her for a video (level 4, characters with video, at most video_quality per chat): tokens_for_get_video, the first one free. The clip replaces the placeholder message when ready',
        body: GenerateVideoBody,
        response: { 200: VideoJobResponse },
      },
    },
    async (req) => chatMedia.generateVideo(req.userId(), req.body.chatId),
  );

  app.post(
    '/api/media/regenerate-video',
    {
      onRequest: [app.requireAuth],
      schema: {
        ...common,
        summary: 'Try a failed video again, or one taking longer than planned; costs nothing more',
        body: RegenerateVideoBody,
        response: { 200: VideoJobResponse },
      },
    },
    async (req) => chatMedia.regenerateVideo(req.userId(), req.body.messageId),
  );
}

/**
 * The media files themselves (decision 040): public art as is; every other file only through a URL
 * signed for the user (POST /api/media/sign). Local files are served with range support (videos
 * seek); from an S3 bucket the answer redirects to a presigned GET that ends with the signature.
 */
export function mediaFileRoutes(
  app: AppInstance,
  deps: { access: MediaAccessService; storage: MediaStorage; signer: MediaSigner },
): void {
  const { access, storage, signer } = deps;
  const variants = createArtVariants(storage);

  app.post(
    '/api/media/sign',
    {
      onRequest: [app.requireAuth],
      schema: {
        tags: ['media'],
        security: [{ bearer: [] }],
        summary:
          'Signed URLs (at most an hour) for the media files the user may open; null for the others. Public art comes back unsigned',
        body: SignMediaBody,
        response: { 200: SignMediaResponse },
      },
    },
    async (req) => ({ data: await access.sign(req.userId(), req.body.urls) }),
  );

  app.get(
    '/api/media/gallery/:botId',
    {
      onRequest: [app.requireAuth],
      schema: {
        tags: ['media'],
        security: [{ bearer: [] }],
        summary:
          'Her photos this user may see (her popup gallery): public art, her library at his level with her, everything with a subscription; signed for him',
        params: MediaGalleryParams,
        response: { 200: MediaGalleryResponse },
      },
    },
    async (req) => ({ data: await access.gallery(req.userId(), req.params.botId) }),
  );

  app.get(
    '/media/*',
    {
      schema: {
        tags: ['media'],
        summary:
          'A media file: her public art to anyone, anything else only with a signature issued to the user (u, e, s). Supports Range',
        querystring: MediaFileQuery,
      },
    },
    async (req, reply) => {
      const rest = (req.params as { '*'?: string })['*'] ?? '';
      let key = keyOfUrl(`/media/${rest}`);
      if (!key) throw notFound('media.fileNotFound');
      const signed = req.query.s !== undefined;
      const grant = signed ? signer.verify(key, req.query) : null;
      if (signed && !grant) throw forbidden('media.linkExpired');
      const now = Math.floor(Date.now() / 1000);
      let ttl: number;
      if (grant) {
        ttl = Math.max(1, grant.expires - now);
        reply.header('cache-control', `private, max-age=${ttl}`);
      } else {
        if (!(await access.isPublicKey(key))) throw notFound('media.fileNotFound');
        ttl = 3600;
        reply.header('cache-control', 'public, max-age=604800');
        // A smaller copy for srcset (issue 13), made once and kept in the storage.
        key = await variants.keyFor(key, req.query.w);
      }
      if (storage.presignGet) {
        if (!(await storage.has(key))) throw notFound('media.fileNotFound');
        return reply.redirect(await storage.presignGet(key, ttl), 302);
      }
      const path = storage.localPath?.(key);
      if (!path) throw notFound('media.fileNotFound');
      const result = await send(req.raw, path, {
        acceptRanges: true,
        cacheControl: false,
        dotfiles: 'deny',
        etag: true,
        lastModified: true,
        index: false,
      });
      if (result.type !== 'file') throw notFound('media.fileNotFound');
      reply.code(result.statusCode);
      for (const [name, value] of Object.entries(result.headers)) reply.header(name, value);
      return reply.send(result.stream);
    },
  );
}
