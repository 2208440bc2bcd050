import { unlockLevel, isUnlocked } from '@amora/shared/companion.ts';
import type { DbOrTx } from '../../db/client.ts';
import { insufficientTokens } from '../../lib/errors.ts';
import { msg } from '../../lib/messages/index.ts';
import type { CommandHandler } from '../chats/commands.ts';
import type { ChatMediaService } from './chat-media.service.ts';

/**
 * `request:photo|voice|video` and `voice:on|off` (DESIGN §4) for the command dispatcher. Costs come
 * from settings: tokens_for_get_photo, tokens_for_get_voice, tokens_for_get_video (the first video
 * free); voice mode itself is free to switch and debits each voice note.
 */
export function mediaCommandHandlers(
  chatMedia: ChatMediaService,
): [CommandHandler<'request'>, CommandHandler<'voice'>] {
  /** Video cost depends on the user's history (async), worked out in `refuse` for `cost`. */
  const videoCosts = new Map<string, number>();

  const request: CommandHandler<'request'> = {
    name: 'request',
    async refuse(ctx) {
      const { kind } = ctx.command;
      if (kind === 'video') {
        const refusal = await chatMedia.videoRefusal(ctx.chat, ctx.bot);
        if (refusal) return refusal;
        videoCosts.set(ctx.commandId, await chatMedia.videoCost(ctx.user.id));
        return null;
      }
      const feature = kind === 'photo' ? 'photo' : 'voice';
      return isUnlocked(feature, ctx.level) ? null : msg('chat.atLevel', { level: unlockLevel(feature) });
    },
    cost(ctx) {
      const t = ctx.settings.tokens;
      switch (ctx.command.kind) {
        case 'photo':
          return t.tokens_for_get_photo;
        case 'voice':
          return t.tokens_for_get_voice;
        case 'video': {
          const cost = videoCosts.get(ctx.commandId) ?? t.tokens_for_get_video;
          videoCosts.delete(ctx.commandId);
          return cost;
        }
      }
    },
    async run(ctx, tools) {
      const base = { user: ctx.user, chat: ctx.chat, bot: ctx.bot };
      // Always through tools.charge, in the transaction that posts her message: it also stores the
      // answer of a requestId with the effect. A free one (the first video) is no balance change.
      const charge = (reason: 'photo' | 'voice' | 'video') => async (tx: DbOrTx) => {
        const balance = await tools.charge(tx, reason);
        return tools.cost > 0 ? balance : null;
      };
      switch (ctx.command.kind) {
        case 'photo':
          return { updatedTokens: await chatMedia.deliverPhoto({ ...base, charge: charge('photo') }) };
        case 'voice':
          return { updatedTokens: await chatMedia.deliverVoice({ ...base, charge: charge('voice') }) };
        case 'video': {
          const started = await chatMedia.startVideo({
            ...base,
            cost: tools.cost,
            charge: charge('video'),
          });
          return { updatedTokens: started.balance };
        }
      }
    },
  };

  const voice: CommandHandler<'voice'> = {
    name: 'voice',
    refuse(ctx) {
      return ctx.command.on && !isUnlocked('voice', ctx.level)
        ? msg('chat.atLevel', { level: unlockLevel('voice') })
        : null;
    },
    cost: () => 0,
    async run(ctx) {
      if (ctx.command.on && ctx.user.tokens < ctx.settings.tokens.tokens_for_get_voice)
        throw insufficientTokens();
      await chatMedia.setVoiceMode({ user: ctx.user, chat: ctx.chat, on: ctx.command.on });
      return { updatedTokens: ctx.user.tokens };
    },
  };

  return [request, voice];
}
