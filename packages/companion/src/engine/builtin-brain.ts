import type { Level } from '@amora/shared/constants.ts';
import type { ChatMode, EngineLanguage, Mood } from '@amora/shared/enums.ts';
import type { Brain, BrainContext, BrainReply } from './brain.ts';
import { applyStyle, fill, joinParts, Picker, type ComposeContext, type FactFocus } from './compose.ts';
import {
  analyzeIntents,
  lowPriority,
  type Intent,
  type IntentAnalysis,
  type KeywordIntent,
} from './intents.ts';
import {
  extractFacts,
  loadMemory,
  readBareAnswer,
  saveMemory,
  type BrainMemory,
  type ExtractedFacts,
  type Fact,
} from './memory.ts';
import {
  factForms,
  type AskTopic,
  type BodyIntent,
  type FactForm,
  type IntentLines,
  type Lines,
  type PhraseBook,
  type Tone,
} from './phrasebook.ts';
import { books, writeFirstOpeners } from './phrases.ts';
import { reactToPhoto } from './photo-reactions.ts';
import { arithmetic, knownFact, questionTopic } from './topics.ts';
import {
  extractProfile,
  isNotAnAnswer,
  pronounName,
  recallQuestion,
  type RecallQuestion,
} from './profile.ts';
import { ackSlots, answerRecall, rememberProfile, type ProfileTold } from './recall.ts';
import { fingerprint } from './text.ts';

/*
 * The built-in companion engine: offline, rule based, fast. It recognises what the user meant (English
 * or Russian), remembers what they told about themselves, and answers in the character's own voice,
 * composing each reply from parts so that she never says exactly the same thing twice in a row.
 */

const MAX_REPLY_LENGTH = 600;
/** Replies within this many turns are never repeated word for word. */
const NO_REPEAT_WINDOW = 30;

type Told = 'name' | 'city' | 'job' | 'like' | 'plan' | 'pet' | 'age' | Exclude<ProfileTold, 'pet'>;

const tellIntent: Record<Told, Intent> = {
  name: 'tell_name',
  city: 'tell_city',
  job: 'tell_job',
  like: 'tell_likes',
  plan: 'tell_plans',
  pet: 'tell_pet',
  age: 'tell_age',
  petname: 'tell_pet',
  family: 'tell_family',
  'family.named': 'tell_family',
  dislike: 'tell_dislike',
  fav: 'tell_fav',
  birthday: 'tell_birthday',
  event: 'tell_event',
  study: 'tell_study',
};

const profileTold: ReadonlySet<Told> = new Set<Told>([
  'petname',
  'family',
  'family.named',
  'dislike',
  'fav',
  'birthday',
  'event',
  'study',
]);

/** What "and you?" means after the user talked about a topic. */
const topicQuestion: Record<string, Intent | 'her_plans' | 'her_pets'> = {
  name: 'ask_name',
  age: 'ask_age',
  city: 'ask_from',
  job: 'ask_job',
  like: 'ask_likes',
  hobby: 'ask_hobbies',
  doing: 'ask_doing',
  how: 'how_are_you',
  about: 'ask_about',
  plan: 'her_plans',
  pet: 'her_pets',
};

const intentTopic: Partial<Record<Intent, string>> = {
  ask_name: 'name',
  tell_name: 'name',
  ask_age: 'age',
  tell_age: 'age',
  ask_from: 'city',
  tell_city: 'city',
  ask_job: 'job',
  tell_job: 'job',
  ask_likes: 'like',
  tell_likes: 'like',
  ask_hobbies: 'hobby',
  ask_doing: 'doing',
  how_are_you: 'how',
  user_good: 'how',
  sad: 'how',
  ask_about: 'about',
  tell_plans: 'plan',
  tell_pet: 'pet',
};

const points: Partial<Record<Intent, number>> = {
  insult: -4,
  compliment: 3,
  love: 3,
  miss_you: 3,
  gift: 3,
  flirt: 2,
  ask_name: 2,
  ask_age: 2,
  ask_from: 2,
  ask_job: 2,
  ask_hobbies: 2,
  ask_doing: 2,
  ask_about: 2,
  ask_likes: 2,
  how_are_you: 2,
  question_back: 2,
  sad: 2,
  tell_name: 2,
  tell_city: 2,
  tell_job: 2,
  tell_likes: 2,
  tell_plans: 2,
  tell_pet: 2,
  tell_age: 2,
  tell_family: 2,
  tell_dislike: 2,
  tell_fav: 2,
  tell_birthday: 2,
  tell_event: 2,
  tell_study: 2,
  ask_memory: 2,
  request_explicit: 0,
};

function toneFor(mood: Mood, level: Level): Tone {
  switch (mood) {
    case 'Cold':
    case 'Break':
    case 'Cheater':
    case 'ConstCheater':
      return 'cold';
    case 'Sad':
    case 'Sick':
      return 'sad';
    case 'Excited':
    case 'Sexting':
    case 'NewSexting':
      return 'excited';
    case 'Crush':
    case 'Boyfriend':
    case 'Meaning':
    case 'Gift':
      return 'warm';
    default:
      return level >= 3 ? 'warm' : 'neutral';
  }
}

