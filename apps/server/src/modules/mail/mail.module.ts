import type { AppInstance } from '../../app-types.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createMailService, type MailService } from './mail.service.ts';

/** Outgoing email: SMTP with SMTP_URL, else the outbox table (and the log). */
export function registerMailModule(
  app: AppInstance,
  deps: { db: Db; config: Config; publicUrl: string },
): MailService {
  return createMailService({
    db: deps.db,
    log: app.log,
    smtpUrl: deps.config.SMTP_URL,
    from: `Amora <no-reply@${new URL(deps.publicUrl).hostname}>`,
  });
}
