import { REFRESH_COOKIE_NAME } from '@amora/shared/constants.ts';
import { DeleteAccountBody, OkResponse, UtmBody } from '@amora/shared/platform.ts';
import { LanguageBody, UserResponse, UserUpdateBody } from '@amora/shared/user.ts';
import type { AppInstance } from '../../app-types.ts';
import { toUserDto } from './users.mapper.ts';
import type { UsersService } from './users.service.ts';

export function usersRoutes(app: AppInstance, service: UsersService): void {
  const users = () => service;
  const common = { tags: ['users'], security: [{ bearer: [] }] };

  app.get(
    '/api/user',
    {
      onRequest: [app.requireAuth],
      schema: { ...common, summary: 'The signed-in user', response: { 200: UserResponse } },
    },
    async (req) => ({ user: toUserDto(await users().getById(req.userId())) }),
  );

  app.post(
    '/api/user/update',
    {
      onRequest: [app.requireAuth],
      schema: {
        ...common,
        summary: 'Update name, age (18 or more), sex and country',
        body: UserUpdateBody,
        response: { 200: UserResponse },
      },
    },
    async (req) => ({ user: toUserDto(await users().update(req.userId(), req.body)) }),
  );

  app.post(
    '/api/user/language',
    {
      onRequest: [app.requireAuth],
      schema: {
        ...common,
        summary: 'Set the interface language',
        body: LanguageBody,
        response: { 200: UserResponse },
      },
    },
    async (req) => ({ user: toUserDto(await users().setLanguage(req.userId(), req.body.language)) }),
  );

  app.post(
    '/api/user/language-for-chats',
    {
      onRequest: [app.requireAuth],
      schema: {
        ...common,
        summary: 'Set the language the characters write in',
        body: LanguageBody,
        response: { 200: UserResponse },
      },
    },
    async (req) => {
      const user = await users().setLanguageForChats(req.userId(), req.body.language);
      return { user: toUserDto(user) };
    },
  );

  app.post(
    '/api/user/utm',
    {
      onRequest: [app.requireAuth],
      schema: {
        ...common,
        summary: 'Keep the campaign parameters (UTM, price difference, expat) the visitor arrived with',
        body: UtmBody,
        response: { 200: UserResponse },
      },
    },
    async (req) => ({ user: toUserDto(await users().setUtm(req.userId(), req.body)) }),
  );

  app.post(
    '/api/user/delete',
    {
      onRequest: [app.requireAuth],
      schema: {
        ...common,
        summary:
          'Delete the account: cancels active subscriptions, removes all tokens, deactivates it and signs out everywhere',
        body: DeleteAccountBody,
        response: { 200: OkResponse },
      },
    },
    async (req, reply) => {
      await users().deactivate(req.userId());
      reply.clearCookie(REFRESH_COOKIE_NAME, { path: '/api/auth', httpOnly: true, sameSite: 'lax' });
      return { ok: true as const };
    },
  );
}
