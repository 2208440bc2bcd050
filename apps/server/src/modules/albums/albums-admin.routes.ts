import fastifyMultipart from '@fastify/multipart';
import {
  ALBUM_VIDEO_MAX_BYTES,
  AdminAlbumCategoryBody,
  AdminAlbumCategoryParams,
  AdminAlbumItemParams,
  AdminAlbumItemResponse,
  AdminAlbumParams,
  AdminAlbumResponse,
} from '@amora/shared/albums.ts';
import type { AppInstance } from '../../app-types.ts';
import { AppError } from '../../lib/errors.ts';
import { requireRole } from '../../plugins/require-role.ts';
import type { AlbumsService } from './albums.service.ts';

/**
 * The operator's album editor (issue 11 items 2 and 3). Registered as its own encapsulated plugin,
 * so `@fastify/multipart` parses uploads here only and no other route sees multipart bodies.
 */
export async function albumsAdminRoutes(app: AppInstance, albums: AlbumsService): Promise<void> {
  await app.register(async (scope) => {
    const admin = scope as unknown as AppInstance;
    await admin.register(fastifyMultipart, {
      limits: { fileSize: ALBUM_VIDEO_MAX_BYTES, files: 1, fields: 4, parts: 5 },
    });
    const onRequest = [admin.requireAuth, requireRole(admin, ['admin'])];
    const tags = ['admin', 'albums'];
    const security = [{ bearer: [] }];

    admin.get(
      '/api/admin/albums/:botId',
      {
        onRequest,
        schema: {
          tags,
          security,
          summary: 'Her album: every category (enabled, price, cover) with its items',
          params: AdminAlbumParams,
          response: { 200: AdminAlbumResponse },
        },
      },
      async (req) => ({ data: await albums.adminAlbum(req.userId(), req.params.botId) }),
    );

    admin.put(
      '/api/admin/albums/:botId/:category',
      {
        onRequest,
        schema: {
          tags,
          security,
          summary: 'Enable or disable a category, set its price, or choose its cover (an image of it)',
          params: AdminAlbumCategoryParams,
          body: AdminAlbumCategoryBody,
          response: { 200: AdminAlbumResponse },
        },
      },
      async (req) => {
        await albums.updateCategory(req.params.botId, req.params.category, req.body);
        return { data: await albums.adminAlbum(req.userId(), req.params.botId) };
      },
    );

    admin.post(
      '/api/admin/albums/:botId/:category/items',
      {
        onRequest,
        schema: {
          tags,
          security,
          summary:
            'Upload a photo (JPEG, PNG, WebP; re-encoded, metadata stripped) or a video (MP4, WebM) as multipart `file`',
          consumes: ['multipart/form-data'],
          params: AdminAlbumCategoryParams,
          response: { 201: AdminAlbumItemResponse },
        },
      },
      async (req, reply) => {
        if (!req.isMultipart()) throw new AppError('VALIDATION_ERROR', 'album.fileMissing');
        const file = await req.file();
        if (!file || file.fieldname !== 'file') throw new AppError('VALIDATION_ERROR', 'album.fileMissing');
        let data: Buffer;
        try {
          data = await file.toBuffer();
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw new AppError('VALIDATION_ERROR', 'album.fileTooLarge', {
              mb: Math.round(ALBUM_VIDEO_MAX_BYTES / 1_000_000),
            });
          throw err;
        }
        const item = await albums.addItem(req.userId(), req.params.botId, req.params.category, {
          mime: file.mimetype,
          data,
        });
        return reply.code(201).send({ data: item });
      },
    );

    admin.delete(
      '/api/admin/albums/:botId/items/:itemId',
      {
        onRequest,
        schema: { tags, security, summary: 'Delete one album item', params: AdminAlbumItemParams },
      },
      async (req, reply) => {
        await albums.deleteItem(req.params.botId, req.params.itemId);
        return reply.code(204).send();
      },
    );
  });
}
