import words from './content/profile-words.json' with { type: 'json' };
import { capitalize, flipPronounsEn, flipPronounsRu, softNormalize } from './text.ts';

/*
 * The richer half of what she remembers about the user: pets and family members with their names,
 * favourites, dislikes, birthday, dated events and study; and reading a question about the user
 * ("what's my dog called?", "где я работаю?") as a request to recall one of those facts.
 */

export type Entry = { canon: string; en: string; ru: string; enWord: string; ru_nom: string };
export type Named = Entry & { ru_poss: string; ru_acc: string; g: string };

export const petWords = words.pets as Named[];
export const familyWords = words.family as Named[];
export const favouriteWords = words.favourites as Entry[];

const L = '\\p{L}\\p{N}';
/** Patterns built from the word tables are compiled once and reused (the engine answers in ~1 ms). */
const reCache = new Map<string, RegExp>();
function cachedRe(source: string, flags = ''): RegExp {
  const key = `${flags}/${source}`;
  let r = reCache.get(key);
  if (!r) {
    r = new RegExp(source, flags);
    reCache.set(key, r);
  }
  r.lastIndex = 0;
  return r;
}
const alt = (e: Entry, lang: 'en' | 'ru'): string => (lang === 'en' ? e.en : e.ru);
function wordRe(body: string, flags = 'iu'): RegExp {
  return cachedRe(`(?<![${L}])(?:${body})(?![${L}])`, flags);
}

const notAnswerEn = wordRe(`^(?:${words.notAnswers.en})$`);
const notAnswerRu = wordRe(`^(?:${words.notAnswers.ru})$`);

/** True when a short reply is a filler, a shrug or a question, not an answer ("hmm", "idk", "why?"). */
export function isNotAnAnswer(raw: string): boolean {
  const t = softNormalize(raw)
    .toLowerCase()
    .replace(/[.!,…)(]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!t || raw.includes('?')) return true;
  if (/\p{Extended_Pictographic}/u.test(t) && !/\p{L}/u.test(t)) return true;
  return notAnswerEn.test(t) || notAnswerRu.test(t);
}

/** A person's or an animal's name as written: one or two capitalised words, or any word after "named". */
const NAME = "([\\p{L}][\\p{L}'-]{1,19})";
const NAME_STOPWORDS = new Set(
  'is|was|and|but|the|a|an|he|she|it|they|who|that|so|too|very|really|also|from|in|at|on|and|because|и|а|но|он|она|оно|они|тоже|очень|из|в|на|у|с|это|был|была|зовут|кличка'.split(
    '|',
  ),
);
function asName(w: string | undefined): string | undefined {
  if (!w || NAME_STOPWORDS.has(w.toLowerCase()) || w.length < 2) return undefined;
  return capitalize(w.toLowerCase());
}

export type Subject = { type: 'pet' | 'family'; canon: string; name?: string; lang: 'en' | 'ru' };

/** Whether any noun of the table is in the text at all: one scan instead of one per noun and language. */
const mentionsAny = (table: Named[], lang: 'en' | 'ru', lower: string) =>
  cachedRe(
    `(?<![${L}])(?:${table
      .map((e) => alt(e, lang))
      .filter(Boolean)
      .join('|')})`,
    'iu',
  ).test(lower);