/** Intents whose lines say how close she feels: a closer level replaces the earlier lines. */
const levelBound: ReadonlySet<string> = new Set([
  'love',
  'flirt',
  'compliment',
  'miss_you',
  'greeting',
  'goodbye',
  'request_photo',
  'request_explicit',
  'request_voice',
  'request_video',
  'insult',
  'gift',
  'ask_name',
  'ask_real',
]);

function levelLines(il: IntentLines, level: Level, intent = ''): Lines {
  if (!levelBound.has(intent)) {
    // Everything she could say so far stays available as the relationship grows (a bigger pool).
    const all: string[] = [];
    for (let l = 1; l <= level; l++) all.push(...(il[l as Level] ?? []));
    if (all.length) return all;
  }
  for (let l: number = level; l >= 1; l--) {
    const lines = il[l as Level];
    if (lines && lines.length) return lines;
  }
  return il[1];
}

/** Intents after which small talk would be tactless for a while. */
const heavyIntents: ReadonlySet<Intent> = new Set<Intent>(['grief', 'news_bad', 'sad', 'health']);

/** A question aimed at her ("what music do you like?"), not a remark about the user's own life. */
function asksHer(analysis: IntentAnalysis | null): boolean {
  if (!analysis?.isQuestion) return false;
  return /(?<![\p{L}])(?:you|your|yours|ты|тебе|тебя|твой|твоя|твое|твои|у тебя|любишь|слушаешь|смотришь)(?![\p{L}])/u.test(
    analysis.normalized,
  );
}

// ---------------------------------------------------------------------------------------------
// Facts

/** Stores what the user told. Returns what was new, and what they told again. */
function rememberFacts(
  mem: BrainMemory,
  facts: ExtractedFacts,
  turn: number,
): { told: Told[]; again: Told[] } {
  const told: Told[] = [];
  const again: Told[] = [];
  if (facts.name && facts.name !== mem.name) {
    mem.name = facts.name;
    told.push('name');
  } else if (facts.name) again.push('name');
  const single = ['city', 'job', 'age'] as const;
  for (const key of single) {
    const f = facts[key];
    if (f && f.v !== mem.facts[key]?.v) {
      mem.facts[key] = { ...f, turn };
      told.push(key);
    } else if (f) again.push(key);
  }
  const multi = [
    ['like', 6],
    ['plan', 4],
    ['pet', 3],
  ] as const;
  for (const [key, max] of multi) {
    const f = facts[key];
    if (f && !mem.facts[key].some((x) => x.v === f.v)) {
      mem.facts[key] = [...mem.facts[key], { ...f, turn }].slice(-max);
      told.push(key);
    } else if (f) again.push(key);
  }
  return { told, again };
}

const factFormSet: ReadonlySet<string> = new Set(factForms);

function formOf(key: Told, f: Fact): FactForm {
  const pick = (form: string, fallback: FactForm): FactForm =>
    factFormSet.has(form) ? (form as FactForm) : fallback;
  switch (key) {
    case 'city':
      return pick(`city.${f.kind ?? 'en'}`, 'city.en');
    case 'job':
      return pick(`job.${f.kind ?? 'role'}`, 'job.role');
    case 'like':
      return pick(`like.${f.kind ?? 'love'}`, 'like.love');
    case 'pet':
      return f.name ? 'pet.named' : 'pet';
    case 'plan':
      return 'plan';
    default:
      return 'age';
  }
}

function factFor(mem: BrainMemory, key: Told): Fact | undefined {
  switch (key) {
    case 'city':
    case 'job':
    case 'age':
      return mem.facts[key];
    case 'like':
    case 'plan':
    case 'pet':
      return mem.facts[key][mem.facts[key].length - 1];
    default:
      return undefined;
  }
}

type Recall = { id: string; key: Told; fact: Fact };

function recallable(mem: BrainMemory, lang: EngineLanguage, turn: number): Recall[] {
  const out: Recall[] = [];
  const add = (key: Told, fact: Fact | undefined, id: string): void => {
    if (!fact || fact.lang !== lang) return;
    if (turn - fact.turn < 3) return;
    const last = mem.recalled[id];
    if (last !== undefined && turn - last < 12) return;
    out.push({ id, key, fact });
  };
  add('city', mem.facts.city, 'city');
  add('job', mem.facts.job, 'job');
  mem.facts.like.forEach((f, i) => add('like', f, `like${i}:${f.v}`));
  mem.facts.plan.forEach((f, i) => add('plan', f, `plan${i}:${f.v}`));
  mem.facts.pet.forEach((f, i) => add('pet', f, `pet${i}:${f.v}`));
  return out;
}

function focusFor(r: { key: Told; fact: Fact }): FactFocus {
  if (r.key === 'like') return { like: r.fact };
  if (r.key === 'plan') return { plan: r.fact };
  if (r.key === 'pet') return { pet: r.fact };
  return {};
}

