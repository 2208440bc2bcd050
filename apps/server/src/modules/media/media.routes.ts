import {
  GenerateVideoBody,
  RegenerateVideoBody,
  RevealParams,
  RevealResponse,
  VideoJobResponse,
} from '@amora/shared/media.ts';
import type { AppInstance } from '../../app-types.ts';
import type { ChatMediaService } from './chat-media.service.ts';

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