function findNamed(text: string, table: Named[], type: Subject['type']): Subject[] {
  const out: Subject[] = [];
  const lower = text.toLowerCase();
  // Every pattern below needs one of the table's nouns: most messages mention none (decision 173).
  const mentioned = { en: mentionsAny(table, 'en', lower), ru: mentionsAny(table, 'ru', lower) };
  if (!mentioned.en && !mentioned.ru) return out;
  for (const e of table) {
    for (const lang of ['en', 'ru'] as const) {
      const body = alt(e, lang);
      if (!body || !mentioned[lang]) continue;
      const poss =
        lang === 'en'
          ? `(?:my|our|i have an?|i have|i also have an?|we also have an?|i ve got an?|ive got an?|i got an?|we got an?|we have an?|we ve got an?|i own an?|i adopted an?|we adopted an?|i rescued an?|have an?|a|an)(?:\\s+(?:little|cute|old|young|new|older|younger|big|small|lovely|fluffy|crazy|baby|two|three))*`
          : `(?:мо[йяеюего]+|моему|моим|моей|моего|мою|наш[аеуиго]*|нашей|нашему|с|со|у меня есть|у меня|у нас есть|у нас|есть|взял[аи]?|завел[аи]?|купил[аи]?|подобрал[аи]?|забрал[аи]?)(?:\\s+(?:маленьк|рыж|черн|бел|стар|младш|старш|любим|пушист)[\\p{L}]*)*`;
      const re = cachedRe(`(?<![${L}])${poss}\\s+(${body})(?:s)?(?![${L}])([^.!?;]*)`, 'iu');
      const m = re.exec(lower);
      if (!m) continue;
      const tailStart = (m.index ?? 0) + m[0].length - (m[2]?.length ?? 0);
      const tail = text.slice(tailStart, tailStart + 60);
      const said = nameAfter(tail, lang);
      const name = said && lang === 'ru' ? nominativeName(said, m[1] ?? '') : said;
      out.push({ type, canon: e.canon, lang, ...(name ? { name } : {}) });
      break;
    }
  }
  if (!mentioned.ru) return out;
  // "мою маму зовут Ирина, а папу Олег": the second relative and a capitalised name, the verb left out.
  for (const e of table) {
    if (out.some((s) => s.canon === e.canon)) continue;
    const re = cachedRe(
      `(?:^|[\\s,.!])(?:а|и)\\s+(?:${e.ru})\\s+(?:зовут\\s+)?(\\p{Lu}[\\p{L}'-]{1,19})(?![${L}])`,
      'u',
    );
    const m = re.exec(text);
    const name = asName(m?.[1]);
    if (name) out.push({ type, canon: e.canon, lang: 'ru', name });
  }
  // The accusative "мою собаку зовут Рекс" / "сестру зовут Аня" puts the name after "зовут".
  for (const e of table) {
    if (out.some((s) => s.canon === e.canon)) continue;
    const re = cachedRe(
      `(?<![${L}])(?:${e.ru})\\s+(?:(?:мо|наш)[\\p{L}]*\\s+)?(?:зовут|звать)\\s+${NAME}`,
      'iu',
    );
    const m = re.exec(text);
    const name = asName(m?.[1]);
    if (name) out.push({ type, canon: e.canon, lang: 'ru', name });
  }
  return out;
}

/**
 * A Russian name said in apposition takes the case of its noun ("с сестрой Олей", "брату Артёму"):
 * back to the nominative for the instrumental and the masculine dative, the cases that can be told apart.
 */
function nominativeName(name: string, noun: string): string {
  const n = noun.toLowerCase();
  if (/(?:ой|ей|ою|ею)$/u.test(n)) {
    if (/ой$/u.test(name)) return `${name.slice(0, -2)}а`;
    if (/[шжчщц]ей$/u.test(name)) return `${name.slice(0, -2)}а`;
    if (/ей$/u.test(name)) return `${name.slice(0, -2)}я`;
  }
  if (/(?:ом|ем)$/u.test(n)) {
    if (/ом$/u.test(name)) return name.slice(0, -2);
    if (/ем$/u.test(name)) return `${name.slice(0, -2)}й`;
  }
  if (/у$/u.test(n) && /[бвгджзклмнпрстфхцчшщ]у$/u.test(name)) return name.slice(0, -1);
  return name;
}

