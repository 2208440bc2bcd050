import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema/auth.ts';
import { newId } from '../../lib/tokens.ts';

export type Mail = {
  to: string;
  subject: string;
  body: string;
  kind: string;
  /** False for a body holding a credential (a reset link): the log line then names the mail only. */
  logBody?: boolean;
};

/**
 * Every email lands in the outbox table and a log line. With SMTP_URL set it is also sent over
 * SMTP (nodemailer) and marked sent.
 */
export function createMailService(deps: {
  db: Db;
  log: FastifyBaseLogger;
  smtpUrl?: string | undefined;
  from: string;
}) {
  const transport = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : null;
  return {
    async send(mail: Mail): Promise<void> {
      const id = newId();
      const { logBody = true, ...row } = mail;
      await deps.db.insert(outbox).values({ id, ...row });
      deps.log.info(
        { mailId: id, to: mail.to, kind: mail.kind },
        logBody ? `mail queued: ${mail.subject}\n${mail.body}` : `mail queued: ${mail.subject}`,
      );
      if (!transport) return;
      try {
        await transport.sendMail({ from: deps.from, to: mail.to, subject: mail.subject, text: mail.body });
        await deps.db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, id));
      } catch (err) {
        deps.log.error({ err, mailId: id }, 'mail delivery failed');
        await deps.db
          .update(outbox)
          .set({ error: err instanceof Error ? err.message : String(err) })
          .where(eq(outbox.id, id));
      }
    },
    async outboxFor(to: string) {
      return deps.db.select().from(outbox).where(eq(outbox.to, to));
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;