// ---------------------------------------------------------------------------------------------
// Choosing what to answer

type Plan = {
  intent: Intent;
  /** The phrase-book intent whose lines form the body, or a special body. */
  body:
    | BodyIntent
    | 'her_plans'
    | 'her_pets'
    | 'question_back'
    | 'remember'
    | { tell: Told }
    | { recall: RecallQuestion };
};

function choosePlan(
  analysis: IntentAnalysis | null,
  told: Told[],
  again: Told[],
  mem: BrainMemory,
  recall: RecallQuestion | null,
): Plan {
  if (!analysis) return { intent: 'photo', body: 'photo' };
  const matched = analysis.matched;
  // "coffee or tea?", "лето или зима?": a choice she answers with an opinion about it.
  if (
    analysis.isQuestion &&
    !recall &&
    /^\s*(?:[\p{L}-]+\s+){1,3}(?:or|или)\s+(?:[\p{L}-]+\s+){0,2}[\p{L}-]+\s*\?\s*$/u.test(
      analysis.normalized,
    ) &&
    !matched.some((i) => !lowPriority.has(i) && !topicIntents.has(i))
  )
    return { intent: 'question', body: 'question' };
  if (recall && !matched.some((i) => recallBeats.has(i))) return { intent: 'ask_memory', body: { recall } };
  const primary = matched.find((i) => !lowPriority.has(i) && i !== 'question_back');
  const wantsBack = matched.includes('question_back');

  if (wantsBack && (!primary || primary === 'how_are_you')) {
    const aboutHow = primary === 'how_are_you' || matched.includes('user_good') || matched.includes('sad');
    const topicKey = told[0] ?? (aboutHow ? 'how' : mem.topic);
    const target = topicKey ? topicQuestion[topicKey] : undefined;
    if (target === 'her_plans' || target === 'her_pets') return { intent: 'question_back', body: target };
    if (target) return { intent: 'question_back', body: target as BodyIntent };
    return { intent: 'question_back', body: 'question_back' };
  }
  // A relative mentioned with something said about them ("my brother and I had a fight") is the
  // family topic; only an introduction ("I have a brother", "my sister Anna") is acknowledged as news.
  if (
    primary === 'family' &&
    told[0] === 'family' &&
    !/(?<![\p{L}])(?:have|got|has|есть|у меня|у нас)(?![\p{L}])/u.test(analysis.normalized)
  )
    return { intent: 'family', body: 'family' };
  // A dislike, a study or someone close said about a topic ("I hate my job", "учусь играть на
  // пианино", "cooking dinner for my friends") is that topic; the fact gets a nod in the reply.
  if (
    primary &&
    topicIntents.has(primary) &&
    told.length > 0 &&
    told.every((t) => topicBeatsTold.has(t) && !(t.startsWith('family') && primary === 'family'))
  )
    return { intent: primary, body: primary };
  // Telling a fact about themselves ("I work as a nurse") wins over the topic it touches (work).
  if (primary && told.length > 0 && topicIntents.has(primary))
    return { intent: tellIntent[told[0]!], body: { tell: told[0]! } };
  if (primary) return { intent: primary, body: primary };
  if (told.length > 0) return { intent: tellIntent[told[0]!], body: { tell: told[0]! } };
  if (again.length > 0) return { intent: tellIntent[again[0]!], body: 'remember' };
  const low = matched.find((i): i is KeywordIntent => lowPriority.has(i));
  // "hi, do you believe in fate?": she greets back (the opener) and answers the question.
  if (low === 'greeting' && analysis.isQuestion && analysis.wordCount >= 4)
    return { intent: 'question', body: 'question' };
  if (low) return { intent: low, body: low };
  if (analysis.isQuestion) return { intent: 'question', body: 'question' };
  return { intent: 'fallback', body: 'fallback' };
}

/** Facts that give way to the conversation topic they are said about (they still get a nod). */
const topicBeatsTold: ReadonlySet<Told> = new Set<Told>(['dislike', 'study', 'family', 'fav']);

/** Conversation topics: a fact told in the same message is acknowledged instead. */
const topicIntents: ReadonlySet<Intent> = new Set<Intent>([
  'food',
  'music',
  'films',
  'weather',
  'plans',
  'work',
  'family',
  'sleep',
]);

/** Intents that win over a question about the user in the same message. */
const recallBeats: ReadonlySet<Intent> = new Set<Intent>(['insult', 'request_explicit', 'goodbye']);

