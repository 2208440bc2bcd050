import type { FeedbackBody, ThemeEvent, TmaLogBody } from '@amora/shared/platform.ts';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/tokens.ts';
import type { ChatsService } from '../chats/chats.service.ts';
import type { PlatformRepository } from './platform.repository.ts';

const MAINTENANCE_KEY = 'maintenance';
const themeKey = (name: string) => `theme_event:${name}`;
/** Seasonal events the app knows how to theme (SPEC §9: default and Halloween). */
const KNOWN_EVENTS = ['halloween'] as const;
const StoredEvent = z.object({ isActive: z.boolean() });

/** Without an operator's choice, Halloween runs from 15 October to 2 November (UTC). */
export function halloweenSeason(now: Date): boolean {
  const month = now.getUTCMonth();
  const day = now.getUTCDate();
  return (month === 9 && day >= 15) || (month === 10 && day <= 2);
}

export function createPlatformService(deps: {
  db: Db;
  repo: PlatformRepository;
  chats: ChatsService;
  now?: () => Date;
}) {
  const { db, repo, chats } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async maintenance(): Promise<boolean> {
      return (await repo.getFlag(db, MAINTENANCE_KEY)) === true;
    },
    async setMaintenance(on: boolean): Promise<boolean> {
      await repo.setFlag(db, MAINTENANCE_KEY, on);
      return on;
    },

    async themeEvent(rawName: string): Promise<ThemeEvent> {
      const name = rawName.toLowerCase();
      if (!(KNOWN_EVENTS as readonly string[]).includes(name)) throw notFound('platform.noSuchEvent');
      const stored = StoredEvent.safeParse(await repo.getFlag(db, themeKey(name)));
      const isActive = stored.success ? stored.data.isActive : halloweenSeason(now());
      return { _id: name, name: 'Halloween', isActive };
    },
    async themeEvents(): Promise<ThemeEvent[]> {
      return Promise.all(KNOWN_EVENTS.map((name) => this.themeEvent(name)));
    },
    async setThemeEvent(rawName: string, isActive: boolean): Promise<ThemeEvent> {
      const name = rawName.toLowerCase();
      if (!(KNOWN_EVENTS as readonly string[]).includes(name)) throw notFound('platform.noSuchEvent');
      await repo.setFlag(db, themeKey(name), { isActive });
      return this.themeEvent(name);
    },

    /** Feedback on one of the caller's chats; another user's chat answers 404. */
    async feedback(userId: string, chatId: string, body: FeedbackBody) {
      await chats.history(userId, chatId);
      const row = await repo.insertFeedback(db, {
        id: newId(),
        userId,
        chatId,
        rating: body.rating,
        text: body.text,
      });
      return { _id: row.id, rating: row.rating, text: row.text, createdAt: row.createdAt.toISOString() };
    },

    async tmaLog(userId: string | null, body: TmaLogBody): Promise<void> {
      await repo.insertEvent(db, { id: newId(), kind: 'tma_launch', userId, payload: { ...body } });
    },
  };
}
export type PlatformService = ReturnType<typeof createPlatformService>;
