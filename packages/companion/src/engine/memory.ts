import { z } from 'zod';
import type { ChatMemory } from './brain.ts';
import { isNotAnAnswer } from './profile.ts';
import {
  capitalize,
  EN_ING_BASE,
  flipPronounsEn,
  flipPronounsRu,
  numbersToDigits,
  RU_FUTURE_INF,
  secondPersonRu,
  softNormalize,
  titleCase,
} from './text.ts';

/*
 * The built-in engine's long-term memory of one chat: what the user told about themselves and what she
 * said recently (so she never repeats herself). Stored by the chat service as opaque JSON.
 */

const lang = z.enum(['en', 'ru']);

/**
 * One thing the user told. `kind` says how the words can be reused:
 * city: en | prep ("в Москве") | gen ("из Москвы") | nom;
 * job: role ("a baker") | at ("at the bakery", "в пекарне") | instr ("программистом") | nom ("программист");
 * like: love (follows "love"/"любишь") | nom ("тебе нравится ...");
 * pet: m | f (Russian gender of the animal word), `name` is the pet's name.
 */
const Fact = z.object({
  v: z.string().max(80),
  lang,
  kind: z.string().max(12).optional(),
  name: z.string().max(40).optional(),
  /** When it happens (events, plans): "on Friday", "в пятницу". */
  when: z.string().max(40).optional(),
  /** The canonical kind of a pet, relative or favourite ("dog", "sister", "food"). */
  canon: z.string().max(24).optional(),
  turn: z.number().int(),
});
export type Fact = z.infer<typeof Fact>;

export const factKeys = ['city', 'job', 'like', 'plan', 'pet', 'age'] as const;
export type FactKey = (typeof factKeys)[number];

const BrainMemorySchema = z.object({
  v: z.literal(1),
  turn: z.number().int().min(0),
  /** The name the user told her (wins over the profile name). */
  name: z.string().max(40).optional(),
  facts: z.object({
    city: Fact.optional(),
    job: Fact.optional(),
    age: Fact.optional(),
    like: z.array(Fact).max(6),
    plan: z.array(Fact).max(4),
    pet: z.array(Fact).max(5),
    study: Fact.optional(),
    birthday: Fact.optional(),
    dislike: z.array(Fact).max(6).default([]),
    family: z.array(Fact).max(8).default([]),
    fav: z.array(Fact).max(8).default([]),
    event: z.array(Fact).max(6).default([]),
  }),
  /** The pet or relative the user mentioned last, so that "his name is Kiwi" names the right one. */
  subject: z
    .object({ key: z.enum(['pet', 'family']), i: z.number().int(), turn: z.number().int() })
    .optional(),
  /** Turn of the last grief or bad news, so that she keeps the small talk away for a while. */
  grief: z.number().int().optional(),
  /** Fingerprints of her recent replies, newest last. */
  recent: z.array(z.string()).max(40),
  /** Keys of recently used phrase parts, newest last (to rotate wording). */
  parts: z.array(z.string()).max(60),
  /** Fact id → turn she last brought it up. */
  recalled: z.record(z.string(), z.number().int()),
  /** What she asked the user about → turn. */
  asked: z.record(z.string(), z.number().int()),
  /** Her own topics the user asked about → turn (to notice repeated questions). */
  herTopics: z.record(z.string(), z.number().int()),
  /** What she asked at the end of her last message, to read a bare answer ("Alex") correctly. */
  awaiting: z.string().max(12).optional(),
  /** The last topic of conversation, for "and you?". */
  topic: z.string().max(16).optional(),
  lastIntent: z.string().max(24).optional(),
  /** Turns at which the user was rude. */
  insults: z.array(z.number().int()).max(10),
  /** Index of the hobby she talks about next. */
  hobby: z.number().int().min(0),
});
export type BrainMemory = z.infer<typeof BrainMemorySchema>;

export function emptyMemory(): BrainMemory {
  return {
    v: 1,
    turn: 0,
    facts: { like: [], plan: [], pet: [], dislike: [], family: [], fav: [], event: [] },
    recent: [],
    parts: [],
    recalled: {},
    asked: {},
    herTopics: {},
    insults: [],
    hobby: 0,
  };
}

/** Reads the stored memory; anything unreadable (another engine's, an old shape) starts fresh. */
export function loadMemory(raw: ChatMemory): BrainMemory {
  const parsed = BrainMemorySchema.safeParse(raw);
  return parsed.success ? structuredClone(parsed.data) : emptyMemory();
}

export function saveMemory(m: BrainMemory): ChatMemory {
  const keepRecord = (r: Record<string, number>, minTurn: number): Record<string, number> =>
    Object.fromEntries(Object.entries(r).filter(([, t]) => t >= minTurn));
  const out: BrainMemory = {
    ...m,
    recent: m.recent.slice(-40),
    parts: m.parts.slice(-60),
    insults: m.insults.slice(-10),
    recalled: keepRecord(m.recalled, m.turn - 60),
    asked: keepRecord(m.asked, m.turn - 80),
    herTopics: keepRecord(m.herTopics, m.turn - 40),
  };
  return out;
}

// ---------------------------------------------------------------------------------------------
// Extraction

export type ExtractedFacts = {
  name?: string;
  city?: Omit<Fact, 'turn'>;
  job?: Omit<Fact, 'turn'>;
  like?: Omit<Fact, 'turn'>;
  plan?: Omit<Fact, 'turn'>;
  pet?: Omit<Fact, 'turn'>;
  age?: Omit<Fact, 'turn'>;
};

