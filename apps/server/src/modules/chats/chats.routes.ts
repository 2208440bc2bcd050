import { IdParam } from '@amora/shared/bots.ts';
import {
  ChatHistoryQuery,
  ChatHistoryResponse,
  ChatListResponse,
  ChatResponse,
  CommandBody,
  CommandResponse,
  CreateChatBody,
  SendMessageBody,
  SendMessageResponse,
} from '@amora/shared/chat.ts';
import { ChatMessageParams, LikeResponse, ReadResponse, ResetAllResponse } from '@amora/shared/companion.ts';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import type { ChatsService } from './chats.service.ts';

/** A photo travels as a data URL inside the send body, so that route takes larger bodies. */
const SEND_BODY_LIMIT = 3 * 1024 * 1024;

export function chatsRoutes(app: AppInstance, service: ChatsService): void {
  const chats = () => service;
  const common = { tags: ['chats'], security: [{ bearer: [] }] };

  app.post(
    '/api/chat',
    {
      onRequest: [app.requireAuth],
      schema: {
        ...common,
        summary:
          'Open a chat with a character (costs tokens_for_model); returns the existing chat if there is one',
        body: CreateChatBody,
        response: { 200: ChatResponse, 201: ChatResponse },
      },
    },
    async (req, reply) => {
      const { chat, created } = await chats().create(req.userId(), req.body);
      return reply.code(created ? 201 : 200).send({ data: { chat } });
    },
  );

  app.get(
    '/api/chat',
    {
      onRequest: [app.requireAuth],
      schema: {
        ...common,
        summary: 'The chats of the user, newest activity first',
        response: { 200: ChatListResponse },
      },
    },
    async (req) => ({ data: await chats().list(req.userId()) }),
  );

  app.get(
    '/api/chat/:id',
    {
      onRequest: [app.requireAuth],
      schema: {
        ...common,
        summary: 'A chat with a page of messages; pass `before` (a message id) for older ones',
        params: IdParam,
        querystring: ChatHistoryQuery,
        response: { 200: ChatHistoryResponse },
      },
    },
    async (req) => ({ data: await chats().history(req.userId(), req.params.id, req.query.before) }),
  );

  app.post(
    '/api/chat/send/:id',
    {
      onRequest: [app.requireAuth],
      bodyLimit: SEND_BODY_LIMIT,
      schema: {
        ...common,
        summary:
          'Send a message (at most 160 characters); the chat is locked until her reply arrives over the socket',
        params: IdParam,
        body: SendMessageBody,
        response: { 200: SendMessageResponse },
      },
    },
    async (req) => chats().send(req.userId(), req.params.id, req.body),
  );

  app.post(
    '/api/chat/command/:id',
    {
      onRequest: [app.requireAuth],
      schema: {
        ...common,
        summary:
          'Run a command: gift:<id>, mode:gentle|dominant|submissive, spicy:on|off, voice:on|off, request:photo|voice|video, reset, reload, language:<code>',
        description:
          'Costs come from settings and are debited through the ledger (402 when short). A command the chat does not allow answers 403 FORBIDDEN with the reason, e.g. "Available at level 3".',
        params: IdParam,
        body: CommandBody,
        response: { 200: CommandResponse },
      },
    },
    async (req) => chats().command(req.userId(), req.params.id, req.body),
  );

  app.post(
    '/api/chat/reset-all',
    {
      onRequest: [app.requireAuth],
      schema: {
        ...common,
        summary: 'Reset the memory and history of every chat (emits all_reset)',
        response: { 200: ResetAllResponse },
      },
    },
    async (req) => chats().resetAll(req.userId()),
  );

  app.post(
    '/api/chat/:id/like/:messageId',
    {
      onRequest: [app.requireAuth],
      schema: {
        ...common,
        summary: 'Like or unlike one of her messages (toggles; a `message` event replaces it)',
        params: ChatMessageParams,
        response: { 200: LikeResponse },
      },
    },
    async (req) => ({ message: await chats().toggleLike(req.userId(), req.params.id, req.params.messageId) }),
  );

  app.post(
    '/api/chat/:id/read',
    {
      onRequest: [app.requireAuth],
      schema: {
        ...common,
        summary: 'Mark her messages in this chat read',
        params: IdParam,
        response: { 200: ReadResponse },
      },
    },
    async (req) => chats().markRead(req.userId(), req.params.id),
  );

  app.post(
    '/api/chat/support',
    {
      onRequest: [app.requireAuth],
      schema: {
        ...common,
        summary: 'The support chat (created on first use)',
        response: { 200: z.object({ support: z.object({ _id: z.string() }) }) },
      },
    },
    async (req) => ({ support: { _id: (await chats().support(req.userId())).chatId } }),
  );
}
