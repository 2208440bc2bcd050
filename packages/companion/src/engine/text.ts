/** Small text helpers shared by the built-in engine. */

const EN_TOKEN_FIXES: Record<string, string> = {
  u: 'you',
  ya: 'you',
  r: 'are',
  ur: 'your',
  youre: 'you are',
  yr: 'your',
  im: 'i am',
  ive: 'i have',
  id: 'i would',
  dont: 'do not',
  cant: 'can not',
  cannot: 'can not',
  wont: 'will not',
  didnt: 'did not',
  doesnt: 'does not',
  isnt: 'is not',
  arent: 'are not',
  wanna: 'want to',
  gonna: 'going to',
  gotta: 'got to',
  pls: 'please',
  plz: 'please',
  thx: 'thanks',
  tnx: 'thanks',
  cuz: 'because',
  coz: 'because',
  whats: 'what is',
  wats: 'what is',
  hows: 'how is',
  wheres: 'where is',
  whos: 'who is',
  thats: 'that is',
  its: 'it is',
  lets: 'let us',
  luv: 'love',
  bday: 'birthday',
  pic: 'photo',
  pics: 'photos',
  picture: 'photo',
  pictures: 'photos',
  gf: 'girlfriend',
  bf: 'boyfriend',
};

const RU_TOKEN_FIXES: Record<string, string> = {
  че: 'что',
  чо: 'что',
  шо: 'что',
  чего: 'что',
  щас: 'сейчас',
  счас: 'сейчас',
  тя: 'тебя',
  мя: 'меня',
  спс: 'спасибо',
  пасиб: 'спасибо',
  пасиба: 'спасибо',
  спасиб: 'спасибо',
  пжлст: 'пожалуйста',
  пж: 'пожалуйста',
  плиз: 'пожалуйста',
  прив: 'привет',
  приветик: 'привет',
  приветики: 'привет',
  привки: 'привет',
  превед: 'привет',
  норм: 'нормально',
  оч: 'очень',
  ваще: 'вообще',
  седня: 'сегодня',
  сёдня: 'сегодня',
  када: 'когда',
  ниче: 'ничего',
  ничо: 'ничего',
  фотку: 'фото',
  фотка: 'фото',
  фоточку: 'фото',
  фотографию: 'фото',
  фотография: 'фото',
  фотки: 'фото',
};

/**
 * Lower-case, `ё` → `е`, apostrophes dropped, repeated letters collapsed ("heyyy" → "hey"),
 * punctuation turned into spaces (a "?" is kept as its own token), common chat shorthands expanded.
 */
