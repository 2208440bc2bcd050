import type { AppInstance } from '../../app-types.ts';
import type { Core } from '../../core.ts';
import type { ChatsService } from '../chats/chats.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { Resolve } from './endpoint-guard.ts';
import { createPushRepository } from './push.repository.ts';
import { pushRoutes } from './push.routes.ts';
import { createWebPushSender, type PushSender } from './push-sender.ts';
import { createPushService, type PushService } from './push.service.ts';

export type PushOptions = { sender?: PushSender; allowInsecureEndpoints?: boolean; resolve?: Resolve };

/** Web push (VAPID keys are generated secrets): she writes first → a notification per chat. */
export function registerPushModule(
  app: AppInstance,
  deps: {
    core: Pick<Core, 'db' | 'config' | 'secrets' | 'background' | 'publicUrl'>;
    users: UsersService;
    chats: ChatsService;
    /** Another sender, or loopback http endpoints allowed (tests). */
    options?: PushOptions | undefined;
  },
): PushService {
  const { db, config, secrets, background, publicUrl } = deps.core;
  const opts = deps.options ?? {};
  const push = createPushService({
    db,
    repo: createPushRepository(),
    sender:
      opts.sender ??
      createWebPushSender({
        vapid: {
          subject: publicUrl.startsWith('https:')
            ? publicUrl
            : `mailto:${config.ADMIN_EMAIL ?? `admin@${new URL(publicUrl).hostname}`}`,
          publicKey: secrets.vapidPublicKey,
          privateKey: secrets.vapidPrivateKey,
        },
      }),
    publicKey: secrets.vapidPublicKey,
    log: app.log,
    allowInsecureEndpoints: opts.allowInsecureEndpoints ?? false,
    ...(opts.resolve ? { resolve: opts.resolve } : {}),
    reachable: async (userId) => {
      const user = await deps.users.findById(userId);
      return !!user && !user.pausedAt;
    },
  });
  deps.users.onDeactivate((userId) => push.unsubscribeAll(userId));
  // Sent in the background: a slow push service never holds up the sweep that wrote the message.
  deps.chats.companion.onWroteFirst((e) => {
    background.run(() =>
      push.notify(
        e.userId,
        {
          title: e.botName,
          body: e.text,
          tag: `chat-${e.chatId}`,
          url: `/chat/${e.chatId}`,
          ...(e.botAvatar ? { icon: e.botAvatar } : {}),
        },
        { topic: e.chatId.replace(/[^A-Za-z0-9]/g, '').slice(0, 32) },
      ),
    );
    return Promise.resolve();
  });
  pushRoutes(app, push);
  return push;
}
