import type { StudioBot, StudioBotInput } from '@amora/shared/studio.ts';
import { StudioBotInput as InputSchema } from '@amora/shared/studio.ts';

/** The studio's editor as the operator types it: every field a string (or a switch). */
export type StudioDraft = {
  name: string;
  age: string;
  sex: 'female' | 'male';
  type: 'anime' | 'realistic';
  body_type: string;
  hobbies_en: string;
  hobbies_ru: string;
  desc_en: string;
  desc_ru: string;
  backstory_en: string;
  backstory_ru: string;
  personality_en: string;
  personality_ru: string;
  greetings_en: string;
  greetings_ru: string;
  is_video: boolean;
  video_quality: string;
  active: boolean;
  sort: string;
};
export type StudioField = Exclude<keyof StudioDraft, 'sex' | 'type' | 'is_video' | 'active'>;

export const STUDIO_TEXT_FIELDS: StudioField[] = ['name', 'age', 'body_type', 'video_quality', 'sort'];
export const STUDIO_BILINGUAL = ['desc', 'backstory', 'personality', 'greetings', 'hobbies'] as const;
/** Fields written one item per line (the others as a comma-separated list or plain text). */
export const STUDIO_MULTILINE = new Set<string>(['desc', 'backstory', 'greetings']);

export const emptyStudioDraft = (): StudioDraft => ({
  name: '',
  age: '21',
  sex: 'female',
  type: 'realistic',
  body_type: '',
  hobbies_en: '',
  hobbies_ru: '',
  desc_en: '',
  desc_ru: '',
  backstory_en: '',
  backstory_ru: '',
  personality_en: '',
  personality_ru: '',
  greetings_en: '',
  greetings_ru: '',
  is_video: false,
  video_quality: '0',
  active: true,
  sort: '100',
});

export function studioDraft(bot: StudioBot): StudioDraft {
  const p = bot.persona;
  return {
    name: bot.name,
    age: String(bot.age),
    sex: bot.sex,
    type: bot.type,
    body_type: bot.body_type,
    hobbies_en: bot.hobbies.join(', '),
    hobbies_ru: bot.hobbies_ru.join(', '),
    desc_en: bot.desc.en,
    desc_ru: bot.desc.ru,
    backstory_en: p?.backstory.en ?? '',
    backstory_ru: p?.backstory.ru ?? '',
    personality_en: p?.personality.en.join(', ') ?? '',
    personality_ru: p?.personality.ru.join(', ') ?? '',
    greetings_en: p?.greetings.en.join('\n') ?? '',
    greetings_ru: p?.greetings.ru.join('\n') ?? '',
    is_video: bot.is_video,
    video_quality: String(bot.video_quality),
    active: bot.active,
    sort: String(bot.sort),
  };
}

const list = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
const lines = (s: string) =>
  s
    .split('\n')
    .map((x) => x.trim())
    .filter(Boolean);
const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s));

/** The draft field behind an error path of the input schema (`desc.en` → `desc_en`). */
function fieldOf(path: PropertyKey[]): string {
  const [head, lang] = path;
  if (typeof head !== 'string') return 'name';
  return typeof lang === 'string' && (lang === 'en' || lang === 'ru') ? `${head}_${lang}` : head;
}

export type StudioParsed =
  { ok: true; value: StudioBotInput } | { ok: false; errors: Partial<Record<string, string>> };

/** The input to send, or the message of each field that is wrong (the server's own rules). */
export function studioInputFromDraft(d: StudioDraft): StudioParsed {
  const personality = { en: list(d.personality_en), ru: list(d.personality_ru) };
  const greetings = { en: lines(d.greetings_en), ru: lines(d.greetings_ru) };
  const backstory = { en: d.backstory_en.trim(), ru: d.backstory_ru.trim() };
  const raw = {
    name: d.name,
    age: num(d.age),
    sex: d.sex,
    type: d.type,
    body_type: d.body_type,
    hobbies: { en: list(d.hobbies_en), ru: list(d.hobbies_ru) },
    desc: { en: d.desc_en, ru: d.desc_ru },
    // Left empty, the persona keeps (or, for a new character, gets) its own texts.
    ...(backstory.en || backstory.ru ? { backstory } : {}),
    ...(personality.en.length || personality.ru.length ? { personality } : {}),
    ...(greetings.en.length || greetings.ru.length ? { greetings } : {}),
    is_video: d.is_video,
    video_quality: num(d.video_quality),
    events: [],
    active: d.active,
    sort: num(d.sort),
  };
  const parsed = InputSchema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path);
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