export function normalizeInput(text: string): string {
  let t = text.toLowerCase().replace(/ё/g, 'е');
  t = t.replace(/['’‘`´]/g, '');
  t = t.replace(/(\p{L})\1{2,}/gu, '$1');
  t = t.replace(/\?+/g, ' ? ');
  t = t.replace(/[^\p{L}\p{N}?\s]+/gu, ' ');
  const words = t.split(/\s+/).filter(Boolean);
  const fixed = words.map((w) => EN_TOKEN_FIXES[w] ?? RU_TOKEN_FIXES[w] ?? w);
  return ` ${fixed.join(' ')} `;
}

/** Lower-cased text that keeps punctuation (for fact extraction, where commas end a phrase). */
export function softNormalize(text: string): string {
  return text
    .replace(/ё/g, 'е')
    .replace(/Ё/g, 'Е')
    .replace(/['’‘`´]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export function capitalize(s: string): string {
  if (!s) return s;
  const first = String.fromCodePoint(s.codePointAt(0)!);
  return first.toLocaleUpperCase() + s.slice(first.length);
}

export function titleCase(s: string): string {
  return s
    .split(/(\s+|-)/)
    .map((part) => (/^\s+$|^-$/.test(part) ? part : capitalize(part)))
    .join('');
}

/** A short, stable fingerprint of a reply (FNV-1a over its lower-cased text without spaces). */
export function fingerprint(text: string): string {
  // Emoji and punctuation do not make two replies different ("Hi!" and "hi 😊" are the same words).
  const t = text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  let h = 0x811c9dc5;
  for (let i = 0; i < t.length; i++) {
    h ^= t.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/** Emoji and pictographs, used to tell whether a message already ends with one. */
export const emojiRe = /\p{Extended_Pictographic}/u;
export function endsWithEmoji(text: string): boolean {
  const trimmed = text.trimEnd();
  const chars = [...trimmed];
  for (let i = chars.length - 1; i >= 0 && i >= chars.length - 4; i--) {
    const ch = chars[i]!;
    if (emojiRe.test(ch)) return true;
    if (/[\p{L}\p{N}.!?,)]/u.test(ch)) return false;
  }
  return false;
}

/** Russian plural for years: 21 год, 22 года, 25 лет. */
export function ruYears(n: number): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return `${n} год`;
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return `${n} года`;
  return `${n} лет`;
}

/** Swaps first-person words for second-person ones in what the user said about themselves. */
export function flipPronounsEn(s: string): string {
  const map: Record<string, string> = {
    my: 'your',
    me: 'you',
    mine: 'yours',
    myself: 'yourself',
    i: 'you',
    am: 'are',
    our: 'your',
    us: 'you',
  };
  return s
    .split(' ')
    .map((w) => map[w.toLowerCase()] ?? w)
    .join(' ');
}

export function flipPronounsRu(s: string): string {
  const map: Record<string, string> = {
    мой: 'твой',
    моя: 'твоя',
    моё: 'твоё',
    мое: 'твоё',
    мои: 'твои',
    моего: 'твоего',
    моей: 'твоей',
    моему: 'твоему',
    моих: 'твоих',
    мою: 'твою',
    моим: 'твоим',
    моими: 'твоими',
    мне: 'тебе',
    меня: 'тебя',
    мной: 'тобой',
    я: 'ты',
    свой: 'свой',
    наш: 'твой',
    нашу: 'твою',
    нашей: 'твоей',
  };
  return s
    .split(' ')
    .map((w) => map[w.toLowerCase()] ?? w)
    .join(' ');
}

/** A few irregular Russian first-person verbs and their second-person form. */
const RU_VERB_2ND: Record<string, string> = {
  преподаю: 'преподаёшь',
  вожу: 'водишь',
  учу: 'учишь',
  пишу: 'пишешь',
  готовлю: 'готовишь',
  хожу: 'ходишь',
  сижу: 'сидишь',
  смотрю: 'смотришь',
  люблю: 'любишь',
  живу: 'живёшь',
  лечу: 'летишь',
  еду: 'едешь',
  иду: 'идёшь',
  поеду: 'поедешь',
  пойду: 'пойдёшь',
  полечу: 'полетишь',
  продаю: 'продаёшь',
  шью: 'шьёшь',
  пеку: 'печёшь',
  ношу: 'носишь',
  строю: 'строишь',
  чиню: 'чинишь',
};

/** Russian "я фанатею от джаза" → "фанатеешь от джаза": the first verb in the second person. */
export function secondPersonRu(phrase: string): string {
  const words = phrase.split(' ');
  const i = words.findIndex((w) => w !== 'я');
  if (i < 0) return phrase;
  const w = words[i]!.toLowerCase();
  const out =
    RU_VERB_2ND[w] ??
    (/(?:а|я|е|у)ю$/u.test(w)
      ? `${w.slice(0, -1)}ешь`
      : /(?:а|я|е)юсь$/u.test(w)
        ? `${w.slice(0, -3)}ешься`
        : w);
  return flipPronounsRu(
    [...words.slice(0, i), out, ...words.slice(i + 1)].filter((x) => x !== 'я').join(' '),
  );
}

/** English "-ing" forms said about the near future ("I'm flying to Rome") and their base verb. */
export const EN_ING_BASE: Record<string, string> = {
  flying: 'fly',
  going: 'go',
  travelling: 'travel',
  traveling: 'travel',
  heading: 'head',
  driving: 'drive',
  moving: 'move',
  visiting: 'visit',
  leaving: 'leave',
  taking: 'take',
  starting: 'start',
  buying: 'buy',
  seeing: 'see',
  meeting: 'meet',
  having: 'have',
  throwing: 'throw',
  hosting: 'host',
  painting: 'paint',
  running: 'run',
  playing: 'play',
  celebrating: 'celebrate',
};

/** Russian motion verbs said about the near future ("лечу в Рим") and their infinitive. */
export const RU_FUTURE_INF: Record<string, string> = {
  лечу: 'лететь',
  полечу: 'полететь',
  еду: 'ехать',
  поеду: 'поехать',
  иду: 'идти',
  пойду: 'пойти',
  уезжаю: 'уехать',
  улетаю: 'улететь',
  переезжаю: 'переехать',
  отправляюсь: 'отправиться',
  съезжу: 'съездить',
  схожу: 'сходить',
  сгоняю: 'сгонять',
};

const TENS_EN: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const ONES_EN: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
};
const TENS_RU: Record<string, number> = {
  двадцать: 20,
  тридцать: 30,
  сорок: 40,
  пятьдесят: 50,
  шестьдесят: 60,
  семьдесят: 70,
  восемьдесят: 80,
  девяносто: 90,
};
const ONES_RU: Record<string, number> = {
  один: 1,
  одна: 1,
  два: 2,
  две: 2,
  три: 3,
  четыре: 4,
  пять: 5,
  шесть: 6,
  семь: 7,
  восемь: 8,
  девять: 9,
};

/** Numbers 18-99 written in words ("twenty-five", "двадцать пять") as digits, for ages. */
export function numbersToDigits(lower: string): string {
  return lower
    .replace(
      new RegExp(
        `(?<![\\p{L}])(${Object.keys(TENS_EN).join('|')})(?:[\\s-](${Object.keys(ONES_EN).join('|')}))?(?![\\p{L}])`,
        'gu',
      ),
      (_, t: string, o?: string) => String(TENS_EN[t]! + (o ? ONES_EN[o]! : 0)),
    )
    .replace(/(?<![\p{L}])(eighteen|nineteen)(?![\p{L}])/gu, (w) => (w === 'eighteen' ? '18' : '19'))
    .replace(
      new RegExp(
        `(?<![\\p{L}])(${Object.keys(TENS_RU).join('|')})(?:\\s(${Object.keys(ONES_RU).join('|')}))?(?![\\p{L}])`,
        'gu',
      ),
      (_, t: string, o?: string) => String(TENS_RU[t]! + (o ? ONES_RU[o]! : 0)),
    )
    .replace(/(?<![\p{L}])(восемнадцать|девятнадцать)(?![\p{L}])/gu, (w) =>
      w === 'восемнадцать' ? '18' : '19',
    );
}
