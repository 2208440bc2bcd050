import type { Bot } from '@amora/shared/bots.ts';
import type {
  StudioBot,
  StudioBotInput,
  StudioBotPatch,
  StudioCardFields,
  StudioMediaView,
  StudioUploadFields,
} from '@amora/shared/studio.ts';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import type { BotRow, MediaRow } from '../../db/schema/bots.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isPublicArt, type MediaStorage } from '../../lib/media-storage.ts';
import { newId } from '../../lib/tokens.ts';
import type { NewBot } from '../bots/bots.repository.ts';
import type { BotsService } from '../bots/bots.service.ts';
import { CardError, parseCardFile, writeCardPng, type ParsedCard } from '../bots/character-card.ts';
import type { MediaAccessService } from '../media/media-access.service.ts';
import { botFromCard, cardDataOf, defaultPersona } from './card-mapping.ts';
import type { StudioRepository } from './studio.repository.ts';

export const STUDIO_LIMITS = {
  imageBytes: 15 * 1024 * 1024,
  videoBytes: 60 * 1024 * 1024,
  cardBytes: 10 * 1024 * 1024,
} as const;

const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

export type UploadedFile = { data: Buffer; filename: string };

/** A photo re-encoded to WebP: oriented, at most 2048 px, every metadata block (EXIF, GPS) dropped. */
export async function reencodeImage(buf: Buffer): Promise<{ webp: Buffer; width: number; height: number }> {
  let format: string | undefined;
  try {
    format = (await sharp(buf, { limitInputPixels: 50_000_000 }).metadata()).format;
  } catch {
    throw new AppError('VALIDATION_ERROR', 'studio.imageBroken');
  }
  if (!format || !IMAGE_FORMATS.has(format)) {
    throw new AppError('VALIDATION_ERROR', 'studio.fileType', { accepted: 'JPEG, PNG, WebP, GIF, AVIF' });
  }
  try {
    const { data, info } = await sharp(buf, { limitInputPixels: 50_000_000, failOn: 'error' })
      .rotate()
      .resize({ width: 2048, height: 2048, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { webp: data, width: info.width, height: info.height };
  } catch {
    throw new AppError('VALIDATION_ERROR', 'studio.imageBroken');
  }
}

/** The container of an uploaded clip, from its first bytes (never from the name or the client). */
export function videoMime(buf: Buffer): 'video/webm' | 'video/mp4' | null {
  if (buf.length >= 4 && buf.readUInt32BE(0) === 0x1a45dfa3) return 'video/webm';
  if (buf.length >= 12 && buf.subarray(4, 8).toString('latin1') === 'ftyp') return 'video/mp4';
  return null;
}

function cardError(err: CardError): AppError {
  if (err.reason === 'type')
    return new AppError('VALIDATION_ERROR', 'studio.fileType', { accepted: 'PNG card, JSON card' });
  if (err.reason === 'noCard') return new AppError('VALIDATION_ERROR', 'studio.cardNoCard');
  if (err.reason === 'nul') return new AppError('VALIDATION_ERROR', 'studio.cardNul');
  const reason = { png: 'broken PNG', json: 'bad JSON', fields: 'missing or invalid fields' }[err.reason];
  return new AppError('VALIDATION_ERROR', 'studio.cardInvalid', { reason });
}

/**
 * The character studio (issue 11): characters, their media and Character Cards. Every change is
 * published on the `bots` channel so each node drops its cached character list at once.
 */
export function createStudioService(deps: {
  db: Db;
  repo: StudioRepository;
  bots: BotsService;
  storage: MediaStorage;
  mediaAccess: MediaAccessService;
  /** Tells every node (this one included) that characters changed. */
  changed: () => void;
}) {
  const { db, repo, storage, bots, mediaAccess } = deps;

  function mediaView(adminId: string, m: MediaRow): StudioMediaView {
    return {
      _id: m.id,
      url: isPublicArt(m) ? storage.url(m.key) : mediaAccess.signKey(adminId, m.key),
      kind: m.kind === 'video' ? 'video' : 'image',
      category: m.category,
      level: m.level,
      mime: m.mime,
      width: m.width,
      height: m.height,
      size: m.size,
    };
  }

  async function view(adminId: string, row: BotRow): Promise<StudioBot> {
    const dto = (await bots.getMany([row.id])).get(row.id)!.dto;
    const files = (await repo.mediaOf(db, row.id)).filter((m) => m.kind !== 'audio' && !m.ownerUserId);
    return {
      ...dto,
      active: row.active,
      sort: row.sort,
      persona: row.persona ?? null,
      voice: row.voice ?? null,
      card: row.card ?? null,
      media: files.map((m) => mediaView(adminId, m)),
    };
  }

  async function found(id: string): Promise<BotRow> {
    const row = await repo.find(db, id);
    if (!row) throw notFound('bot.notFound');
    return row;
  }

  /** The persona after an edit: the whole one when given, else the old one with the simple parts replaced. */
  function personaOf(input: StudioBotPatch, name: string, current: BotRow['persona']) {
    if (input.persona) return input.persona;
    const base = current ?? defaultPersona(name);
    return {
      ...base,
      displayName: current ? base.displayName : { en: name, ru: name },
      ...(input.backstory ? { backstory: input.backstory } : {}),
      ...(input.personality ? { personality: input.personality } : {}),
      ...(input.greetings ? { greetings: input.greetings } : {}),
    };
  }

  /** Card fields follow the studio's edits of the same things, so an export says what she is now. */
  function cardAfter(card: StudioCardFields | null, input: StudioBotPatch): StudioCardFields | null {
    if (!card) return null;
    const next = { ...card };
    if (input.desc) next.description = input.desc.en;
    if (input.personality) next.personality = input.personality.en.join(', ');
    if (input.backstory) next.scenario = input.backstory.en;
    if (input.greetings) {
      next.first_mes = input.greetings.en[0] ?? '';
      next.alternate_greetings = input.greetings.en.slice(1);
    }
    if (input.hobbies) next.tags = input.hobbies.en;
    return next;
  }

  function columns(input: StudioBotPatch): Partial<NewBot> {
    const out: Partial<NewBot> = {};
    if (input.name !== undefined) out.name = input.name;
    if (input.age !== undefined) out.age = input.age;
    if (input.sex !== undefined) out.sex = input.sex;
    if (input.type !== undefined) out.type = input.type;
    if (input.body_type !== undefined) out.bodyType = input.body_type;
    if (input.hobbies !== undefined) out.hobbies = input.hobbies;
    if (input.desc !== undefined) out.description = input.desc;
    if (input.voice !== undefined) out.voice = input.voice;
    if (input.is_video !== undefined) out.isVideo = input.is_video;
    if (input.video_quality !== undefined) out.videoQuality = input.video_quality;
    if (input.events !== undefined) out.events = input.events;
    if (input.active !== undefined) out.active = input.active;
    if (input.sort !== undefined) out.sort = input.sort;
    return out;
  }

  async function insertBot(fields: Omit<NewBot, 'id' | 'remoteId'>): Promise<BotRow> {
    // Two operators creating at once may pick the same number: the unique index refuses one, which retries.
    for (let attempt = 0; ; attempt++) {
      try {
        return await db.transaction(async (tx) =>
          repo.insert(tx, { ...fields, id: newId(), remoteId: await repo.nextRemoteId(tx) }),
        );
      } catch (err) {
        if (attempt >= 3) throw err;
      }
    }
  }

  async function storeImage(
    row: BotRow,
    webp: { webp: Buffer; width: number; height: number },
    fields: StudioUploadFields,
  ): Promise<MediaRow> {
    const key = `bots/${row.remoteId}/${fields.category}-${newId()}.webp`;
    await storage.put(key, webp.webp, 'image/webp');
    return repo.insertMedia(db, {
      id: newId(),
      key,
      botId: row.id,
      kind: 'image',
      category: fields.category,
      level: fields.level,
      mime: 'image/webp',
      width: webp.width,
      height: webp.height,
      size: webp.webp.length,
      sort: fields.category === 'main' ? -1 : 10,
    });
  }

  return {
    async list(adminId: string): Promise<StudioBot[]> {
      const rows = await repo.listAll(db);
      return Promise.all(rows.map((r) => view(adminId, r)));
    },
    async get(adminId: string, id: string): Promise<StudioBot> {
      return view(adminId, await found(id));
    },
    async create(adminId: string, input: StudioBotInput): Promise<StudioBot> {
      const row = await insertBot({
        ...(columns(input) as Omit<NewBot, 'id' | 'remoteId'>),
        persona: personaOf(input, input.name, null),
        voice: input.voice ?? null,
        card: null,
      });
      deps.changed();
      return view(adminId, row);
    },
    async update(adminId: string, id: string, input: StudioBotPatch): Promise<StudioBot> {
      const current = await found(id);
      const touchesPersona = input.persona || input.backstory || input.personality || input.greetings;
      const row = await repo.update(db, id, {
        ...columns(input),
        ...(touchesPersona ? { persona: personaOf(input, input.name ?? current.name, current.persona) } : {}),
        card: cardAfter(current.card, input),
      });
      if (!row) throw notFound('bot.notFound');
      deps.changed();
      return view(adminId, row);
    },
    async remove(id: string): Promise<void> {
      if (!(await repo.remove(db, id))) throw notFound('bot.notFound');
      deps.changed();
    },

    /** Adds a photo (re-encoded, metadata stripped) or a clip (WebM or MP4, checked by content). */
    async upload(
      adminId: string,
      id: string,
      fields: StudioUploadFields,
      file: UploadedFile,
    ): Promise<StudioMediaView> {
      const row = await found(id);
      const isVideoCategory = fields.category === 'video' || fields.category === 'video_avatar';
      const clip = videoMime(file.data);
      if (clip || isVideoCategory) {
        if (!clip || !isVideoCategory) {
          throw new AppError('VALIDATION_ERROR', 'studio.fileType', {
            accepted: isVideoCategory ? 'WebM, MP4' : 'JPEG, PNG, WebP, GIF, AVIF',
          });
        }
        const key = `bots/${row.remoteId}/${fields.category}-${newId()}.${clip === 'video/webm' ? 'webm' : 'mp4'}`;
        await storage.put(key, file.data, clip);
        const m = await repo.insertMedia(db, {
          id: newId(),
          key,
          botId: row.id,
          kind: 'video',
          category: fields.category,
          level: fields.level,
          mime: clip,
          size: file.data.length,
          sort: 100,
        });
        deps.changed();
        return mediaView(adminId, m);
      }
      if (file.data.length > STUDIO_LIMITS.imageBytes) {
        throw new AppError('PAYLOAD_TOO_LARGE', 'studio.fileTooLarge', {
          mb: STUDIO_LIMITS.imageBytes / 1048576,
        });
      }
      const m = await storeImage(row, await reencodeImage(file.data), fields);
      deps.changed();
      return mediaView(adminId, m);
    },
    async setMediaLevel(
      adminId: string,
      id: string,
      mediaId: string,
      level: number,
    ): Promise<StudioMediaView> {
      const m = await repo.setMediaLevel(db, id, mediaId, level);
      if (!m) throw notFound();
      deps.changed();
      return mediaView(adminId, m);
    },
    async removeMedia(id: string, mediaId: string): Promise<void> {
      if (!(await repo.removeMedia(db, id, mediaId))) throw notFound();
      deps.changed();
    },

    /** A new character from a Character Card file (V1/V2/V3, PNG or JSON); the PNG is her portrait. */
    async importCard(file: UploadedFile): Promise<Bot> {
      let card: ParsedCard;
      try {
        card = parseCardFile(file.data);
      } catch (err) {
        if (err instanceof CardError) throw cardError(err);
        throw err;
      }
      // The portrait is checked before anything is written: a card whose image sharp cannot read is refused.
      const portrait = card.image ? await reencodeImage(card.image) : null;
      const row = await insertBot({ ...botFromCard(card), sort: 1000 });
      if (portrait) await storeImage(row, portrait, { category: 'main', level: 1 });
      deps.changed();
      return (await bots.getMany([row.id])).get(row.id)!.dto;
    },

    /** Her V2 PNG card: her portrait (or a plain tile) with the card in a `chara` chunk. */
    async exportCard(id: string): Promise<{ png: Buffer; filename: string }> {
      const row = await found(id);
      const main = (await repo.mediaOf(db, id)).find((m) => m.kind === 'image' && m.category === 'main');
      let png: Buffer;
      if (main && (await storage.has(main.key))) {
        png = await sharp(await storage.read(main.key))
          .png()
          .toBuffer();
      } else {
        png = await sharp({
          create: { width: 400, height: 600, channels: 3, background: { r: 236, g: 72, b: 153 } },
        })
          .png()
          .toBuffer();
      }
      const safeName = row.name.replace(/[^\w-]+/g, '_').slice(0, 40) || 'character';
      return { png: writeCardPng(png, cardDataOf(row)), filename: `${safeName}.png` };
    },
  };
}
export type StudioService = ReturnType<typeof createStudioService>;
