import { CharacterVoice } from '@amora/shared/voice.ts';
import { Persona } from '@amora/shared/persona.ts';
import extractChunks from 'png-chunks-extract';
import encodeChunks from 'png-chunks-encode';
import { decode as decodeText, encode as encodeText } from 'png-chunk-text';
import type { StudioCardFields } from '@amora/shared/studio.ts';
import { z } from 'zod';

/**
 * SillyTavern / chub Character Cards (V1, V2 and V3 specs): the card JSON, alone or inside a PNG
 * as a base64 `tEXt` chunk (`chara` for V2, `ccv3` for V3). Amora keeps what it needs beyond the
 * spec in `data.extensions.amora` (decision 071). Pure functions: no database, no storage.
 */

const longText = z.string().max(50_000);

export const CardData = z.object({
  name: z.string().trim().min(1).max(80),
  description: longText.default(''),
  personality: longText.default(''),
  scenario: longText.default(''),
  first_mes: longText.default(''),
  mes_example: longText.default(''),
  creator_notes: longText.default(''),
  system_prompt: longText.default(''),
  post_history_instructions: longText.default(''),
  alternate_greetings: z.array(longText).max(100).default([]),
  tags: z.array(z.string().trim().max(100)).max(200).default([]),
  creator: z.string().max(200).default(''),
  character_version: z.string().max(100).default(''),
  extensions: z.record(z.string(), z.unknown()).default({}),
});
export type CardData = z.infer<typeof CardData>;

/** What Amora stores in `extensions.amora`: every Bot field the card spec has no place for. */
export const AmoraExtension = z.object({
  /** Only the seed honours it (a demo character keeps her number); imports get a new one. */
  remote_id: z.number().int().min(1).optional(),
  age: z.number().int().min(18).max(99),
  sex: z.enum(['female', 'male']),
  type: z.enum(['anime', 'realistic']),
  body_type: z.string().max(40),
  desc: z.object({ en: z.string().min(1).max(2000), ru: z.string().min(1).max(2000) }),
  hobbies: z
    .object({ en: z.array(z.string().max(80)).max(20), ru: z.array(z.string().max(80)).max(20) })
    .optional(),
  is_video: z.boolean().default(false),
  video_quality: z.number().int().min(0).max(10).default(0),
  voice: CharacterVoice.nullable().optional(),
  persona: Persona,
  /** The demo renderer's recipe (the seed draws her art from it); absent for other characters. */
  art: z.unknown().optional(),
});
export type AmoraExtension = z.infer<typeof AmoraExtension>;

export type ParsedCard = {
  spec: 'chara_card_v1' | 'chara_card_v2' | 'chara_card_v3';
  data: CardData;
  /** The valid Amora extension, or null (a community card, or a broken extension). */
  amora: AmoraExtension | null;
  /** The PNG the card came in (its portrait), or null for a JSON card. */
  image: Buffer | null;
};

export type CardErrorReason = 'type' | 'png' | 'noCard' | 'json' | 'fields' | 'nul';

/** Why a file is not a usable card; the caller maps it to a 400. */
export class CardError extends Error {
  constructor(
    readonly reason: CardErrorReason,
    detail?: string,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
    this.name = 'CardError';
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function isPng(buf: Buffer): boolean {
  return buf.length >= 8 && buf.subarray(0, 8).equals(PNG_SIGNATURE);
}

function parseJsonCard(text: string): unknown {
  if (text.includes('\u0000')) throw new CardError('nul');
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new CardError('json', (err as Error).message);
  }
  // An escaped NUL (\u0000) survives JSON.parse as a real one.
  if (JSON.stringify(value).includes('\\u0000')) throw new CardError('nul');
  return value;
}

function normalise(raw: unknown): Omit<ParsedCard, 'image'> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new CardError('fields', 'not an object');
  const obj = raw as Record<string, unknown>;
  let spec: ParsedCard['spec'];
  let dataRaw: unknown;
  if (obj.spec === 'chara_card_v2' || obj.spec === 'chara_card_v3') {
    spec = obj.spec;
    dataRaw = obj.data;
  } else if (obj.spec === undefined && typeof obj.name === 'string') {
    spec = 'chara_card_v1';
    dataRaw = obj;
  } else {
    throw new CardError('fields', 'unknown spec');
  }
  const data = CardData.safeParse(dataRaw);
  if (!data.success) {
    const first = data.error.issues[0];
    throw new CardError('fields', first ? `${first.path.join('.')}: ${first.message}` : 'invalid');
  }
  const amora = AmoraExtension.safeParse(data.data.extensions.amora);
  return { spec, data: data.data, amora: amora.success ? amora.data : null };
}

