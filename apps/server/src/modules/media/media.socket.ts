import { SetVoiceModePayload } from '@amora/shared/media.ts';
import type { VoiceModeAck } from '@amora/shared/socket.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppSocketServer } from '../../plugins/socket.ts';
import { AppError } from '../../lib/errors.ts';
import { negotiateLanguage, renderMessage, type MessageLanguage } from '../../lib/messages/index.ts';
import type { ChatMediaService } from './chat-media.service.ts';

/**
 * `set_voice_mode` (SPEC §7): `{ chatId, voiceMode }`, validated; the result goes to the optional
 * acknowledgement, and the new state to every device as a `chat` event.
 */
export function registerMediaSocket(
  io: AppSocketServer,
  chatMedia: ChatMediaService,
  log: FastifyBaseLogger,
  /** The user's interface language as a message language, or null when unknown. */
  languageOf: (userId: string) => Promise<MessageLanguage | null> = () => Promise.resolve(null),
): void {
  io.on('connection', (socket) => {
    socket.on('set_voice_mode', (raw, ack) => {
      const reply = (r: VoiceModeAck) => {
        if (typeof ack === 'function') ack(r);
      };
      // Refusals read in the socket user's language, else the handshake's Accept-Language (decision 025).
      const language = async (): Promise<MessageLanguage> =>
        (await languageOf(socket.data.userId).catch(() => null)) ??
        negotiateLanguage(socket.handshake.headers['accept-language']) ??
        'en';
      const parsed = SetVoiceModePayload.safeParse(raw);
      if (!parsed.success) {
        void language().then((lang) =>
          reply({
            ok: false,
            statusCode: 400,
            code: 'VALIDATION_ERROR',
            message: renderMessage(lang, 'media.voiceModePayload'),
          }),
        );
        return;
      }
      const userId = socket.data.userId;
      chatMedia
        .setVoiceModeFor(userId, parsed.data.chatId, parsed.data.voiceMode)
        .then(() => reply({ ok: true, voiceMode: parsed.data.voiceMode }))
        .catch(async (err: unknown) => {
          const lang = await language();
          if (err instanceof AppError) {
            reply({ ok: false, statusCode: err.statusCode, code: err.code, message: err.messageIn(lang) });
          } else {
            log.error({ err }, 'set_voice_mode failed');
            reply({
              ok: false,
              statusCode: 500,
              code: 'INTERNAL_ERROR',
              message: renderMessage(lang, 'error.somethingWrong'),
            });
          }
        });
    });
  });
}
