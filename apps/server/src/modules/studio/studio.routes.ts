import fastifyMultipart from '@fastify/multipart';
import { BotResponse } from '@amora/shared/bots.ts';
import {
  DeletedResponse,
  StudioBotInput,
  StudioBotListResponse,
  StudioBotParams,
  StudioBotPatch,
  StudioBotResponse,
  StudioMediaParams,
  StudioMediaPatch,
  StudioMediaResponse,
  StudioUploadFields,
} from '@amora/shared/studio.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { AppError } from '../../lib/errors.ts';
import { requireRole } from '../../plugins/require-role.ts';
import { STUDIO_LIMITS, type StudioService, type UploadedFile } from './studio.service.ts';

const PngBody = z
  .string()
  .meta({ description: 'A V2 Character Card PNG (`chara` tEXt chunk)', format: 'binary' });

/** Reads the one file of a multipart request (and the fields sent before it), within `maxBytes`. */
async function readUpload(
  req: FastifyRequest,
  maxBytes: number,
): Promise<{ file: UploadedFile; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw new AppError('VALIDATION_ERROR', 'studio.notMultipart');
  const tooLarge = () =>
    new AppError('PAYLOAD_TOO_LARGE', 'studio.fileTooLarge', { mb: Math.round(maxBytes / 1048576) });
  let part;
  try {
    part = await req.file({
      limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
    });
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw new AppError('VALIDATION_ERROR', 'studio.notMultipart');
  }
  if (!part || part.fieldname !== 'file') throw new AppError('VALIDATION_ERROR', 'studio.fileMissing');
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  }
  if (part.file.truncated) throw tooLarge();
  if (!data.length) throw new AppError('VALIDATION_ERROR', 'studio.fileMissing');
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(part.fields)) {
    const f = Array.isArray(value) ? value[0] : value;
    if (f && f.type === 'field' && typeof f.value === 'string') {
      if (f.value.includes('\u0000'))
        throw new AppError('VALIDATION_ERROR', 'input.nulByte', { where: name });
      fields[name] = f.value;
    }
  }
  return { file: { data, filename: part.filename }, fields };
}

/**
 * The character studio's admin API (issue 11). Multipart parsing is registered only inside this
 * encapsulated scope, so no other route accepts form uploads.
 */
export function studioRoutes(app: AppInstance, studio: StudioService): void {
  const onRequest = [app.requireAuth, requireRole(app, ['admin'])];
  const common = { tags: ['admin', 'studio'], security: [{ bearer: [] }] };

  app.get(
    '/api/admin/bots',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Every character (hidden ones too) with her persona, card fields and media',
        response: { 200: StudioBotListResponse },
      },
    },
    async (req) => ({ data: await studio.list(req.userId()) }),
  );
  app.get(
    '/api/admin/bots/:id',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'One character, as the studio edits her',
        params: StudioBotParams,
        response: { 200: StudioBotResponse },
      },
    },
    async (req) => ({ data: await studio.get(req.userId(), req.params.id) }),
  );
  app.post(
    '/api/admin/bots',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Create a character (a plain persona is built when none is given); users see her at once',
        body: StudioBotInput,
        response: { 201: StudioBotResponse },
      },
    },
    async (req, reply) => reply.code(201).send({ data: await studio.create(req.userId(), req.body) }),
  );
  app.patch(
    '/api/admin/bots/:id',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Edit a character (any field; `active: false` hides her); users see the change at once',
        params: StudioBotParams,
        body: StudioBotPatch,
        response: { 200: StudioBotResponse },
      },
    },
    async (req) => ({ data: await studio.update(req.userId(), req.params.id, req.body) }),
  );
  app.delete(
    '/api/admin/bots/:id',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Delete a character with her media and every chat with her (hide her to keep them)',
        params: StudioBotParams,
        response: { 200: DeletedResponse },
      },
    },
    async (req) => {
      await studio.remove(req.params.id);
      return { data: { deleted: true as const } };
    },
  );
  app.patch(
    '/api/admin/bots/:id/media/:mediaId',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Change the relationship level a photo or video needs',
        params: StudioMediaParams,
        body: StudioMediaPatch,
        response: { 200: StudioMediaResponse },
      },
    },
    async (req) => ({
      data: await studio.setMediaLevel(req.userId(), req.params.id, req.params.mediaId, req.body.level),
    }),
  );
  app.delete(
    '/api/admin/bots/:id/media/:mediaId',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Remove a photo or video',
        params: StudioMediaParams,
        response: { 200: DeletedResponse },
      },
    },
    async (req) => {
      await studio.removeMedia(req.params.id, req.params.mediaId);
      return { data: { deleted: true as const } };
    },
  );
  app.get(
    '/api/admin/bots/:id/card',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Export the character as a V2 Character Card PNG (SillyTavern, chub)',
        params: StudioBotParams,
        response: { 200: PngBody },
      },
    },
    async (req, reply) => {
      const { png, filename } = await studio.exportCard(req.params.id);
      // Binary: sent as is, past the typed serializer.
      return (reply as unknown as FastifyReply)
        .type('image/png')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(png);
    },
  );

  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    await scope.register(fastifyMultipart, {
      limits: { fileSize: STUDIO_LIMITS.videoBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
    });
    scope.post(
      '/api/admin/bots/import',
      {
        onRequest,
        bodyLimit: STUDIO_LIMITS.cardBytes + 64 * 1024,
        schema: {
          ...common,
          summary:
            'Import a Character Card (V1, V2 or V3; PNG with a `chara`/`ccv3` chunk, or JSON) sent as multipart field `file` (at most 10 MB)',
          consumes: ['multipart/form-data'],
          response: { 201: BotResponse },
        },
      },
      async (req, reply) => {
        const { file } = await readUpload(req, STUDIO_LIMITS.cardBytes);
        return reply.code(201).send({ data: await studio.importCard(file) });
      },
    );
    scope.post(
      '/api/admin/bots/:id/media',
      {
        onRequest,
        bodyLimit: STUDIO_LIMITS.videoBytes + 64 * 1024,
        schema: {
          ...common,
          summary:
            'Upload her photo (JPEG, PNG, WebP, GIF, AVIF; at most 15 MB; re-encoded to WebP without metadata) or video (WebM, MP4; at most 60 MB) as multipart: fields `level` (1-4) and `category`, then `file`',
          consumes: ['multipart/form-data'],
          params: StudioBotParams,
          response: { 201: StudioMediaResponse },
        },
      },
      async (req, reply) => {
        const { file, fields } = await readUpload(req, STUDIO_LIMITS.videoBytes);
        const parsed = StudioUploadFields.safeParse(fields);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw new AppError('VALIDATION_ERROR', 'studio.fieldInvalid', {
            detail: `${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}`.slice(0, 200),
          });
        }
        return reply
          .code(201)
          .send({ data: await studio.upload(req.userId(), req.params.id, parsed.data, file) });
      },
    );
  });
}
