import type { EngineLanguage } from '@amora/shared/enums.ts';
import facts from './content/facts.json' with { type: 'json' };
import { softNormalize } from './text.ts';

/*
 * What she can say about the user's question itself: simple arithmetic, a few well-known facts, and
 * the subject of a question she cannot place (so that she answers about it instead of dodging).
 */

const OPS: Array<[RegExp, (a: number, b: number) => number]> = [
  [/^(?:\+|plus|плюс)$/u, (a, b) => a + b],
  [/^(?:-|minus|минус)$/u, (a, b) => a - b],
  [/^(?:\*|x|×|times|multiplied by|умножить на)$/u, (a, b) => a * b],
  [/^(?:\/|÷|:|divided by|разделить на|делить на)$/u, (a, b) => a / b],
];

const EN_NUMBERS =
  'zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen'.split(
    '|',
  );
const EN_TENS = 'twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety'.split('|');
const RU_NUMBERS =
  'ноль|один|два|три|четыре|пять|шесть|семь|восемь|девять|десять|одиннадцать|двенадцать|тринадцать|четырнадцать|пятнадцать|шестнадцать|семнадцать|восемнадцать|девятнадцать'.split(
    '|',
  );
const RU_TENS = 'двадцать|тридцать|сорок|пятьдесят|шестьдесят|семьдесят|восемьдесят|девяносто'.split('|');
/** Number words up to a hundred, in both languages. */
const NUMBER_WORDS: Record<string, number> = Object.fromEntries<number>([
  ...EN_NUMBERS.map((w, i): [string, number] => [w, i]),
  ...EN_TENS.map((w, i): [string, number] => [w, (i + 2) * 10]),
  ...RU_NUMBERS.map((w, i): [string, number] => [w, i]),
  ...RU_TENS.map((w, i): [string, number] => [w, (i + 2) * 10]),
  ['одна', 1],
  ['две', 2],
  ['hundred', 100],
  ['сто', 100],
]);

/** "seven times three", "семь умножить на три" → "7 times 3"; "сколько будет 4 на 5" → "4 умножить на 5". */
function numbersAsDigits(raw: string): string {
  return raw
    .toLowerCase()
    .replace(/[\p{L}]+/gu, (w) => (w in NUMBER_WORDS ? String(NUMBER_WORDS[w]) : w))
    .replace(/(?<=\d)\s+(?:умножь на|на)\s+(?=\d)/u, ' умножить на ')
    .replace(/поделить на/u, 'разделить на');
}

/** "what's 2+2?", "сколько будет 7 умножить на 8" → "4", "56"; null when there is no sum. */
export function arithmetic(raw: string): string | null {
  const m =
    /(-?\d+(?:[.,]\d+)?)\s*(\+|-|\*|x|×|\/|÷|:|plus|minus|times|multiplied by|divided by|плюс|минус|умножить на|разделить на|делить на)\s*(-?\d+(?:[.,]\d+)?)/iu.exec(
      numbersAsDigits(raw),
    );
  if (!m) return null;
  const a = Number(m[1]!.replace(',', '.'));
  const b = Number(m[3]!.replace(',', '.'));
  const op = OPS.find(([re]) => re.test(m[2]!));
  if (!op || !Number.isFinite(a) || !Number.isFinite(b)) return null;
  const v = op[1](a, b);
  if (!Number.isFinite(v)) return null;
  return String(Math.round(v * 1000) / 1000);
}

const factTable = facts.map((f) => ({
  en: new RegExp(f.en, 'iu'),
  ru: new RegExp(f.ru, 'iu'),
  answer: f.answer,
}));

/** The answer to one of the well-known facts she knows, in the reply language. */
export function knownFact(raw: string, lang: EngineLanguage): string | null {
  const t = softNormalize(raw)
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[?!.,]/g, ' ')
    .replace(/\s+/g, ' ');
  for (const f of factTable) if (f.en.test(t) || f.ru.test(t)) return f.answer[lang];
  return null;
}

const LEAD_EN =
  /^(?:so |and |but |hey |hi |hello |hiya |yo |good morning |good evening |ok |okay |well |btw |by the way )*(?:what do you think (?:about|of)|do you think|what is your opinion (?:about|on|of)|how do you feel about|do you believe in|do you ever|have you ever|do you know|do you like|do you|are you|would you|could you|can you|will you|did you|is it|is there|are there|what is|what are|whats|what s|what|why|how|who|when|where|which|tell me about|tell me)\s+/i;
const LEAD_RU =
  /^(?:а |и |ну |слушай |скажи |кстати |привет |приветик |здравствуй |здравствуйте |хай |доброе утро |добрый вечер )*(?:что ты думаешь (?:о|об|про)|что думаешь (?:о|об|про)|как ты относишься к|как ты относишься|ты веришь в|ты когда-нибудь|ты когда нибудь|ты знаешь|ты любишь|тебе нравится|ты|а ты|есть ли|что такое|что|почему|зачем|как|кто|когда|где|какой|какая|какие|расскажи (?:о|об|про))\s+/iu;

const TRIM_EN = /^(?:the|a|an|your|you|yourself|me|my|it|that|this|to|be|ever|really|like|about|of)$/i;
const TRIM_RU = /^(?:ты|тебе|тебя|твой|твоя|это|то|ли|же|вообще|когда-нибудь|о|об|про|в|на)$/iu;

/** The subject of a question, flipped to her point of view where needed ("aliens", "о пришельцах"). */
export function questionTopic(raw: string, lang: EngineLanguage): string | null {
  let t = softNormalize(raw)
    .replace(/[?!.,;:"«»()]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!t) return null;
  const isRu = /[\u0400-\u04FF]/.test(t);
  const lead = isRu ? LEAD_RU : LEAD_EN;
  for (let i = 0; i < 3 && lead.test(t); i++) t = t.replace(lead, '');
  const words = t.split(' ').filter(Boolean);
  const trim = isRu ? TRIM_RU : TRIM_EN;
  while (words.length && trim.test(words[0]!)) words.shift();
  while (words.length && trim.test(words[words.length - 1]!)) words.pop();
  if (words.length === 0 || words.length > 6) return null;
  const out = words.join(' ');
  if (out.length < 3 || /\d/.test(out)) return null;
  // Only echo a topic in the reply's own script, so that a Russian reply never quotes English back.
  if ((lang === 'ru') !== isRu) return null;
  return out;
}
