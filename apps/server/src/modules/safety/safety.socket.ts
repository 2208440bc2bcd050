import type { VoiceModeAck } from '@amora/shared/socket.ts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { negotiateLanguage, type MessageLanguage } from '../../lib/messages/index.ts';
import type { AppSocketServer } from '../../plugins/socket.ts';
import type { SafetyService } from './safety.service.ts';

/** Socket events that only read or join: allowed while the account is held. */
const READ_EVENTS = new Set(['join', 'request_lifecheck_ai']);

/**
 * The age-review guard for socket commands (decision 061): while the account is on hold every
 * other event (`set_voice_mode` today, any chat command added later) is dropped and its
 * acknowledgement answers 403 AGE_REVIEW, as the HTTP write guard does for routes.
 */
export function registerSafetySocketGuard(
  io: AppSocketServer,
  safety: Pick<SafetyService, 'assertWritable'>,
  log: FastifyBaseLogger,
  languageOf: (userId: string) => Promise<MessageLanguage | null> = () => Promise.resolve(null),
): void {
  io.on('connection', (socket) => {
    socket.use((packet, next) => {
      const event = packet[0];
      if (typeof event !== 'string' || READ_EVENTS.has(event)) return next();
      const ack: unknown = packet.at(-1);
      const userId = socket.data.userId;
      safety
        .assertWritable(userId)
        .then(() => next())
        .catch(async (err: unknown) => {
          if (!(err instanceof AppError)) {
            log.error({ err, event }, 'safety socket guard failed');
            return next(err instanceof Error ? err : new Error('safety guard failed'));
          }
          if (typeof ack !== 'function') return;
          const language =
            (await languageOf(userId).catch(() => null)) ??
            negotiateLanguage(socket.handshake.headers['accept-language']) ??
            'en';
          (ack as (r: VoiceModeAck) => void)({
            ok: false,
            statusCode: err.statusCode,
            code: err.code,
            message: err.messageIn(language),
          });
        });
    });
  });
}