const NAME_STOP = new Set([
  // en
  'a',
  'an',
  'the',
  'not',
  'so',
  'very',
  'just',
  'here',
  'back',
  'home',
  'fine',
  'good',
  'ok',
  'okay',
  'great',
  'tired',
  'bored',
  'sad',
  'happy',
  'sorry',
  'from',
  'in',
  'at',
  'going',
  'working',
  'married',
  'single',
  'alone',
  'busy',
  'sure',
  'glad',
  'new',
  'well',
  'also',
  'still',
  'too',
  'really',
  'kinda',
  'pretty',
  'sick',
  'ill',
  'hungry',
  'sleepy',
  'done',
  'ready',
  'late',
  'online',
  'free',
  'serious',
  'joking',
  'kidding',
  'hmm',
  'hm',
  'um',
  'uh',
  'idk',
  'dunno',
  'maybe',
  'whatever',
  'nothing',
  'secret',
  'nobody',
  'human',
  'real',
  'your',
  'you',
  'yours',
  'excited',
  'lonely',
  'fan',
  'always',
  'feeling',
  'doing',
  'thinking',
  'looking',
  'trying',
  'about',
  'into',
  'on',
  'off',
  'out',
  'up',
  'down',
  'there',
  'hi',
  'hey',
  'hello',
  'hiya',
  'yo',
  'yes',
  'no',
  'yeah',
  'nope',
  'lol',
  'haha',
  'thanks',
  'what',
  'why',
  'who',
  'how',
  'bye',
  'привет',
  'здравствуй',
  'хай',
  'да',
  'нет',
  'ага',
  'ок',
  'спасибо',
  'что',
  'почему',
  'кто',
  'как',
  'пока',
  'лол',
  // ru
  'не',
  'очень',
  'просто',
  'тут',
  'здесь',
  'дома',
  'из',
  'в',
  'на',
  'с',
  'у',
  'рад',
  'рада',
  'устал',
  'устала',
  'занят',
  'занята',
  'тоже',
  'уже',
  'еще',
  'сейчас',
  'так',
  'тот',
  'та',
  'такой',
  'такая',
  'один',
  'одна',
  'думаю',
  'хочу',
  'люблю',
  'работаю',
  'живу',
  'был',
  'была',
  'буду',
  'могу',
  'знаю',
  'сам',
  'сама',
  'ты',
  'твой',
  'твоя',
  'свободен',
  'свободна',
  'счастлив',
  'счастлива',
  'готов',
  'готова',
  'болею',
  'скучаю',
  'человек',
  'бот',
  'норм',
  'нормально',
  'хорошо',
  'плохо',
  'иду',
  'сплю',
]);

const NAME_WORD = "([\\p{L}][\\p{L}'-]{1,19})";
const PHRASE_END =
  /\s*(?:[.,!?;:()]|\s(?:and|but|because|so|though|which|who|и|а|но|потому|поэтому|так как|что|который|которая)\s).*$/iu;

const FUTURE_EN =
  /(?<![\p{L}])(?:tomorrow|tonight|later|soon|this (?:week|weekend|month|year|summer|winter|evening|friday|saturday|sunday|monday|tuesday|wednesday|thursday)|next (?:week|weekend|month|year|summer|winter|spring|autumn|fall|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|the weekend)|in (?:january|february|march|april|may|june|july|august|september|october|november|december|\d+ (?:days|weeks|months)|a (?:week|month))|for the (?:weekend|holidays))(?![\p{L}])/iu;
const FUTURE_RU =
  /(?<![\p{L}])(?:завтра|послезавтра|сегодня вечером|вечером|скоро|на (?:этой|следующей) неделе|на выходных|в выходные|в (?:этом|следующем) (?:месяце|году)|в (?:понедельник|вторник|среду|четверг|пятницу|субботу|воскресенье)|в (?:январе|феврале|марте|апреле|мае|июне|июле|августе|сентябре|октябре|ноябре|декабре)|летом|зимой|весной|осенью|через (?:неделю|месяц|пару дней|\d+))(?![\p{L}])/iu;

/** "learning" → "learn", "getting" → "get", "making" → "make". */
function ingToBase(w: string): string {
  if (EN_ING_BASE[w]) return EN_ING_BASE[w];
  const stem = w.slice(0, -3);
  if (/([bdgmnprt])\1$/.test(stem)) return stem.slice(0, -1);
  if (
    /(?:at|iz|ik|ak|iv|ov|ur|ar|in|id|it|ot|rit|ag|ad)$/.test(stem) &&
    !/(?:ain|een|oin|ean|eat|oot)$/.test(stem)
  )
    return `${stem}e`;
  return stem;
}

