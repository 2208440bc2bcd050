import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema/auth.ts';
import { newId } from '../../lib/tokens.ts';

export type Mail = { to: string; subject: string; body: string; kind: string };

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
      await deps.db.insert(outbox).values({ id, ...mail });
      deps.log.info(
        { mailId: id, to: mail.to, kind: mail.kind },
        `mail queued: ${mail.subject}\n${mail.body}`,
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
