import { AiStatusResponse } from '@amora/shared/ai-status.ts';
import type { AppInstance } from '../../app-types.ts';
import type { AiStatusTracker } from './ai-status.ts';

export function aiStatusRoutes(app: AppInstance, aiStatus: AiStatusTracker): void {
  app.get(
    '/api/chat/ai-status',
    {
      schema: {
        tags: ['chats'],
        summary:
          'Health of the engine that writes her replies (ok, degraded, down) and when it last failed; changes also arrive as the `ai_status` socket event',
        response: { 200: AiStatusResponse },
      },
    },
    async () => ({ data: aiStatus.current() }),
  );
}