/** The name that follows a pet or a relative: "'s name is Rex", " called Luna", ", его зовут Барсик", " Anna". */
function nameAfter(tail: string, lang: 'en' | 'ru'): string | undefined {
  const said =
    lang === 'en'
      ? cachedRe(
          `^\\s*(?:s|'s)?\\s*(?:,\\s*)?(?:whose name is|name is|names|is called|is named|called|named|,?\\s*(?:he|she|it) is called|,?\\s*(?:his|her|its) name is|goes by)\\s+${NAME}`,
          'iu',
        )
      : cachedRe(
          `^\\s*[,—-]?\\s*(?:по имени|по кличке|кличка|которую зовут|которого зовут|его зовут|ее зовут|её зовут|зовут|звать|—|-)\\s*${NAME}`,
          'iu',
        );
  const m = said.exec(tail);
  if (m?.[1]) return asName(m[1]);
  // "my best friend is Ravi", "our dog is Rocky": a capitalised name after "is" that ends the clause.
  const isName =
    lang === 'en'
      ? /^\s*(?:is|s)\s+(\p{Lu}[\p{L}'-]{1,19})(?=\s*(?:$|[.,!;]|\s(?:and|but|by the way|btw)\b))/u.exec(tail)
      : /^\s*(?:это|—|-)\s*(\p{Lu}[\p{L}'-]{1,19})(?![\p{L}])/u.exec(tail);
  if (isName?.[1]) return asName(isName[1]);
  // A bare capitalised name right after the word: "my sister Anna", "кот Барсик".
  const bare = /^\s*,?\s*(\p{Lu}[\p{L}'-]{1,19})(?![\p{L}])/u.exec(tail);
  return asName(bare?.[1]);
}

/** "His name is Kiwi", "she's called Luna", "её зовут Мурка": a name for whoever was just mentioned. */
export function pronounName(raw: string): string | undefined {
  const text = softNormalize(raw);
  const m =
    cachedRe(
      `(?:^|[\\s,.!])(?:(?:his|her|its|their) name(?: is|s| s)|(?:he|she|it)(?: is|s| s)? (?:called|named)|(?:he|she|it) goes by|(?:we|i|they) (?:call|called|named) (?:him|her|it))\\s+${NAME}`,
      'iu',
    ).exec(text) ??
    cachedRe(
      `(?:^|[\\s,.!])(?:(?:а )?(?:его|ее|её|их) (?:зовут|звать|кличут)|зовут (?:его|ее|её)|кличка|по кличке|(?:я|мы) назвал[аи]? (?:его|ее|её)|(?:его|ее|её) имя|имя (?:у него|у нее|у неё))\\s*[—:-]?\\s*${NAME}`,
      'iu',
    ).exec(text);
  return asName(m?.[1]);
}

export type ProfileFacts = {
  subjects: Subject[];
  dislike?: { v: string; lang: 'en' | 'ru' };
  fav?: { v: string; canon: string; lang: 'en' | 'ru' };
  birthday?: { v: string; lang: 'en' | 'ru' };
  event?: { v: string; when: string; lang: 'en' | 'ru' };
  study?: { v: string; lang: 'en' | 'ru'; kind: string };
};

const WHEN_EN =
  '(?:today|tonight|tomorrow|the day after tomorrow|this (?:week|weekend|month|year|friday|monday|tuesday|wednesday|thursday|saturday|sunday|evening|morning)|next (?:week|weekend|month|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday|summer|winter|spring|autumn|fall|january|february|march|april|may|june|july|august|september|october|november|december)|on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|in (?:\\d+ (?:days|weeks|months)|a (?:week|month)|january|february|march|april|may|june|july|august|september|october|november|december)|on (?:the )?\\d{1,2}(?:st|nd|rd|th)?(?: of)? ?(?:january|february|march|april|may|june|july|august|september|october|november|december)?|(?:january|february|march|april|may|june|july|august|september|october|november|december) \\d{1,2}(?:st|nd|rd|th)?|monday|tuesday|wednesday|thursday|friday|saturday|sunday)';
const MONTHS_RU =
  'января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря|январе|феврале|марте|апреле|мае|июне|июле|августе|сентябре|октябре|ноябре|декабре';
const WHEN_RU = `(?:сегодня|завтра|послезавтра|на этой неделе|на следующей неделе|на выходных|в эти выходные|в следующем месяце|в следующем году|через (?:\\d+|неделю|месяц|две недели|пару дней)(?: (?:дней|дня|недель|недели|месяцев|месяца))?|в (?:понедельник|вторник|среду|четверг|пятницу|субботу|воскресенье)|(?:\\d{1,2} )?(?:${MONTHS_RU})|летом|зимой|весной|осенью)`;

function cut(s: string, max = 5): string {
  const stopAt = s.search(/[.,!?;:()]|\s(?:and|but|because|so|и|а|но|потому)\s/iu);
  const head = (stopAt >= 0 ? s.slice(0, stopAt) : s).trim().split(/\s+/).slice(0, max);
  while (
    head.length > 1 &&
    /^(the|a|an|at|in|on|of|for|to|with|в|на|с|у|к|по|и|для|из)$/iu.test(head[head.length - 1]!)
  )
    head.pop();
  return head.join(' ');
}

/** Reads the richer facts: pets, family, favourites, dislikes, birthday, events, study. */
export function extractProfile(raw: string): ProfileFacts {
  const text = softNormalize(raw);
  const lower = text.toLowerCase();
  const out: ProfileFacts = { subjects: [] };
  // Questions about the user are not facts ("what's my dog called?").
  if (/\?\s*$/.test(raw.trim())) return out;
  out.subjects.push(...findNamed(text, petWords, 'pet'), ...findNamed(text, familyWords, 'family'));

  // ---- favourites: "my favourite food is pizza", "моя любимая еда — пицца"
  // Each pattern below names a favourite ("favourite", "fave", "fav", "любимый"): skip them when none is said.
  for (const f of /fav|любим/u.test(lower) ? favouriteWords : []) {
    const en = cachedRe(
      `(?:^|[\\s,.!])my (?:all[- ]time )?(?:favou?rite|fave?|favs?) (?:${f.en})\\s+(?:is|are|has to be|would be|s)\\s+(.+)`,
      'iu',
    ).exec(lower);
    const ru = cachedRe(
      `(?:^|[\\s,.!])(?:мо[йяеи] )?любим(?:ый|ая|ое|ые) (?:${f.ru})\\s*(?:—|-|это|:)?\\s*(?:это\\s+)?(.+)`,
      'iu',
    ).exec(lower);
    // "coffee is my favourite drink", "кофе — мой любимый напиток"
    const enBack = cachedRe(
      `^(?:i think |probably |definitely )?([^.,!?;]{2,30}?)\\s+(?:is|are|s)\\s+(?:definitely |probably )?my (?:all[- ]time )?(?:favou?rite|fave?) (?:${f.en})(?![${L}])`,
      'iu',
    ).exec(lower);
    const ruBack = cachedRe(
      `^([^.,!?;—-]{2,30}?)\\s*(?:—|-|это)\\s*(?:мо[йяеи] )?любим(?:ый|ая|ое|ые) (?:${f.ru})(?![${L}])`,
      'iu',
    ).exec(lower);
    if (!en && !ru && (enBack ?? ruBack)?.[1]) {
      const v = cut((enBack ?? ruBack)![1]!, 4);
      if (v.length >= 2 && !isNotAnAnswer(v)) {
        out.fav = { v, canon: f.canon, lang: enBack ? 'en' : 'ru' };
        break;
      }
    }
    const m = en ?? ru;
    if (m?.[1]) {
      const v = cut(m[1], 4);
      if (v.length >= 2 && !isNotAnAnswer(v)) {
        out.fav = { v: en ? flipPronounsEn(v) : flipPronounsRu(v), canon: f.canon, lang: en ? 'en' : 'ru' };
        break;
      }
    }
  }

  // ---- dislikes
  const disEn =
    /(?:^|[\s,.!])i\s+(?:really\s+|totally\s+|just\s+)?(?:hate|dislike|can not stand|cant stand|can't stand|do not like|dont like|don't like|detest|loathe)\s+(.+)/iu.exec(
      lower,
    ) ??
    /(?:^|[\s,.!])(?:i am|im|i m)\s+(?:really\s+|just\s+)?not\s+(?:a (?:big )?fan of|into|big on|keen on|fond of)\s+(.+)/iu.exec(
      lower,
    );
  const disRu =
    /(?:^|[\s,.!])(?:я\s+)?(?:очень\s+|просто\s+)?(?:ненавижу|терпеть не могу|не люблю|не переношу|не выношу|не перевариваю|не фанат|не в восторге от)\s+(.+)/iu.exec(
      lower,
    );
  const disRuSubj =
    /(?:^|[\s,.!])меня\s+(?:очень\s+|жутко\s+|просто\s+)?(?:бесит|бесят|раздражает|раздражают|злит|злят|достал[аи]?|достает|достают)\s+(.+)/iu.exec(
      lower,
    );
  const dis = disEn ?? disRu ?? disRuSubj;
  if (dis?.[1] && !/^(you|it|that|this|тебя|тебе|это|когда)(?![\p{L}])/u.test(dis[1])) {
    const v = cut(dis[1], 4);
    if (v.length >= 3)
      out.dislike = { v: disEn ? flipPronounsEn(v) : flipPronounsRu(v), lang: disEn ? 'en' : 'ru' };
  }

  // ---- birthday
  const bdEn =
    /(?:my birthday is|my bday is|my birthday s|my birthdays|my bdays|my bday s|my birthday falls|i was born on|i was born in|birthday is on|my birthday falls on)\s+((?:on |in )?(?:the )?[\p{L}\d ]{3,24})/iu.exec(
      lower,
    );
  const bdRu =
    /(?:мой день рождения|у меня день рождения|день рождения у меня|мой др|у меня др|я родился|я родилась)\s*(?:—|-|это)?\s*((?:\d{1,2}\s+)?(?:в\s+)?[\p{L}\d ]{3,24})/iu.exec(
      lower,
    );
  if (bdEn?.[1]) {
    const v = cut(bdEn[1].replace(/^(on|in) (the )?/, ''), 4);
    if (/\d|january|february|march|april|may|june|july|august|september|october|november|december/.test(v))
      out.birthday = { v, lang: 'en' };
  } else if (bdRu?.[1]) {
    const v = cut(bdRu[1], 3);
    if (
      cachedRe(
        `\\d|${MONTHS_RU}|январ|феврал|март|апрел|май|июн|июл|август|сентябр|октябр|ноябр|декабр`,
      ).test(v)
    )
      out.birthday = { v, lang: 'ru' };
  }

  // ---- dated events: "I have an exam on Friday", "у меня экзамен в пятницу"
  const evRe = cachedRe(`(?<![${L}])(?:my |an? |the )?(${words.events.en})(?![${L}])`, 'iu');
  const evRu = cachedRe(`(?<![${L}])(${words.events.ru})(?![${L}])`, 'iu');
  const whenEn = cachedRe(`(?<![${L}])${WHEN_EN}(?![${L}])`, 'iu').exec(lower);
  const whenRu = cachedRe(`(?<![${L}])${WHEN_RU}(?![${L}])`, 'iu').exec(lower);
  const evE = evRe.exec(lower);
  const evR = evRu.exec(lower);
  // Someone else's event ("her wedding is in June") is not the user's.
  const otherEn = /(?:^|\s)(?:he|she|they|his|her|their|hes|shes)(?:\s|$)/.test(lower);
  const otherRu = /(?<![\p{L}])(?:он|она|они|его|ее|их)(?![\p{L}])/u.test(lower);
  if (evE?.[1] && whenEn && !otherEn) out.event = { v: evE[1], when: whenEn[0], lang: 'en' };
  else if (evR?.[1] && whenRu && !otherRu) out.event = { v: evR[1], when: whenRu[0], lang: 'ru' };

  // ---- study
  const stEn =
    /(?:^|[\s,.!])(?:i study|i am studying|im studying|i m studying|i major in|i am majoring in|im majoring in|i am a student of|im a student of|i am a student at|im a student at|i go to|i attend)\s+(.+)/iu.exec(
      lower,
    );
  const stRu = /(?:^|[\s,.!])(?:я учусь|учусь|я студент(?:ка)?|я изучаю|изучаю)\s+(.+)/iu.exec(lower);
  const stEnStudent =
    /(?:^|[\s,.!])(?:i am|im|i m)\s+an?\s+(?:(?:first|second|third|fourth|final|last|1st|2nd|3rd|4th)[- ]year\s+)?((?:[a-z]+\s+){0,2}?[a-z]+)\s+(?:student|major)(?![\p{L}])/iu.exec(
      lower,
    );
  if (
    !stEn?.[1] &&
    stEnStudent?.[1] &&
    !/^(?:good|bad|poor|lazy|former|ex|full time|part time|new|young|old|mature|exchange|international|top|average|broke|tired)$/.test(
      stEnStudent[1],
    )
  ) {
    out.study = { v: stEnStudent[1], lang: 'en', kind: 'en' };
  } else if (stEn?.[1]) {
    const v = cut(stEn[1], 5);
    if (
      v.length >= 3 &&
      !/^(to|hard|a lot|much|every|for|all|late|again|now|tonight|today|so|really|with)(?:\s|$)/.test(v)
    )
      out.study = { v, lang: 'en', kind: 'en' };
  } else if (stRu?.[1]) {
    const v = cut(stRu[1], 4);
    if (v.length >= 3 && !/^(хорошо|плохо|много|тоже)/u.test(v)) out.study = { v, lang: 'ru', kind: 'ru' };
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Questions about the user

export type RecallSlot =
  | 'name'
  | 'age'
  | 'city'
  | 'job'
  | 'study'
  | 'pet'
  | 'family'
  | 'like'
  | 'fav'
  | 'dislike'
  | 'birthday'
  | 'event'
  | 'plan'
  | 'all';

export type RecallQuestion = { slot: RecallSlot; canon?: string };

/** "what pets do I have", "какие животные у меня": asks which pets, not one pet's name. */
const PETS_KIND_RE =
  /(?:what kind of|what|which|какой|какая|какие|кто|кого)\s+(?:pets?|animals?|питом|животн)/iu;
const MEMORY_CUE_EN =
  /(?<![\p{L}])(?:do you (?:still )?(?:remember|know|recall)|you remember|remember|can you (?:remember|recall|tell me)|did i (?:tell|mention)|what did i (?:say|tell you)|have you forgotten|did you forget|you forgot|remind me|tell me)(?![\p{L}])/iu;
const MEMORY_CUE_RU =
  /(?<![\p{L}])(?:помнишь|ты помнишь|не помнишь|запомнила|запомнил|не забыла|забыла|знаешь ли ты|а ты знаешь|ты знаешь|я говорил|я говорила|я рассказывал|я рассказывала|напомни|скажи)(?![\p{L}])/iu;
const FIRST_PERSON_EN = /(?<![\p{L}])(?:my|me|i|im|mine|am i|do i|our)(?![\p{L}])/iu;
const FIRST_PERSON_RU =
  /(?<![\p{L}])(?:у нас|нас|мы|мой|моя|мое|моё|мои|моего|мою|моей|моих|меня|мне|я|у меня|наш[\p{L}]*)(?![\p{L}])/iu;

/** Reads "what's my dog called?", "do you remember where I work?", "как зовут мою собаку?". */
export function recallQuestion(raw: string): RecallQuestion | null {
  const text = softNormalize(raw).toLowerCase().replace(/\s+/g, ' ').trim();
  const asks =
    /\?/.test(raw) ||
    MEMORY_CUE_EN.test(text) ||
    MEMORY_CUE_RU.test(text) ||
    /^(?:what|who|where|when|how|как|где|кем|что|когда|откуда|сколько|какой|какая|какие|кто)\b/u.test(text);
  if (!asks) return null;
  const cue = MEMORY_CUE_EN.test(text) || MEMORY_CUE_RU.test(text);
  const en = FIRST_PERSON_EN.test(text);
  const ru = FIRST_PERSON_RU.test(text);
  const namesSomeone = /(?:как (?:зовут|звать)|кличка|what s the|whats the|what is the)\s/iu.test(text);
  if (!en && !ru && !namesSomeone) return null;
  // Not about the user: "what's your name", "how do I look" and the like are handled elsewhere.
  const t = ` ${text.replace(/[?!.,]/g, ' ').replace(/\s+/g, ' ')} `;
  const has = (re: RegExp): boolean => re.test(t);

  // Pets and family first: "what's my dog's name", "как зовут моего кота". Each pattern below needs
  // one of the table's nouns, so a question naming none skips the table's loop (decision 186).
  const asksWhichPets = PETS_KIND_RE.test(t) && /(?:do i have|i have|have i got|у меня)/iu.test(t);
  for (const [table, slot] of [
    [petWords, 'pet'],
    [familyWords, 'family'],
  ] as const) {
    const pets = slot === 'pet' && asksWhichPets;
    if (!mentionsAny(table, 'en', t) && !mentionsAny(table, 'ru', t)) {
      if (pets) return { slot: 'pet' };
      continue;
    }
    for (const e of table) {
      const body = [e.en, e.ru].filter(Boolean).join('|');
      const re = cachedRe(
        `(?<![${L}])(?:my|our|мо[йяеюего]+|моей|моего|мою|моих|наш[\\p{L}]*|у меня|у нас)\\s+(?:[\\p{L}]+\\s+)?(?:${body})(?:s|'s)?(?![${L}])`,
        'iu',
      );
      if (re.test(t)) return { slot, canon: e.canon };
      // "как зовут собаку?", "what's the dog called?" (not "как зовут твою собаку?").
      const bare = cachedRe(
        `(?:как (?:зовут|звать)|кличка|имя|what s the|whats the|what is the)\\s+(?:[\\p{L}]+\\s+)?(?:${body})(?:s)?(?![${L}])`,
        'iu',
      );
      if (bare.test(t) && !/(?<![\p{L}])(?:тво|ваш|your|her)[\p{L}]*/iu.test(t))
        return { slot, canon: e.canon };
      if (pets) return { slot: 'pet' };
    }
  }
  if (
    has(
      / (?:what|which|какие|какой|кто) (?:pets?|animals?|питомцы|питомец|животные|животное)| какой у меня питомец | какие у меня (?:питомцы|животные) | кто у меня живет /iu,
    ) ||
    has(/ my pets? /)
  )
    return { slot: 'pet' };
  if (
    has(/ (?:my|мой|моя|мое|моё|мои|у меня) (?:all time )?(?:favou?rite|fave?|favs|любим[\p{L}]+) /iu) ||
    has(/ любим[\p{L}]+ /u)
  ) {
    for (const f of favouriteWords) {
      if (cachedRe(`(?:favou?rite|fave?|favs|любим[\\p{L}]+) (?:${f.en}|${f.ru})(?![${L}])`, 'iu').test(t))
        return { slot: 'fav', canon: f.canon };
    }
    return { slot: 'fav' };
  }
  if (
    has(
      / my name | what am i called | who am i \s*$| how do you call me | what (?:do|did) (?:people|folks|friends|my friends|everyone|they|you|i tell you to) call me | what (?:do|did) i go by | what i go by | как меня (?:все |друзья |близкие )?(?:зовут|называют|звать|называть) | мое имя | моё имя | как меня звать | кто я (?:такой |такая )?\s*$/iu,
    )
  )
    return { slot: 'name' };
  if (
    has(
      / how old am i | how old i am | my age | what age am i | what age i am | сколько мне лет | мой возраст | сколько мне | у меня возраст /iu,
    ) ||
    (has(/ how old /) && has(/ (?:i|me|my|im) /) && !has(/ (?:you|u|your|youre) /))
  )
    return { slot: 'age' };
  if (
    has(
      / my birthday | my bday | when (?:was|am) i born | день рождения | мой др | у меня др | когда я родил/iu,
    )
  )
    return { slot: 'birthday' };
  if (
    has(
      / where (?:do|did) i (?:live|come from|grow up|move|relocate|settle) | where was i (?:born|raised) | где я (?:родился|родилась|вырос|выросла) | where have i moved | where am i (?:from|living|based) | where (?:i am|im|i m) from | where i (?:live|am from|come from|grew up) | в каком я городе | в каком городе я живу | my (?:city|town|hometown|country) | what city | which city | где я живу | где живу | откуда я | я откуда | мой город | в каком городе я | из какого я города | куда я переехал/iu,
    )
  )
    return { slot: 'city' };
  if (
    has(
      / what do i study | what i study | what did i study | where i study | where do i study | my (?:studies|major|university|uni|college|school) | what am i studying | где я учусь | на кого я учусь | что я изучаю | где учусь | мой универ/iu,
    )
  )
    return { slot: 'study' };
  if (
    has(
      / where (?:do|did) i work | what do i do (?:for (?:a )?(?:living|work))? | what do i teach | how do i (?:make|earn) (?:a |my )?(?:living|money) | what do i do for money | как я зарабатываю | что я преподаю | what i do | my (?:job|work|profession|occupation) | какая у меня (?:профессия|работа) | what is my job | what i do for (?:a )?living | where i work | what i do for work | где я работаю | кем я работаю | моя работа | моя профессия | мою работу | мою профессию | о моей работе | кто я по профессии | чем я занимаюсь | где работаю | кем работаю /iu,
    )
  )
    return { slot: 'job' };
  if (
    has(
      / (?:what|who) do i (?:hate|dislike|not like) | what (?:do not|dont|don't) i like | what i (?:hate|dislike|do not like|dont like|can not stand|cant stand) | what can i not stand | what (?:can not|cant) i stand | что я (?:ненавижу|не люблю|терпеть не могу) | чего я не люблю /iu,
    ) ||
    has(
      / what (?:kind of |sort of )?(?:[a-z]+ )?(?:do|did) i (?:hate|dislike|loathe|not like) | what (?:[a-z]+ )?(?:can not|cant|can t) i stand | what i (?:can not|cant|can t) stand | what am i not (?:a fan of|into|big on) | what i am not (?:a fan of|into) | что меня (?:бесит|раздражает|злит) | (?:что|какую|какой|какие|какое|кого|чего) (?:[\p{L}]+ )?я (?:ненавижу|не люблю|не переношу|терпеть не могу|не перевариваю|не выношу) /iu,
    )
  )
    return { slot: 'dislike' };
  if (
    has(
      / what do i (?:like|love|enjoy|adore) | what i (?:like|love|enjoy) | what am i into | what i am into | what im into | my (?:hobby|hobbies|interests) | что я люблю | что мне нравится | что я обожаю | чем я увлекаюсь | мое хобби | моё хобби | мои увлечения /iu,
    ) ||
    has(
      / what (?:kind of |sort of |type of )?(?:[a-z]+ )?(?:do|did) i (?:like|love|enjoy|adore|listen to|watch|play|eat|read|prefer|drink) | what (?:kind of |sort of )?(?:[a-z]+ )?am i (?:into|crazy about|obsessed with|a fan of|mad about) | (?:какую|какой|какие|какое|что|кого) (?:[\p{L}]+ )?(?:я )?(?:люблю|обожаю|слушаю|смотрю|читаю|предпочитаю)(?: я)? | чем я (?:увлекаюсь|увлечен|увлечена|занимаюсь в свободное время) | на ч[её]м я помешан[аы]? | от чего я фанатею /iu,
    )
  )
    return { slot: 'like' };
  if (
    cachedRe(`(?:${words.events.en}|${words.events.ru})`, 'iu').test(t) &&
    (cue || has(/ when | whens | when s | когда | what day /iu))
  )
    return { slot: 'event' };
  if (
    has(
      / my plans? | what am i (?:doing|going to do|planning) | (?:what|where) (?:do|did) i (?:want|plan|hope|dream|wish|intend|mean) to | what am i (?:thinking of|thinking about|hoping to|dreaming of|planning to) [a-z]+ | (?:что|куда|чему|чем|где|кем|кого) я (?:хочу|хотел|хотела|мечтаю|планирую|собираюсь|думаю|собирался|собиралась|мечтал|мечтала) | where am i (?:going|flying|travell?ing|heading|driving|moving|off to) | what am i (?:going to|gonna) [a-z]+ | what (?:do|did) i (?:plan|want) to | куда я (?:лечу|еду|поеду|полечу|собираюсь|иду|пойду|хочу|уезжаю|улетаю|отправляюсь) | что я (?:делаю|буду делать) (?:в|на|во|завтра|сегодня|вечером) | что я (?:собираюсь|планирую|хочу) | что у меня (?:в|во|на) | what (?:will|do) i (?:do|have) (?:this|next|tomorrow|on) | what i (?:am going|plan|was going) to do | какие у меня планы | мои планы | что я (?:буду|собираюсь|планирую|хотел|хотела) | что у меня (?:завтра|на выходных) | куда я собираюсь /iu,
    )
  )
    return { slot: 'plan' };
  if (
    has(
      / (?:what|anything) (?:do you|you) (?:remember|know) about me | what do you know about me | tell me what you know about me | что ты (?:обо мне|про меня) (?:знаешь|помнишь) | что ты знаешь обо мне | что ты помнишь обо мне | что ты про меня помнишь /iu,
    )
  )
    return { slot: 'all' };
  if (cue && (en || ru)) {
    // "do you remember what I told you?" with no clear topic.
    if (has(/ what i (?:told|said) | что я (?:говорил|говорила|рассказывал|рассказывала) | о чем я /iu))
      return { slot: 'all' };
  }
  return null;
}

/** Russian month names for a birthday read from digits are kept as said; nothing to convert here. */
export function titleName(s: string): string {
  return capitalize(s);
}
