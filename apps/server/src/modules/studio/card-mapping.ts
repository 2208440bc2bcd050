import { Persona } from '@amora/shared/persona.ts';
import type { StudioCardFields } from '@amora/shared/studio.ts';
import type { BotRow } from '../../db/schema/bots.ts';
import type { NewBot } from '../bots/bots.repository.ts';
import { cardFieldsOf, type AmoraExtension, type CardData, type ParsedCard } from '../bots/character-card.ts';
import defaults from './content/persona-defaults.json' with { type: 'json' };

/** Cuts `s` to at most `max` characters, at a word boundary when one is near. */
export function clip(s: string, max: number): string {
  const t = s.trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}

/** Card macros in Amora's terms: `{{char}}` is her name, `{{user}}` the address the engine fills in. */
function macros(s: string, name: string): string {
  return s
    .replace(/\{\{char\}\}|<BOT>/gi, name)
    .replace(/\{\{user\}\}|<USER>/gi, '{addr}')
    .replace(/\r\n?/g, '\n');
}

const fill = (s: string, name: string) => s.replaceAll('{name}', name);
const fillBoth = (t: { en: string; ru: string }, name: string) => ({
  en: fill(t.en, name),
  ru: fill(t.ru, name),
});

/** A plain persona for a character the studio creates, with her own texts where given. */
export function defaultPersona(
  name: string,
  own: {
    backstory?: { en: string; ru: string } | undefined;
    personality?: { en: string[]; ru: string[] } | undefined;
    greetings?: { en: string[]; ru: string[] } | undefined;
  } = {},
): Persona {
  const shortName = clip(name, 80);
  return Persona.parse({
    displayName: { en: shortName, ru: shortName },
    backstory: own.backstory ?? fillBoth(defaults.backstory, shortName),
    personality: own.personality ?? defaults.personality,
    city: defaults.city,
    job: defaults.job,
    cityLines: defaults.cityLines,
    jobLines: defaults.jobLines,
    doingLines: defaults.doingLines,
    likes: defaults.likes,
    dislikes: defaults.dislikes,
    dream: defaults.dream,
    hobbies: defaults.hobbies,
    speech: defaults.speech,
    phrases: defaults.phrases,
    greetings: own.greetings ?? {
      en: defaults.greetings.en.map((g) => fill(g, shortName)),
      ru: defaults.greetings.ru.map((g) => fill(g, shortName)),
    },
  });
}

type BotFields = Omit<NewBot, 'id' | 'remoteId' | 'sort'>;

/**
 * The character a card describes. With Amora's extension every field comes from it; a community
 * card gives her name, description, personality, scenario and greetings, and the rest is a plain
 * persona the operator refines in the studio (Russian texts start as the card's own).
 */
export function botFromCard(card: ParsedCard): BotFields {
  const { data, amora } = card;
  const name = clip(data.name, 80);
  const fields = cardFieldsOf(data);
  if (amora) return { ...fromAmora(name, amora), card: fields, active: true };

  const text = (s: string) => macros(s, name);
  const description = clip(text(data.description) || text(data.scenario) || name, 2000);
  const backstory = clip(text(data.scenario) || text(data.description) || name, 600);
  const personality = text(data.personality)
    .split(/[,;\n]/)
    .map((w) => w.trim())
    .filter((w) => w.length > 0 && w.length <= 80)
    .slice(0, 20);
  const greetings = [data.first_mes, ...data.alternate_greetings]
    .map((g) => clip(text(g), 600))
    .filter(Boolean)
    .slice(0, 40);
  const tags = data.tags.filter((t) => t.trim().length > 0 && t.length <= 80).slice(0, 20);
  return {
    name,
    age: 21,
    sex: 'female',
    type: 'realistic',
    bodyType: '',
    hobbies: { en: tags, ru: tags },
    description: { en: description, ru: description },
    persona: defaultPersona(name, {
      backstory: { en: backstory, ru: backstory },
      ...(personality.length ? { personality: { en: personality, ru: personality } } : {}),
      ...(greetings.length ? { greetings: { en: greetings, ru: greetings } } : {}),
    }),
    voice: null,
    isVideo: false,
    videoQuality: 0,
    card: fields,
    active: true,
  };
}

function fromAmora(name: string, a: AmoraExtension): Omit<BotFields, 'card' | 'active'> {
  const cap = (s: string): string => s.charAt(0).toLocaleUpperCase() + s.slice(1);
  return {
    name,
    age: a.age,
    sex: a.sex,
    type: a.type,
    bodyType: a.body_type,
    hobbies: a.hobbies ?? {
      en: a.persona.hobbies.map((h) => cap(h.name.en)),
      ru: a.persona.hobbies.map((h) => cap(h.name.ru)),
    },
    description: a.desc,
    persona: a.persona,
    voice: a.voice ?? null,
    isVideo: a.is_video,
    videoQuality: a.video_quality,
  };
}

/** The spec fields of a character without a stored card (made in the studio). */
function derivedFields(row: BotRow): StudioCardFields {
  const p = row.persona;
  const greetings = (p?.greetings.en ?? []).map((g) =>
    g.replace(/\{,addr\}/g, '').replace(/\{addr\}/g, '{{user}}'),
  );
  return {
    description: row.description.en,
    personality: (p?.personality.en ?? []).join(', '),
    scenario: p?.backstory.en ?? '',
    first_mes: greetings[0] ?? '',
    mes_example: '',
    creator_notes: '',
    system_prompt: '',
    post_history_instructions: '',
    alternate_greetings: greetings.slice(1),
    tags: row.hobbies.en,
    creator: 'Amora',
    character_version: '1',
  };
}

/** The V2 card data of a character: her card fields and every Amora field in `extensions.amora`. */
export function cardDataOf(row: BotRow): CardData {
  const fields = row.card ?? derivedFields(row);
  const amora: Omit<AmoraExtension, 'persona'> & { persona: Persona | null } = {
    age: row.age,
    sex: row.sex,
    type: row.type,
    body_type: row.bodyType,
    desc: row.description,
    hobbies: row.hobbies,
    is_video: row.isVideo,
    video_quality: row.videoQuality,
    voice: row.voice ?? null,
    persona: row.persona ?? null,
  };
  return { name: row.name, ...fields, extensions: { amora } };
}
