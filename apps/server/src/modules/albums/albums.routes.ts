import {
  AlbumCategoriesParams,
  AlbumCategoriesResponse,
  AlbumCollectionResponse,
  AlbumItemsParams,
  AlbumItemsResponse,
  AlbumUnlockBody,
  AlbumUnlockResponse,
  UserContentParams,
  UserContentResponse,
} from '@amora/shared/albums.ts';
import type { AppInstance } from '../../app-types.ts';
import type { AlbumsService } from './albums.service.ts';

/** The private album API of SPEC §7 (issue 11 item 2). Handlers parse, call the service, shape. */
export function albumsRoutes(app: AppInstance, albums: AlbumsService): void {
  const tags = ['albums'];
  const security = [{ bearer: [] }];

  app.get(
    '/api/album/categories/:remoteId/:userId',
    {
      // `guest` needs no sign-in; a user id must be the caller's own.
      preHandler: async (req, reply) => {
        if (req.params.userId !== 'guest') await app.requireAuth(req, reply);
      },
      schema: {
        tags,
        security,
        summary:
          'Her album categories (enabled ones) with the cover, the price and whether they are open to the caller; `guest` for a visitor',
        params: AlbumCategoriesParams,
        response: { 200: AlbumCategoriesResponse },
      },
    },
    async (req) => ({
      data: await albums.categories(req.params.remoteId, req.params.userId, req.authUserId ?? null),
    }),
  );

  app.get(
    '/api/album',
    {
      onRequest: [app.requireAuth],
      schema: {
        tags,
        security,
        summary: "The caller's collection: every character with an album, her categories as he sees them",
        response: { 200: AlbumCollectionResponse },
      },
    },
    async (req) => ({ data: await albums.collection(req.userId()) }),
  );

  app.post(
    '/api/album/unlock',
    {
      onRequest: [app.requireAuth],
      schema: {
        tags,
        security,
        summary:
          'Unlock one of her categories for its price in tokens (402 INSUFFICIENT_TOKENS); charged once, a replay charges nothing',
        body: AlbumUnlockBody,
        response: { 200: AlbumUnlockResponse },
      },
    },
    async (req) => ({ data: await albums.unlock(req.userId(), req.body.botId, req.body.category) }),
  );

  app.get(
    '/api/album/user-content/:chatId',
    {
      onRequest: [app.requireAuth],
      schema: {
        tags,
        security,
        summary: "The photos exchanged in the caller's chat (both ways), as signed URLs",
        params: UserContentParams,
        response: { 200: UserContentResponse },
      },
    },
    async (req) => ({ data: await albums.userContent(req.userId(), req.params.chatId) }),
  );

  app.get(
    '/api/album/:remoteId/category/:category',
    {
      onRequest: [app.requireAuth],
      schema: {
        tags,
        security,
        summary: 'The items of her category as signed URLs (at most an hour); 403 while locked',
        params: AlbumItemsParams,
        response: { 200: AlbumItemsResponse },
      },
    },
    async (req) => ({ data: await albums.items(req.userId(), req.params.remoteId, req.params.category) }),
  );
}