const TIME_TAIL =
  /\s+(?:tomorrow|today|tonight|later|soon|this (?:weekend|week|month|year|summer)|next (?:week|weekend|month|year|summer|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|on (?:the weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|in (?:the morning|the evening|january|february|march|april|may|june|july|august|september|october|november|december)|at night|завтра|сегодня|вечером|утром|на выходных|в выходные|потом|скоро|на (?:этой|следующей) неделе|в следующем (?:месяце|году)|в (?:понедельник|вторник|среду|четверг|пятницу|субботу|воскресенье))$/iu;

function stripTime(s: string): string {
  let t = s;
  for (let i = 0; i < 3 && TIME_TAIL.test(t); i++) t = t.replace(TIME_TAIL, '');
  return t;
}

function cleanPhrase(s: string, maxWords = 5): string {
  const cut = s.replace(PHRASE_END, '').trim();
  const words = cut.split(/\s+/).slice(0, maxWords);
  // Never end on a dangling article or preposition ("a nurse at the", "учительницей в").
  while (
    words.length > 1 &&
    /^(the|a|an|at|in|on|of|for|to|with|from|by|my|your|в|во|на|с|со|у|к|по|и|для|из|от|за|мой|моя)$/iu.test(
      words[words.length - 1]!,
    )
  )
    words.pop();
  return words
    .join(' ')
    .replace(/[.,!?;:]+$/, '')
    .trim();
}

function validName(w: string): boolean {
  const lower = w.toLowerCase();
  return w.length >= 2 && w.length <= 20 && !NAME_STOP.has(lower) && /^[\p{L}][\p{L}'-]+$/u.test(w);
}

const EN_JOBS =
  'developer|programmer|engineer|teacher|doctor|nurse|student|designer|manager|driver|chef|cook|baker|lawyer|accountant|artist|musician|writer|nurse|soldier|pilot|mechanic|electrician|plumber|builder|farmer|waiter|waitress|bartender|barista|cashier|firefighter|policeman|police officer|cop|scientist|researcher|photographer|journalist|architect|dentist|vet|veterinarian|salesman|consultant|analyst|marketer|trader|banker|freelancer|entrepreneur|businessman|student|sailor|fisherman|carpenter|courier|coder|software engineer|web developer|data scientist|it specialist|gamer|streamer|tattoo artist|hairdresser|barber|paramedic|surgeon|pharmacist|therapist|psychologist|professor|lecturer|tutor|security guard|guard|trucker|truck driver|taxi driver|miner|welder|painter|actor|singer|dancer|model|coach|trainer|personal trainer|athlete|footballer';
const RU_JOBS_NOM =
  'программист|разработчик|инженер|учитель|учительница|врач|доктор|медсестра|медбрат|студент|студентка|дизайнер|менеджер|водитель|повар|пекарь|юрист|бухгалтер|художник|художница|музыкант|писатель|военный|пилот|механик|электрик|сантехник|строитель|фермер|официант|официантка|бармен|бариста|кассир|пожарный|полицейский|ученый|исследователь|фотограф|журналист|архитектор|стоматолог|ветеринар|продавец|консультант|аналитик|маркетолог|трейдер|банкир|фрилансер|предприниматель|бизнесмен|моряк|рыбак|плотник|курьер|айтишник|тестировщик|геймер|стример|парикмахер|барбер|фельдшер|хирург|фармацевт|психолог|преподаватель|профессор|репетитор|охранник|дальнобойщик|таксист|шахтер|сварщик|маляр|актер|актриса|певец|певица|танцор|модель|тренер|спортсмен|футболист|сисадмин|директор|начальник|руководитель|слесарь|токарь|электромонтер|грузчик|кладовщик|логист|экономист|школьник|пенсионер';
const RU_JOBS_INSTR_END = /(?:ом|ем|ём|ой|ей|ицей|кой)$/u;

const PETS_EN =
  'dog|cat|puppy|kitten|parrot|hamster|rabbit|bunny|turtle|fish|snake|horse|ferret|guinea pig|lizard|bird|pup|kitty|doggo|pupper';
const PETS_RU: Record<string, 'm' | 'f'> = {
  кот: 'm',
  котик: 'm',
  кошка: 'f',
  кошечка: 'f',
  котенок: 'm',
  собака: 'f',
  собачка: 'f',
  пес: 'm',
  песик: 'm',
  щенок: 'm',
  попугай: 'm',
  хомяк: 'm',
  хомячок: 'm',
  кролик: 'm',
  черепаха: 'f',
  рыбки: 'f',
  змея: 'f',
  лошадь: 'f',
  конь: 'm',
  хорек: 'm',
  морская: 'f',
};

function article(noun: string): string {
  return /^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`;
}

/** Russian words that end a place/city phrase early ("в Москве уже пять лет" → "в Москве"). */
const RU_PLACE_STOP =
  /^(уже|давно|недавно|всю|с|со|лет|года|год|и|а|но|сейчас|теперь|пока|тоже|один|одна|вместе|работаю|живу)$/u;
const EN_PLACE_STOP =
  /^(now|right|for|since|with|and|but|currently|too|also|at|as|these|this|today|where|the)$/i;

function placeWords(rest: string, stop: RegExp, max: number): string {
  const out: string[] = [];
  for (const w of rest.split(/\s+/)) {
    const clean = w.replace(/[.,!?;:()"]+$/u, '');
    if (!clean || stop.test(clean)) break;
    out.push(clean);
    if (clean !== w) break;
    if (out.length >= max) break;
  }
  return out.join(' ');
}

const NAME_EN_1 = new RegExp(
  `(?:^(?:the )?names|(?:^|[\\s,.!])(?:my name is|my names|my name's|i am called|im called|call me|you can call me|(?:they|people|folks|everyone|everybody|all|my friends|friends) (?:usually |mostly |just )?call me|i go by|i usually go by))\\s+${NAME_WORD}`,
  'iu',
);
const NAME_EN_2 = new RegExp(
  `^(?:hi|hey|hello)?[\\s,!]*(?:i am|im|i m|its|it is|this is)\\s+${NAME_WORD}(?:[\\s.!]*$|\\s*,\\s*(?:nice|pleased|good|glad|from|i am|im|i live|\\d)\\b.*$|\\s+(?:and|by the way|btw|from)\\b.*$|\\s+here[\\s.!]*$)`,
  'iu',
);
const NAME_RU_1 = new RegExp(
  `(?:^|[\\s,.!])(?:меня зовут|мое имя|моё имя|зови меня|называй меня|можешь звать меня|меня звать|меня (?:все|друзья|обычно|все обычно) (?:зовут|называют)|(?:все|друзья|близкие|обычно все) (?:зовут|называют) меня|^зовут меня|^меня(?=\\s+[А-ЯЁ][\\p{L}-]+\\s+зовут))\\s+${NAME_WORD}`,
  'iu',
);
const NAME_RU_2 = new RegExp(
  `^(?:привет|приветик|хай)?[\\s,!]*(?:я|это)\\s+([А-ЯЁ][\\p{L}-]{1,19})(?:[\\s.!,)]*$|\\s*,\\s*(?:приятно|рад|рада|мне|из|живу|\\d)(?![\\p{L}]).*$|\\s+(?:и|кстати|из)\\s.*$)`,
  'u',
);
const JOB_EN_IAM = new RegExp(
  `(?:^|[\\s,.!])(?:i am|im|i m|i have been|ive been|i ve been|i was)\\s+(?:an?\\s+)((?:[\\p{L}-]+\\s+){0,2}?(?:${EN_JOBS})(?:\\s+(?:at|in|for)\\s+[^.,!?;]+)?)`,
  'iu',
);
/** "I teach maths at a school", "I drive a bus for a living": the job said as what one does. */
const JOB_EN_DOES =
  /(?:^|[\s,.!])i\s+(?:(?:teach|tutor|lecture)\s+[^.,!?;]+|drive\s+(?:a\s+|the\s+)?(?:bus|taxi|cab|truck|lorry|tram|train|ambulance|forklift|van|delivery van)(?![\p{L}])[^.,!?;]*|(?:drive|fix|repair|build|design|sell|write|cook|clean|program|code|run|manage|cut|paint|treat|deliver|translate)\s+[^.,!?;]+?\s+(?:for a living|for work|professionally|for money))/iu;
const JOB_RU_DOES =
  /(?:^|[\s,.!])(?:я\s+)?(?:преподаю|вожу (?:такси|автобус|грузовик|фуру|трамвай|поезд)|учу детей|ремонтирую машины|чиню машины|программирую|лечу людей|лечу животных)(?:\s+[^.,!?;]*)?/iu;
const JOB_RU_NOM = new RegExp(
  `(?:^|[\\s,.!])(?:я|я по профессии|по профессии|я работаю как|моя профессия|я у нас|я уже [\\p{L}\\s]{1,20}?)\\s*[—-]?\\s*((?:[\\p{L}]+(?:ый|ий|ой|ая|яя)\\s+){0,2}(?:${RU_JOBS_NOM})(?:-[\\p{L}]+)?(?:\\s+[\\p{L}]{3,}(?:ики|ии|ого|его|ской|ого языка|ры|ти))?)(?![\\p{L}])`,
  'iu',
);
const JOB_RU_BARE = new RegExp(`^(?:я\\s+)?(${RU_JOBS_NOM})$`, 'iu');
const JOB_RU_WORD = new RegExp(`^(?:${RU_JOBS_NOM})$`, 'u');
const RU_GO = new RegExp(
  `(?:^|[\\s,.!])(?:я\\s+|мы\\s+)?(${Object.keys(RU_FUTURE_INF).join('|')})\\s+((?:в|во|на|к|ко|за|домой|отдыхать|гулять)[^.!?;]*)`,
  'iu',
);
const JOB_EN_BARE = new RegExp(`^(?:i am |im )?(?:an? )?(${EN_JOBS})$`, 'i');
const PET_EN = new RegExp(
  `(?:^|[\\s,.!])(?:i have|i got|i own|i ve got|ive got|my)\\s+(?:an?\\s+|two\\s+|a little\\s+|a cute\\s+)?(${PETS_EN})s?(?:\\s+(?:named|called|whose name is|name is|is called|is named)\\s+${NAME_WORD})?`,
  'iu',
);
const PET_RU = new RegExp(
  `(?:^|[\\s,.!])(?:у меня есть|у меня|мой|моя|есть)\\s+(?:маленький\\s+|маленькая\\s+|рыжий\\s+|рыжая\\s+|черный\\s+|черная\\s+|белый\\s+|белая\\s+)?(${Object.keys(PETS_RU).join('|')})(?![\\p{L}])(?:[\\s,]+(?:по имени|по кличке|его зовут|ее зовут|зовут|кличка)\\s+${NAME_WORD})?`,
  'iu',
);

/** Pulls facts about the user out of one message, in English or Russian. */
export function extractFacts(raw: string): ExtractedFacts {
  const text = softNormalize(raw);
  const lower = text.toLowerCase();
  const out: ExtractedFacts = {};

  // ---- name
  const nameEn = NAME_EN_1.exec(text) ?? NAME_EN_2.exec(text);
  const nameRu = NAME_RU_1.exec(text) ?? NAME_RU_2.exec(text);
  const nameMatch = nameEn ?? nameRu;
  if (nameMatch?.[1]) {
    const n = nameMatch[1];
    // "I'm Alex" only counts when written with a capital letter (so "i'm tired" is not a name).
    const strict = nameMatch === nameEn && !/name|call/i.test(nameMatch[0]);
    if (validName(n) && (!strict || /^\p{Lu}/u.test(n))) out.name = capitalize(n.toLowerCase());
  }

  // ---- age
  const ageM =
    /(?:^|\s)(?:i am|im|i m|i'm)\s+(?:an?\s+)?(\d{2})(?:[\s-]*(?:years?|yrs?|y\.?o\.?)|\s*$|[\s,.!])/i.exec(
      numbersToDigits(lower),
    ) ??
    /(?:^|\s)мне\s+(?:уже\s+|почти\s+|скоро\s+|только что\s+|исполнилось\s+)?(\d{2})(?:\s*(?:год|года|лет)|\s*$|[\s,.!])/u.exec(
      numbersToDigits(lower),
    ) ??
    /(?:^|\s)(?:my age is|age)\s+(\d{2})/i.exec(lower) ??
    /(?:^|\s)(?:just |recently )?turned\s+(\d{2})(?![\d])/i.exec(lower) ??
    /(?:^|\s)(?:мне\s+)?(?:уже\s+)?исполнилось\s+(\d{2})(?![\d])/u.exec(lower);
  if (ageM?.[1]) {
    const n = Number(ageM[1]);
    if (n >= 18 && n <= 99) out.age = { v: String(n), lang: /[а-я]/u.test(ageM[0]) ? 'ru' : 'en' };
  }

  // ---- city (en)
  const cityEn =
    /(?:^|[\s,.!])(?:i live in|i am living in|im living in|i now live in|now i live in|i currently live in)\s+(.+)/i.exec(
      text,
    ) ??
    /(?:^|[\s,.!])(?:i live in|i am from|im from|i m from|i come from|im living in|i am living in|living in|i am based in|im based in|based in|i am in|im in|i moved to|i grew up in|born in|i relocated to|relocated to|i just moved to|i recently moved to|i settled in|i am staying in|im staying in|i reside in|born and raised in|raised in|i am originally from|im originally from|originally from|i was born in)\s+(.+)/i.exec(
      text,
    );
  if (cityEn?.[1]) {
    const place = placeWords(cityEn[1], EN_PLACE_STOP, 3);
    const firstWord = place.split(' ')[0] ?? '';
    const bad =
      /^(a|an|my|love|bed|the|hospital|school|college|work|pain|trouble|bad|good|mood|office|shower|kitchen|car|bus|train|line|town|this|that|here|there|it|so|very|really)$/i.test(
        firstWord,
      );
    if (place && !bad && /^\p{L}/u.test(place) && place.length <= 30)
      out.city = { v: titleCase(place), lang: 'en', kind: 'en' };
  }
  // ---- city (ru)
  const cityRuPrep =
    /(?:^|[\s,.!])(?:я живу|живу|я сейчас|сейчас я|(?:я\s+)?(?:родился|родилась|вырос|выросла)(?:\s+и\s+(?:вырос|выросла))?|я переехал|я переехала|переехал|переехала)\s+(?:в|во)\s+(.+)/iu.exec(
      text,
    );
  const cityRuGen =
    /(?:^|[\s,.!])(?:я из|я родом из|родом из|сам из|сама из|вообще я из|я вообще из|,\s*из)\s+(.+)/iu.exec(
      text,
    );
  if (cityRuPrep?.[1]) {
    const place = placeWords(cityRuPrep[1], RU_PLACE_STOP, 2);
    if (
      place &&
      /^\p{L}/u.test(place) &&
      !/^(детстве|деревне|селе|городе|доме|квартире|общаге|общежитии|центре)$/iu.test(place)
    ) {
      out.city = { v: titleCase(place), lang: 'ru', kind: /переехал/.test(cityRuPrep[0]) ? 'acc' : 'prep' };
    } else if (place && /^(деревне|селе)$/iu.test(place)) {
      out.city = { v: place.toLowerCase(), lang: 'ru', kind: 'prep' };
    }
  } else if (cityRuGen?.[1]) {
    const place = placeWords(cityRuGen[1], RU_PLACE_STOP, 2);
    if (place && /^\p{L}/u.test(place)) out.city = { v: titleCase(place), lang: 'ru', kind: 'gen' };
  }

  // ---- job (en)
  const jobAt =
    /(?:^|[\s,.!])(?:i work|i am working|im working|i m working|working)\s+(at|in|for)\s+(.+)/i.exec(lower);
  const jobAs =
    /(?:^|[\s,.!])(?:i work as|i am working as|im working as|i m working as|i have been working as|ive been working as|i ve been working as|i worked as|my job is|my profession is|i am employed as)\s+(?:an?\s+)?(.+)/i.exec(
      lower,
    );
  const jobIam = JOB_EN_IAM.exec(lower);
  const jobDoes = JOB_EN_DOES.exec(lower);
  if (jobAs?.[1]) {
    const role = cleanPhrase(jobAs[1], 5);
    const judged =
      /^(?:so|very|really|too|such|pretty|kinda|quite|boring|hard|stressful|tough|fine|ok|okay|good|great|bad|awful|terrible|easy|fun|cool|nice|amazing|killing|driving|tiring|exhausting|the worst|the best|a nightmare|hell)(?:\s|$)/i.test(
        role,
      );
    if (role && !judged) out.job = { v: article(role), lang: 'en', kind: 'role' };
  } else if (jobIam?.[1]) {
    out.job = { v: article(cleanPhrase(jobIam[1], 6)), lang: 'en', kind: 'role' };
  } else if (jobDoes) {
    const does = cleanPhrase(
      jobDoes[0]
        .replace(/^[\s,.!]*i\s+/i, '')
        .replace(/\s+for (?:a )?living.*$/i, '')
        .trim(),
      6,
    );
    out.job = { v: flipPronounsEn(does), lang: 'en', kind: 'does' };
  } else if (jobAt?.[2]) {
    const place = cleanPhrase(jobAt[2], 4);
    if (place && !/^(home|night|nights|weekends|the moment|the same)$/.test(place))
      out.job = { v: `${jobAt[1]} ${place}`, lang: 'en', kind: 'at' };
  }
  // ---- job (ru)
  const jobRuAt =
    /(?:^|[\s,.!])(?:я работаю|работаю|я сейчас работаю|я тружусь|тружусь|я учусь|учусь)\s+(в|во|на)\s+(.+)/iu.exec(
      lower,
    );
  const jobRuInstr =
    /(?:^|[\s,.!])(?:я работаю|работаю|работаю сейчас|я сейчас работаю)\s+([\p{L}-]+(?:\s[\p{L}-]+)?)/iu.exec(
      lower,
    );
  const jobRuNom = JOB_RU_NOM.exec(lower);
  const jobRuDoes = JOB_RU_DOES.exec(lower);
  if (!out.job) {
    if (jobRuAt?.[2]) {
      const place = placeWords(jobRuAt[2], RU_PLACE_STOP, 3);
      if (place)
        out.job = {
          v: `${jobRuAt[1]} ${place}`,
          lang: 'ru',
          kind: /учусь/.test(jobRuAt[0]) ? 'study' : 'at',
        };
    } else if (jobRuNom?.[1]) {
      out.job = { v: jobRuNom[1], lang: 'ru', kind: 'nom' };
    } else if (jobRuDoes) {
      const does = cleanPhrase(jobRuDoes[0].replace(/^[\s,.!]*/u, ''), 6);
      out.job = { v: secondPersonRu(does), lang: 'ru', kind: 'does' };
    } else if (jobRuInstr?.[1]) {
      const first = jobRuInstr[1].split(' ')[0] ?? '';
      if (JOB_RU_WORD.test(first)) {
        // "работаю бариста в кофейне": an indeclinable job word.
        out.job = {
          v: cleanPhrase(lower.slice(lower.indexOf(jobRuInstr[1])), 4),
          lang: 'ru',
          kind: 'instr',
        };
      } else if (
        RU_JOBS_INSTR_END.test(first) &&
        !/^(домой|сегодня|завтра|много|мало|весь|всем|днем|ночью|удаленно|удалённо|сам|одной|допоздна)$/u.test(
          first,
        )
      ) {
        out.job = {
          v: cleanPhrase(jobRuInstr[1].length ? lower.slice(lower.indexOf(jobRuInstr[1])) : '', 4),
          lang: 'ru',
          kind: 'instr',
        };
      }
    }
  }

  // ---- likes
  const likeEn =
    /(?:^|[\s,.!])i\s+(?:really\s+|also\s+|just\s+|totally\s+)?(?:love|like|enjoy|adore|am into|am a fan of|m into|prefer)\s+(.+)/i.exec(
      lower,
    );
  const intoEn =
    /(?:^|[\s,.!])(?:i am|im|i m)\s+(?:really\s+|totally\s+|so\s+)?(?:into|a fan of|a big fan of|crazy about|obsessed with|mad about|nuts about|crazy for|in love with)\s+(.+)/i.exec(
      lower,
    );
  if (intoEn?.[1] && !/^(you|u|it|that|this|her|him|them)(?![\p{L}])/u.test(intoEn[1])) {
    const thing = flipPronounsEn(cleanPhrase(intoEn[1], 4));
    if (thing.length >= 3) out.like = { v: thing, lang: 'en', kind: 'love' };
  } else if (
    likeEn?.[1] &&
    !/^(you|u|it|that|this|her|him|them|talking|chatting|to talk|your|how you|when you)(?![\p{L}])/u.test(
      likeEn[1],
    )
  ) {
    const thing = flipPronounsEn(cleanPhrase(likeEn[1], 4));
    if (thing.length >= 3) out.like = { v: thing, lang: 'en', kind: 'love' };
  }
  // "не очень люблю джаз" is no liking.
  const notLikeRu =
    /(?<![\p{L}])не\s+(?:очень\s+|особо\s+|сильно\s+|слишком\s+)?(?:люблю|обожаю|нравится|нравятся)/u.test(
      lower,
    );
  const likeRu = notLikeRu
    ? null
    : (/(?:^|[\s,.!])я\s+(?:очень\s+|тоже\s+|просто\s+|обожаю\s+и\s+)?(?:люблю|обожаю|увлекаюсь|предпочитаю)\s+(.+)/iu.exec(
        lower,
      ) ?? /(?:^|[\s,.!])(?:очень\s+)?(?:люблю|обожаю|увлекаюсь|предпочитаю)\s+(.+)/iu.exec(lower));
  const likeRuNom = notLikeRu
    ? null
    : /(?:^|[\s,.!])мне\s+(?:очень\s+|тоже\s+|просто\s+)?(?:нравится|нравятся)\s+(.+)/iu.exec(lower);
  // "я фанатею от джаза", "помешан на теннисе", "слушаю метал": kept as said, in the second person.
  const likeRuSaid =
    /(?:^|[\s,.!])(?:я\s+)?(?:просто\s+|очень\s+)?((?:фанатею|тащусь|кайфую) от|(?:помешан|помешана|повернут|повернута|залипаю) на|без ума от|схожу с ума по|(?:слушаю|обожаю слушать|люблю слушать) )\s*(.+)/iu.exec(
      lower,
    );
  if (
    !out.like &&
    likeRu?.[1] &&
    !/^(тебя|тебе|тобой|с тобой|когда|как ты|твои|твою|твой|это|этого|общаться|болтать)(?![\p{L}])/u.test(
      likeRu[1],
    )
  ) {
    const thing = flipPronounsRu(cleanPhrase(likeRu[1], 4));
    const verb = /увлекаюсь/.test(likeRu[0]) ? 'instr' : 'love';
    if (thing.length >= 3) out.like = { v: thing, lang: 'ru', kind: verb };
  } else if (
    !out.like &&
    likeRuNom?.[1] &&
    !/^(ты|твой|твоя|твои|это|с тобой|общаться|когда)(?![\p{L}])/u.test(likeRuNom[1])
  ) {
    const thing = flipPronounsRu(cleanPhrase(likeRuNom[1], 4));
    if (thing.length >= 3) out.like = { v: thing, lang: 'ru', kind: 'nom' };
  }
  if (
    !out.like &&
    likeRuSaid?.[2] &&
    !/^(тебя|тебе|тобой|музыку)$/u.test(likeRuSaid[2].trim()) &&
    !/(?<![\p{L}])(?:сейчас|щас|сегодня|вчера|только что)(?![\p{L}])/u.test(lower)
  ) {
    const thing = cleanPhrase(likeRuSaid[2], 4);
    if (thing.length >= 3)
      out.like = { v: secondPersonRu(`${likeRuSaid[1]!.trim()} ${thing}`), lang: 'ru', kind: 'said' };
  }

  // ---- plans
  const planEn =
    /(?:^|[\s,.!])(?:i am going to|im going to|i m going to|i will|i plan to|i am planning to|im planning to|i want to|i need to|i have to|tomorrow i will|i am about to|i hope to|i would love to|id love to|i d love to|i would like to|id like to|i d like to|i dream of going to|i dream to|one day i want to|someday i want to)\s+(.+)/i.exec(
      lower,
    );
  if (
    planEn?.[1] &&
    !/^(?:go(?:\s+(?:to\s+(?:bed|sleep|work|school)|home|now|out|away))?$|go\s+(?:to\s+(?:bed|sleep)|home)|sleep|bed|be|do|say|ask|talk|tell|know|see you|kiss|hug|marry you|you)(?:\s|$)/.test(
      planEn[1],
    )
  ) {
    const plan = flipPronounsEn(stripTime(cleanPhrase(planEn[1], 6)));
    if (plan.length >= 3) out.plan = { v: plan, lang: 'en' };
  }
  if (!out.plan) {
    // "I'm thinking of learning guitar", "I'm planning on moving"
    const thinking =
      /(?:^|[\s,.!])(?:i am|im|i m|i was|ive been|i ve been)\s+(?:thinking|planning|dreaming)\s+(?:of|about|on)\s+([a-z]+ing)\s+(.+)/i.exec(
        lower,
      );
    if (thinking?.[1] && thinking[2]) {
      const rest = flipPronounsEn(stripTime(cleanPhrase(thinking[2], 5)));
      if (rest.length >= 2) out.plan = { v: `${ingToBase(thinking[1])} ${rest}`, lang: 'en' };
    }
  }
  if (!out.plan) {
    const ing =
      /(?:^|[\s,.!])(?:i am|im|i m|we are|were|we re)\s+(flying|going|travell?ing|heading|driving|moving|visiting|leaving|taking|starting|buying|seeing|meeting|having|throwing|hosting|painting|running|playing|celebrating)\s+(?!to\s+(?:be|sleep|bed|die)\b)(.+)/i.exec(
        lower,
      );
    if (ing?.[1] && ing[2] && !/^going to\s/.test(`${ing[1]} ${ing[2]}`) && FUTURE_EN.test(lower)) {
      const rest = flipPronounsEn(stripTime(cleanPhrase(ing[2], 6)));
      if (rest.length >= 3) out.plan = { v: `${EN_ING_BASE[ing[1]] ?? ing[1]} ${rest}`, lang: 'en' };
    }
  }
  const planRu =
    /(?:^|[\s,.!])(?:я собираюсь|собираюсь|я планирую|планирую|я хочу|хочу|я буду|завтра буду|завтра хочу|мне надо|мне нужно|надо будет|я думаю|думаю|я мечтаю|мечтаю|хочу когда-нибудь|мечтаю когда-нибудь)\s+(?:когда-нибудь\s+|однажды\s+)?(.+)/iu.exec(
      lower,
    );
  if (planRu?.[1]) {
    const first = planRu[1].split(' ')[0] ?? '';
    if (
      /(?:ть|ти|чь|ться|тись)$/u.test(first) &&
      !/^(спать|поспать|тебя|быть|знать|сказать|говорить|поговорить|спросить|поцеловать|обнять|видеть|увидеть|слышать|услышать|есть|пить|жить|умереть)$/u.test(
        first,
      )
    ) {
      const plan = flipPronounsRu(stripTime(cleanPhrase(planRu[1], 6)));
      if (plan.split(' ').length >= 2) out.plan = { v: plan, lang: 'ru' };
    }
  }
  if (!out.plan) {
    // "летом хочу в Грузию": a wish to go somewhere, the verb left out.
    const want =
      /(?:^|[\s,.!])(?:я\s+)?(?:очень\s+)?(?:хочу|хотел бы|хотела бы|мечтаю)\s+(в|во|на)\s+([^.!?;]+)/iu.exec(
        text,
      );
    if (want?.[1] && want[2]) {
      const place = stripTime(cleanPhrase(want[2], 4));
      if (place.length >= 2) out.plan = { v: `поехать ${want[1].toLowerCase()} ${place}`, lang: 'ru' };
    }
  }
  if (!out.plan) {
    const go = RU_GO.exec(lower);
    if (
      go?.[1] &&
      go[2] &&
      (FUTURE_RU.test(lower) || /^(поеду|полечу|пойду|съезжу|схожу|сгоняю)$/u.test(go[1]))
    ) {
      const rest = flipPronounsRu(stripTime(cleanPhrase(go[2], 5)));
      if (rest.length >= 3) out.plan = { v: `${RU_FUTURE_INF[go[1]] ?? go[1]} ${rest}`, lang: 'ru' };
    }
  }

  // ---- pets
  const petEn = PET_EN.exec(text);
  if (petEn?.[1]) {
    const name = petEn[2] && validName(petEn[2]) ? capitalize(petEn[2].toLowerCase()) : undefined;
    out.pet = { v: petEn[1].toLowerCase(), lang: 'en', ...(name ? { name } : {}) };
  }
  const petRu = PET_RU.exec(text);
  if (!out.pet && petRu?.[1]) {
    const word = petRu[1].toLowerCase();
    const name = petRu[2] && validName(petRu[2]) ? capitalize(petRu[2].toLowerCase()) : undefined;
    out.pet = { v: word, lang: 'ru', kind: PETS_RU[word] ?? 'm', ...(name ? { name } : {}) };
  }

  // A wish about her ("I want to hold you", "хочу прижать тебя") is flirting, not a plan of the user's.
  if (
    out.plan &&
    /(?<![\p{L}])(?:you|your|u|тебя|тебе|тобой|тебою|твой|твою|твоей|вас|вам)(?![\p{L}])/iu.test(raw)
  )
    delete out.plan;
  return out;
}

/** A bare answer to her question ("Alex", "Berlin", "В Москве") read in the light of what she asked. */
export function readBareAnswer(raw: string, awaiting: string | undefined): ExtractedFacts {
  if (!awaiting || isNotAnAnswer(raw)) return {};
  const text = softNormalize(raw)
    .replace(/[.!?)]+$/u, '')
    .trim();
  const words = text.split(/\s+/);
  if (!text || words.length > 4) return {};
  const isRu = /[\u0400-\u04FF]/.test(text);
  switch (awaiting) {
    case 'name': {
      const w =
        words.length === 1
          ? words[0]!
          : /^(i am|im|я|it is|its|это)$/iu.test(words.slice(0, -1).join(' '))
            ? words[words.length - 1]!
            : '';
      // A lower-case verb or adjective ("объелся", "вымотан", "blushing") is not a name.
      if (
        w &&
        /^\p{Ll}/u.test(w) &&
        /(?:ся|сь|ть|ла|ло|ли|ешь|ю|ан|ян|ен|ат|ят|ит|ый|ий|ой|ая|ое|ing|ed|ly|ful|ous|ish|y)$/u.test(w)
      )
        return {};
      return w && validName(w) ? { name: capitalize(w.toLowerCase()) } : {};
    }
    case 'city': {
      if (words.length > 3) return {};
      const m = /^(?:в|во)\s+(.+)$/iu.exec(text);
      const g = /^(?:из)\s+(.+)$/iu.exec(text);
      const from = /^(?:from|in)\s+(.+)$/i.exec(text);
      if (m?.[1]) return { city: { v: titleCase(m[1]), lang: 'ru', kind: 'prep' } };
      if (g?.[1]) return { city: { v: titleCase(g[1]), lang: 'ru', kind: 'gen' } };
      if (from?.[1]) return { city: { v: titleCase(from[1]), lang: 'en', kind: 'en' } };
      if (!/^\p{L}/u.test(text) || words.some((w) => NAME_STOP.has(w.toLowerCase()))) return {};
      return {
        city: isRu
          ? { v: titleCase(text), lang: 'ru', kind: 'nom' }
          : { v: titleCase(text), lang: 'en', kind: 'en' },
      };
    }
    case 'job': {
      if (isRu) {
        const nom = JOB_RU_BARE.exec(text);
        if (nom?.[1]) return { job: { v: nom[1].toLowerCase(), lang: 'ru', kind: 'nom' } };
        const at = /^(в|во|на)\s+(.+)$/iu.exec(text);
        if (at?.[1] && at[2])
          return { job: { v: `${at[1]} ${at[2]}`.toLowerCase(), lang: 'ru', kind: 'at' } };
        return {};
      }
      const role = JOB_EN_BARE.exec(text);
      if (role?.[1]) return { job: { v: article(role[1].toLowerCase()), lang: 'en', kind: 'role' } };
      return {};
    }
    default:
      return {};
  }
}