/** Reads the card text out of a PNG: `ccv3` (V3) wins over `chara` (V2), as the spec says. */
function cardTextOfPng(buf: Buffer): string {
  let chunks: { name: string; data: Uint8Array }[];
  try {
    chunks = extractChunks(new Uint8Array(buf.buffer, buf.byteOffset, buf.length));
  } catch (err) {
    throw new CardError('png', (err as Error).message);
  }
  if (chunks[0]?.name !== 'IHDR' || chunks.at(-1)?.name !== 'IEND') throw new CardError('png', 'truncated');
  const texts = new Map<string, string>();
  for (const c of chunks) {
    if (c.name !== 'tEXt') continue;
    try {
      const { keyword, text } = decodeText(c.data);
      texts.set(keyword.toLowerCase(), text);
    } catch {
      // A damaged text chunk is skipped like any other unknown chunk.
    }
  }
  const b64 = texts.get('ccv3') ?? texts.get('chara');
  if (!b64) throw new CardError('noCard');
  if (!/^[A-Za-z0-9+/=\s]+$/.test(b64)) throw new CardError('json', 'not base64');
  return Buffer.from(b64, 'base64').toString('utf8');
}

/** A card from an uploaded file: a PNG with a card chunk, or card JSON. */
export function parseCardFile(buf: Buffer): ParsedCard {
  if (isPng(buf)) return { ...normalise(parseJsonCard(cardTextOfPng(buf))), image: buf };
  const head = buf
    .subarray(0, 64)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (!head.startsWith('{')) throw new CardError('type');
  return { ...normalise(parseJsonCard(buf.toString('utf8'))), image: null };
}

/** A V2 card object (`chara_card_v2`). */
export function cardV2(data: CardData): { spec: 'chara_card_v2'; spec_version: '2.0'; data: CardData } {
  return { spec: 'chara_card_v2', spec_version: '2.0', data };
}

/**
 * A V2 PNG card: `png` (any PNG) with every card chunk replaced by one `chara` tEXt chunk holding
 * the base64 JSON, placed before IEND.
 */
export function writeCardPng(png: Buffer, data: CardData): Buffer {
  const chunks = extractChunks(new Uint8Array(png.buffer, png.byteOffset, png.length)).filter((c) => {
    if (c.name !== 'tEXt') return true;
    try {
      const k = decodeText(c.data).keyword.toLowerCase();
      return k !== 'chara' && k !== 'ccv3';
    } catch {
      return false;
    }
  });
  const b64 = Buffer.from(JSON.stringify(cardV2(data)), 'utf8').toString('base64');
  const end = chunks.findIndex((c) => c.name === 'IEND');
  chunks.splice(end, 0, encodeText('chara', b64));
  return Buffer.from(encodeChunks(chunks));
}

/** The spec fields Amora keeps (everything but the name and the extensions). */
export function cardFieldsOf(data: CardData): StudioCardFields {
  return {
    description: data.description,
    personality: data.personality,
    scenario: data.scenario,
    first_mes: data.first_mes,
    mes_example: data.mes_example,
    creator_notes: data.creator_notes,
    system_prompt: data.system_prompt,
    post_history_instructions: data.post_history_instructions,
    alternate_greetings: data.alternate_greetings,
    tags: data.tags,
    creator: data.creator,
    character_version: data.character_version,
  };
}
