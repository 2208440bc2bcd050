import { Message } from '@amora/shared/chat.ts';
import {
  SupportChatParams,
  SupportConversation,
  SupportInboxResponse,
  SupportReplyBody,
} from '@amora/shared/platform.ts';
import { AppealBody, AppealResponse } from '@amora/shared/security.ts';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import type { SupportService } from './support.service.ts';
import { requireRole } from '../../plugins/require-role.ts';

/** The API the operator console uses (admin and partner roles). */
export function supportRoutes(app: AppInstance, service: SupportService): void {
  const support = () => service;
  const operator = [app.requireAuth, requireRole(app, ['admin', 'partner'])];
  const common = { tags: ['support'], security: [{ bearer: [] }] };

  app.post(
    '/api/support/appeal',
    {
      onRequest: [app.requireAuth],
      // The one write a banned account may make (decision 037).
      config: { allowBanned: true },
      schema: {
        ...common,
        summary:
          'A banned user appeals to the operators: the text lands in their support chat (the operator inbox). One open appeal at a time (409 until answered); 403 for an account that is not banned',
        body: AppealBody,
        response: { 201: AppealResponse },
      },
    },
    async (req, reply) => {
      const { chatId } = await support().appeal(req.userId(), req.body.message);
      return reply.code(201).send({ ok: true as const, chatId });
    },
  );

  app.get(
    '/api/admin/support',
    {
      onRequest: operator,
      schema: {
        ...common,
        summary: 'Support conversations, latest activity first; awaitingReply when the user wrote last',
        response: { 200: SupportInboxResponse },
      },
    },
    async () => ({ data: await support().inbox() }),
  );

  app.get(
    '/api/admin/support/:chatId',
    {
      onRequest: operator,
      schema: {
        ...common,
        summary: 'One support conversation with its messages, oldest first',
        params: SupportChatParams,
        response: { 200: z.object({ data: SupportConversation.extend({ messages: z.array(Message) }) }) },
      },
    },
    async (req) => {
      const { conversation, messages } = await support().thread(req.params.chatId);
      return { data: { ...conversation, messages } };
    },
  );

  app.post(
    '/api/admin/support/:chatId/reply',
    {
      onRequest: operator,
      schema: {
        ...common,
        summary: "Answer a support conversation; the answer arrives in the user's chat in real time",
        params: SupportChatParams,
        body: SupportReplyBody,
        response: { 201: z.object({ message: Message }) },
      },
    },
    async (req, reply) => {
      const message = await support().reply(req.params.chatId, req.body.message);
      return reply.code(201).send({ message });
    },
  );
}
