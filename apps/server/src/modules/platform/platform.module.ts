import type { AppInstance } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import type { ChatsService } from '../chats/chats.service.ts';
import { createPlatformRepository } from './platform.repository.ts';
import { platformRoutes } from './platform.routes.ts';
import { createPlatformService, type PlatformService } from './platform.service.ts';

/** The platform around the chats: UTM and launches, maintenance, FAQ and the Telegram mini app log. */
export function registerPlatformModule(
  app: AppInstance,
  deps: { db: Db; chats: ChatsService },
): PlatformService {
  const platform = createPlatformService({ ...deps, repo: createPlatformRepository() });
  platformRoutes(app, platform);
  return platform;
}