function moodChange(intent: Intent, tone: Tone, mood: Mood): Mood | undefined {
  if (intent === 'insult') return mood === 'Cold' ? undefined : 'Cold';
  if (tone === 'cold' && (intent === 'apology' || intent === 'gift')) return 'Neutral';
  if (
    tone === 'sad' &&
    (intent === 'compliment' || intent === 'love' || intent === 'miss_you' || intent === 'gift')
  )
    return 'Neutral';
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Composing

type TurnState = {
  ctx: BrainContext;
  book: PhraseBook;
  mem: BrainMemory;
  tone: Tone;
  mode: ChatMode;
  level: Level;
  userName: string | null;
  turn: number;
  /** The user shrugged at her question ("hmm"): she asks nothing new and keeps waiting for the answer. */
  hold: boolean;
  /** The answer to a sum or a known fact the user asked. */
  answer?: string;
  /** The subject of a question she cannot place, to answer about it. */
  topic?: string;
  /** Grief or bad news lately: no small talk, no flirting tails. */
  heavy: boolean;
};

/** What she waits for after her question: a topic, or the name of the pet/relative just mentioned. */
type Awaiting = AskTopic | 'petname' | 'relname';

type Draft = {
  text: string;
  used: string[];
  recalledId?: string;
  awaiting?: Awaiting;
  hobbyAdvance: boolean;
};

function bodyLinesFor(
  intent: BodyIntent,
  s: TurnState,
  picker: Picker,
  analysis: IntentAnalysis | null,
): { lines: Lines; key: string } {
  const { book, tone, level, mode } = s;
  const il = book.intents[intent];
  if (intent === 'fact' && tone !== 'cold' && !s.answer && il.unknown)
    return { lines: il.unknown, key: 'fact.unknown' };
  if (intent === 'question' && s.topic && tone !== 'cold')
    return { lines: book.questionAbout, key: 'questionAbout' };
  if (il.ask && tone !== 'cold' && asksHer(analysis)) return { lines: il.ask, key: `${intent}.ask` };
  if (intent === 'how_are_you' && (tone === 'sad' || tone === 'cold' || tone === 'excited')) {
    const key: keyof PhraseBook['herMood'] = tone === 'sad' && s.ctx.chat.mood === 'Sick' ? 'sick' : tone;
    return { lines: book.herMood[key], key: `mood.${key}` };
  }
  if (tone === 'cold' && il.cold) return { lines: il.cold, key: `${intent}.cold` };
  if (intent === 'apology') return { lines: levelLines(il, level, intent), key: `${intent}.l` };
  if (tone === 'sad' && il.sad && picker.chance(0.7)) return { lines: il.sad, key: `${intent}.sad` };
  if (s.ctx.chat.spicy && level >= 3 && il.spicy && picker.chance(0.7))
    return { lines: il.spicy, key: `${intent}.spicy` };
  if (mode === 'dominant' && il.dominant && picker.chance(0.5))
    return { lines: il.dominant, key: `${intent}.dom` };
  if (mode === 'submissive' && il.submissive && picker.chance(0.5))
    return { lines: il.submissive, key: `${intent}.sub` };
  return {
    lines: levelLines(il, level, intent),
    key: levelBound.has(intent) ? `${intent}.l${level}` : `${intent}.lv`,
  };
}

/** How keen she is to add a question or a remark after the main answer. */
const followUpChance: Partial<Record<Intent, number>> = {
  fallback: 1,
  agree: 0.9,
  laugh: 0.8,
  user_good: 0.85,
  thanks: 0.6,
  greeting: 0.7,
  how_are_you: 0.7,
  question_back: 0.6,
  tell_name: 0.8,
  tell_city: 0.5,
  tell_job: 0.5,
  tell_likes: 0.6,
  tell_plans: 0.5,
  tell_pet: 0.4,
  tell_age: 0.8,
  ask_name: 0.8,
  ask_age: 0.8,
  ask_from: 0.6,
  ask_job: 0.6,
  ask_hobbies: 0.5,
  ask_doing: 0.6,
  ask_about: 0.4,
  ask_likes: 0.6,
  ask_real: 0.4,
  compliment: 0.5,
  flirt: 0.3,
  love: 0.3,
  miss_you: 0.5,
  gift: 0.3,
  disagree: 0.6,
  apology: 0.5,
  bored: 0.2,
  photo: 0.2,
  question: 0.3,
  request_photo: 0.2,
  request_voice: 0.2,
  request_video: 0.3,
};

function compose(
  plan: Plan,
  s: TurnState,
  analysis: IntentAnalysis | null,
  told: Told[],
  random: () => number,
  attempt: number,
): Draft {
  const { book, mem, tone, level, ctx } = s;
  const picker = new Picker(random, new Set(mem.parts));
  const persona = ctx.character.persona;
  const hobbyIndex = (mem.hobby + (attempt > 0 ? attempt : 0)) % persona.hobbies.length;
  const cc: ComposeContext = {
    lang: ctx.language,
    book,
    persona,
    character: ctx.character,
    userSex: ctx.user.sex,
    userName: s.userName,
    level,
    tone,
    facts: mem.facts,
    hobbyIndex,
    picker,
  };
  const parts: string[] = [];
  let hobbyAdvance = false;
  let recalledId: string | undefined;
  let awaiting: Awaiting | undefined;

  // 1. Opener: a greeting back, or a little interjection now and then.
  const greeted = analysis?.matched.includes('greeting') && plan.intent !== 'greeting';
  if (greeted && tone !== 'cold') parts.push(fill(picker.pick(book.greetBack, 'greetBack'), cc));
  else if (
    told.length === 0 &&
    !s.heavy &&
    !['greeting', 'insult', 'goodbye', 'apology', 'sad'].includes(plan.intent) &&
    picker.chance(0.22 + attempt * 0.05)
  ) {
    parts.push(picker.pick(book.openers[tone], `op.${tone}`));
  }

  // 2. A nod to what they just told, when the main answer is about something else.
  const first = told[0];
  const body = plan.body;
  const mourning = plan.intent === 'grief' || plan.intent === 'news_bad';
  if (first && !mourning && (typeof body !== 'object' || !('tell' in body) || body.tell !== first)) {
    parts.push(ackLine(first, s, cc, picker));
  }

  // 3. The main answer.
  let repeated = false;
  if (typeof body === 'object' && 'recall' in body) {
    const a = answerRecall(body.recall, mem, book, ctx.language, s.userName);
    parts.push(fill(picker.pick(a.lines, a.key), cc, { extra: a.extra }));
    if (a.awaiting) awaiting = a.awaiting;
  } else if (typeof body === 'object') {
    parts.push(ackLine(body.tell, s, cc, picker));
  } else if (body === 'her_plans') {
    parts.push(fill(picker.pick(book.herPlans, 'herPlans'), cc));
  } else if (body === 'her_pets') {
    parts.push(fill(picker.pick(book.herPets, 'herPets'), cc));
  } else if (body === 'remember') {
    parts.push(fill(picker.pick(book.remember, 'remember'), cc));
  } else if (body === 'question_back') {
    parts.push(fill(picker.pick(book.questionBack, 'qback'), cc));
  } else {
    const topic = intentTopic[body];
    if (topic && body.startsWith('ask_') && plan.intent !== 'question_back') {
      const last = mem.herTopics[topic];
      if (last !== undefined && s.turn - last <= 12 && tone !== 'cold') {
        parts.push(fill(picker.pick(book.repeatAsk, 'repeatAsk'), cc));
        repeated = true;
      }
    }
    const { lines, key } = bodyLinesFor(body, s, picker, analysis);
    const extra: Record<string, string> = {};
    if (s.answer) extra.answer = s.answer;
    if (s.topic) extra.topic = s.topic;
    parts.push(fill(picker.pick(lines, key), cc, { extra }));
    if (body === 'ask_hobbies' || body === 'bored' || (body === 'ask_about' && !repeated))
      hobbyAdvance = true;
  }

  // 4. Keep the conversation going: bring back something they told, ask about them, or share.
  const lastPart = parts[parts.length - 1] ?? '';
  const endsWithQuestion = lastPart.includes('?');
  const noFollow =
    tone === 'cold' ||
    plan.intent === 'ask_memory' ||
    plan.intent === 'grief' ||
    plan.intent === 'news_bad' ||
    plan.intent === 'goodbye' ||
    plan.intent === 'insult' ||
    plan.intent === 'request_explicit';
  const chance = (followUpChance[plan.intent] ?? 0.4) + attempt * 0.1;
  if (!noFollow && !endsWithQuestion && picker.chance(chance)) {
    const recalls = recallable(mem, ctx.language, s.turn);
    const unknown = unknownTopics(s);
    const r = picker.random();
    if (recalls.length > 0 && r < 0.4) {
      const rc = picker.pick(recalls, 'recallFact');
      const form = formOf(rc.key, rc.fact);
      parts.push(fill(picker.pick(book.recall[form], `rc.${form}`), cc, focusFor(rc)));
      recalledId = rc.id;
    } else if (s.heavy) {
      parts.push(fill(picker.pick(book.gentleFollowUps, 'gentleFu'), cc));
    } else if (unknown.length > 0 && r < 0.72 && !s.hold) {
      const topic = unknown[0]!;
      parts.push(fill(picker.pick(book.askUser[topic], `ask.${topic}`), cc));
      awaiting = topic;
    } else if (
      r < 0.86 &&
      s.turn - (mem.recalled[`hobby.${hobbyIndex}`] ?? -HOBBY_STORY_GAP) >= HOBBY_STORY_GAP
    ) {
      // One of her hobby stories, at most once in HOBBY_STORY_GAP turns (so no sentence of hers dominates).
      parts.push(fill(picker.pick(book.hobbyShare, 'hobbyShare'), cc));
      hobbyAdvance = true;
    } else {
      parts.push(fill(picker.pick(book.followUps[s.mode], `fu.${s.mode}`), cc));
    }
  }

  // 5. A tail in her mood: affection when close, or the mode's colour (never after sad news).
  if (tone !== 'cold' && tone !== 'sad' && plan.intent !== 'insult' && !s.heavy) {
    if (level >= 2 && picker.chance(level === 2 ? 0.1 : 0.18))
      parts.push(fill(picker.pick(book.affection[level === 4 ? 4 : level === 3 ? 3 : 2], `aff${level}`), cc));
    else if (s.mode !== 'gentle' && parts.some((p) => p.includes('?')) && picker.chance(0.25))
      parts.push(fill(picker.pick(book.modeTail[s.mode], `mt.${s.mode}`), cc));
    else if (picker.chance(0.06 + persona.speech.playfulness * 0.06))
      parts.push(fill(picker.pick(book.phraseShare, 'phraseShare'), cc));
  }

  // Extra words on later attempts, so a retry can't land on the same text.
  if (attempt >= 4) parts.push(fill(picker.pick(book.extraTails, 'extraTail'), cc));
  if (attempt >= 8) parts.push(fill(picker.pick(book.hobbyShare, 'hobbyShare'), cc));

  let text = styled(parts, s, picker, plan.intent);
  while (text.length > MAX_REPLY_LENGTH && parts.length > 1) {
    parts.splice(parts.length - 1, 1);
    text = styled(parts, s, picker, plan.intent);
  }
  if (text.length > MAX_REPLY_LENGTH) text = `${text.slice(0, MAX_REPLY_LENGTH - 1).trimEnd()}…`;
  return { text, used: picker.used, recalledId, awaiting, hobbyAdvance };
}

/** Intents where a cheerful emoji at the end would sound wrong. */
const noEmoji: ReadonlySet<Intent> = new Set<Intent>(['sad', 'insult', 'request_explicit']);

function styled(parts: string[], s: TurnState, picker: Picker, intent: Intent): string {
  return applyStyle(joinParts(parts), {
    persona: s.ctx.character.persona,
    tone: s.tone,
    lang: s.ctx.language,
    picker,
    book: s.book,
    allowEmoji: !noEmoji.has(intent),
  });
}

function ackLine(key: Told, s: TurnState, cc: ComposeContext, picker: Picker): string {
  if (profileTold.has(key)) {
    const k = key as Exclude<ProfileTold, 'pet'>;
    return fill(picker.pick(s.book.profile.ack[k], `pack.${k}`), cc, {
      extra: ackSlots(s.mem, k, s.ctx.language),
    });
  }
  if (key === 'name')
    return fill(picker.pick(s.book.ackName, 'ackName'), { ...cc, userName: s.mem.name ?? cc.userName });
  const fact = factFor(s.mem, key);
  if (!fact) return '';
  const form = formOf(key, fact);
  return fill(picker.pick(s.book.ack[form], `ack.${form}`), cc, focusFor({ key, fact }));
}

function unknownTopics(s: TurnState): AskTopic[] {
  const { mem, turn } = s;
  const candidates: AskTopic[] = [];
  if (!s.userName) candidates.push('name');
  if (!mem.facts.city) candidates.push('city');
  if (!mem.facts.job) candidates.push('job');
  if (mem.facts.like.length === 0) candidates.push('like');
  if (mem.facts.plan.length === 0) candidates.push('plan');
  if (mem.facts.pet.length === 0) candidates.push('pet');
  return candidates.filter((t) => {
    const last = mem.asked[t];
    return last === undefined || turn - last >= 15;
  });
}

// ---------------------------------------------------------------------------------------------
// The brain

/** True when the user mentioned a pet or a relative without a name in the previous turn. */
function unnamedSubjectJustMentioned(mem: BrainMemory, turn: number): boolean {
  const sub = mem.subject;
  if (!sub || turn - sub.turn > 1) return false;
  const list = sub.key === 'pet' ? mem.facts.pet : mem.facts.family;
  return Boolean(list[sub.i] && !list[sub.i]!.name);
}

/** Turns before she tells the same hobby story again as a follow-up. */
const HOBBY_STORY_GAP = 50;

function replyTo(ctx: BrainContext, random: () => number): BrainReply {
  const book = books[ctx.language] ?? books.en;
  const mem = loadMemory(ctx.memory);
  mem.turn += 1;
  const turn = mem.turn;
  const text = ctx.userMessage.trim();
  const analysis = text ? analyzeIntents(text) : null;

  // A question about the user is never read as a fact ("do you remember where I live?").
  const recall = text ? recallQuestion(text) : null;
  const extracted: ExtractedFacts = text && !recall ? extractFacts(text) : {};
  const profile = text && !recall ? extractProfile(text) : { subjects: [] };
  const pronoun = text && !recall ? pronounName(text) : undefined;
  if (profile.subjects.some((x) => x.type === 'pet')) delete extracted.pet;
  // "His name is Kiwi" names a pet or a relative, never the user.
  if (pronoun && extracted.name === pronoun) delete extracted.name;
  let bareName: string | undefined;
  if (
    analysis &&
    !recall &&
    analysis.matched.length === 0 &&
    Object.keys(extracted).length === 0 &&
    profile.subjects.length === 0
  ) {
    if (mem.awaiting === 'petname' || mem.awaiting === 'relname') {
      bareName = readBareAnswer(text, 'name').name;
    } else if (
      !mem.awaiting &&
      unnamedSubjectJustMentioned(mem, turn) &&
      /^\p{Lu}[\p{L}'-]+[\s.!]*$/u.test(text)
    ) {
      // "I've got a sister." "Kate." — a lone capitalised word right after is the sister's name.
      bareName = readBareAnswer(text, 'name').name;
    } else Object.assign(extracted, readBareAnswer(text, mem.awaiting));
  }
  const { told, again } = rememberFacts(mem, extracted, turn);
  told.push(...(rememberProfile(mem, profile, pronoun ?? bareName, turn) as Told[]));
  const userName = mem.name ?? ctx.user.name ?? null;

  const plan = choosePlan(analysis, told, again, mem, recall);
  // The reply is written in her mood as it was; a change (an apology thaws her) shows from the next turn.
  const tone = toneFor(ctx.chat.mood, ctx.chat.level);
  const mood = moodChange(plan.intent, tone, ctx.chat.mood);
  const state: TurnState = {
    ctx,
    book,
    mem,
    tone,
    mode: ctx.chat.mode,
    level: ctx.chat.level,
    userName,
    turn,
    hold: Boolean(mem.awaiting && text && isNotAnAnswer(text) && !analysis?.matched.length),
    heavy: heavyIntents.has(plan.intent) || (mem.grief !== undefined && turn - mem.grief <= 6),
    ...(plan.intent === 'math' ? { answer: arithmetic(text) ?? '' } : {}),
    ...(plan.intent === 'fact' && knownFact(text, ctx.language)
      ? { answer: knownFact(text, ctx.language)! }
      : {}),
    ...(plan.intent === 'question' && questionTopic(text, ctx.language)
      ? { topic: questionTopic(text, ctx.language)! }
      : {}),
  };

  const recent = new Set(mem.recent.slice(-NO_REPEAT_WINDOW));
  let draft = compose(plan, state, analysis, told, random, 0);
  for (let attempt = 1; recent.has(fingerprint(draft.text)) && attempt < 16; attempt++) {
    draft = compose(plan, state, analysis, told, random, attempt);
  }
  if (recent.has(fingerprint(draft.text))) {
    // Practically unreachable; still, never send the same words twice.
    for (const tail of book.extraTails) {
      const candidate = `${draft.text} ${tail.replace(/\{[^}]*\}/g, '').trim()}`.trim();
      if (!recent.has(fingerprint(candidate))) {
        draft = { ...draft, text: candidate };
        break;
      }
    }
  }

  // Memory bookkeeping.
  mem.recent = [...mem.recent, fingerprint(draft.text)].slice(-40);
  mem.parts = [...mem.parts, ...draft.used].slice(-60);
  if (draft.recalledId) mem.recalled[draft.recalledId] = turn;
  // A shrug ("hmm", "idk") does not answer her question: she still waits for the answer next turn.
  mem.awaiting = draft.awaiting ?? (state.hold ? mem.awaiting : undefined);
  if (draft.awaiting && draft.awaiting !== 'petname' && draft.awaiting !== 'relname')
    mem.asked[draft.awaiting] = turn;
  if (draft.hobbyAdvance) {
    mem.recalled[`hobby.${mem.hobby % ctx.character.persona.hobbies.length}`] = turn;
    mem.hobby = (mem.hobby + 1) % ctx.character.persona.hobbies.length;
  }
  const topicIntent =
    typeof plan.body === 'string' && plan.intent === 'question_back' ? undefined : plan.intent;
  const topic = (topicIntent && intentTopic[topicIntent]) ?? (told[0] ? told[0] : undefined);
  if (topic) mem.topic = topic;
  if (plan.intent.startsWith('ask_') && intentTopic[plan.intent])
    mem.herTopics[intentTopic[plan.intent]!] = turn;
  if (typeof plan.body === 'string' && plan.intent === 'question_back') {
    const herTopic = Object.entries(topicQuestion).find(([, q]) => q === plan.body)?.[0];
    if (herTopic) mem.herTopics[herTopic] = turn;
  }
  mem.lastIntent = plan.intent;
  if (plan.intent === 'grief' || plan.intent === 'news_bad') mem.grief = turn;

  let delta = points[plan.intent] ?? 1;
  if (plan.intent === 'insult') {
    const recentInsults = mem.insults.filter((t) => turn - t <= 10).length;
    if (recentInsults > 0) delta = -5;
    mem.insults = [...mem.insults, turn];
  } else if (tone === 'cold' && delta > 1 && plan.intent !== 'apology' && plan.intent !== 'gift') {
    delta = 1;
  }
  if (plan.intent === 'apology' && ctx.chat.mood === 'Cold') delta = 2;

  return {
    text: draft.text,
    memory: saveMemory(mem),
    pointsDelta: delta,
    ...(mood ? { mood } : {}),
    intent: plan.intent,
  };
}

/** What an unprompted message (greeting, writing first) starts from: her memory and the compose context. */
function openerSetup(
  ctx: Omit<BrainContext, 'userMessage' | 'history'>,
  random: () => number,
  mem: BrainMemory,
) {
  const book = books[ctx.language] ?? books.en;
  const persona = ctx.character.persona;
  const picker = new Picker(random, new Set(mem.parts));
  const userName = mem.name ?? ctx.user.name ?? null;
  const tone = toneFor(ctx.chat.mood, ctx.chat.level);
  const cc: ComposeContext = {
    lang: ctx.language,
    book,
    persona,
    character: ctx.character,
    userSex: ctx.user.sex,
    userName,
    level: ctx.chat.level,
    tone,
    facts: mem.facts,
    hobbyIndex: mem.hobby % persona.hobbies.length,
    picker,
    forceName: true,
  };
  /** An opener's parts joined and put in her style. */
  const styled = (parts: string[], allowEmoji: boolean) =>
    applyStyle(joinParts(parts), { persona, tone, lang: ctx.language, picker, book, allowEmoji });
  return { book, persona, picker, userName, tone, cc, styled };
}

/**
 * Drafts up to 8 times until the text is not one of her recent messages, then records it (and the
 * phrases used) in memory so that they are not repeated soon.
 */
function draftFresh(mem: BrainMemory, picker: Picker, draft: (attempt: number) => string): string {
  const recent = new Set(mem.recent);
  let text = '';
  for (let attempt = 0; attempt < 8; attempt++) {
    text = draft(attempt);
    if (!recent.has(fingerprint(text))) break;
  }
  mem.recent = [...mem.recent, fingerprint(text)].slice(-40);
  mem.parts = [...mem.parts, ...picker.used].slice(-60);
  return text;
}

function greet(ctx: Omit<BrainContext, 'userMessage' | 'history'>, random: () => number): BrainReply {
  const mem = loadMemory(ctx.memory);
  const { book, persona, picker, userName, cc, styled } = openerSetup(ctx, random, mem);
  const text = draftFresh(mem, picker, (attempt) => {
    const parts = [fill(picker.pick(persona.greetings[ctx.language], 'greeting'), cc)];
    // She asks the name she does not know yet; otherwise a question now and then keeps it going.
    if (!userName) {
      parts.push(fill(picker.pick(book.askUser.name, 'ask.name'), cc));
      mem.awaiting = 'name';
    } else if (!/\?\s*\S{0,3}\s*$/u.test(parts[0]!) && (attempt > 0 || picker.chance(0.5))) {
      parts.push(fill(picker.pick(book.followUps.gentle, 'fu.gentle'), cc));
    }
    return styled(parts, true);
  });
  if (mem.awaiting === 'name') mem.asked.name = mem.turn;
  return { text, memory: saveMemory(mem), pointsDelta: 0, intent: 'greeting' };
}

/**
 * She writes first after a silence: an opener in her mood, then something she remembers about the
 * user, or one of her hobbies. Never the same words as a recent message.
 */
function writeFirstTo(ctx: BrainContext, random: () => number): BrainReply {
  const mem = loadMemory(ctx.memory);
  mem.turn += 1;
  const { book, picker, tone, cc, styled } = openerSetup(ctx, random, mem);
  let recalledId: string | undefined;
  const text = draftFresh(mem, picker, (attempt) => {
    recalledId = undefined;
    const parts = [fill(picker.pick(writeFirstOpeners[ctx.language][tone], `wf.${tone}`), cc)];
    if (tone !== 'cold') {
      const recalls = recallable(mem, ctx.language, mem.turn + 3);
      if (recalls.length > 0 && (attempt % 2 === 0 || picker.chance(0.5))) {
        const rc = picker.pick(recalls, 'recallFact');
        const form = formOf(rc.key, rc.fact);
        parts.push(fill(picker.pick(book.recall[form], `rc.${form}`), cc, focusFor(rc)));
        recalledId = rc.id;
      } else {
        parts.push(fill(picker.pick(book.hobbyShare, 'hobbyShare'), cc));
      }
    }
    if (attempt >= 4) parts.push(fill(picker.pick(book.extraTails, 'extraTail'), cc));
    return styled(parts, tone !== 'sad' && tone !== 'cold');
  });
  if (recalledId) mem.recalled[recalledId] = mem.turn;
  return { text, memory: saveMemory(mem), pointsDelta: 0, intent: 'write_first' };
}

/**
 * The built-in offline companion engine. `random` is injectable so tests are deterministic.
 * Typical cost is well under a millisecond per reply.
 */
export function createBuiltinBrain(opts: { random?: () => number } = {}): Brain {
  const random = opts.random ?? Math.random;
  return {
    name: 'builtin',
    async reply(ctx: BrainContext): Promise<BrainReply> {
      if (ctx.userPhoto)
        return reactToPhoto(ctx, ctx.userMessage.trim() ? replyTo(ctx, random) : null, random);
      return replyTo(ctx, random);
    },
    async greeting(ctx: Omit<BrainContext, 'userMessage' | 'history'>): Promise<BrainReply> {
      return greet(ctx, random);
    },
    async writeFirst(ctx: BrainContext): Promise<BrainReply> {
      return writeFirstTo(ctx, random);
    },
  };
}
