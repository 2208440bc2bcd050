import type { EngineLanguage } from '@amora/shared/enums.ts';
import type { BrainMemory, Fact } from './memory.ts';
import type { AskTopic, Lines, PhraseBook, ProfileAck } from './phrasebook.ts';
import {
  familyWords,
  favouriteWords,
  petWords,
  type Named,
  type ProfileFacts,
  type RecallQuestion,
} from './profile.ts';

/*
 * Storing the structured profile (pets and relatives with names, favourites, dislikes, birthday,
 * events, study) and answering the user's questions about themselves from it.
 */

const sameCanon = (a: string | undefined, b: string | undefined): boolean =>
  a === b || (a === 'cat' && b === 'she-cat') || (a === 'she-cat' && b === 'cat');

function entry(table: Named[], canon: string | undefined): Named | undefined {
  return table.find((e) => e.canon === canon);
}

function article(noun: string): string {
  return /^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`;
}

/** Slot values describing a pet or a relative in the reply language. */
export function namedSlots(f: Fact, type: 'pet' | 'family', lang: EngineLanguage): Record<string, string> {
  const e = entry(type === 'pet' ? petWords : familyWords, f.canon);
  const enWord = e?.enWord ?? f.v;
  const out: Record<string, string> = {
    name: f.name ?? '',
    pet: enWord,
    petA: article(enWord),
    rel: lang === 'en' ? enWord : (e?.ru_nom ?? f.v),
    art: /^[aeiou]/i.test(enWord) ? 'an' : 'a',
    nom: e?.ru_nom ?? f.v,
    poss: e?.ru_poss ?? f.v,
    acc: e?.ru_acc ?? f.v,
  };
  if (lang === 'en') {
    out.nom = enWord;
    out.poss = `your ${enWord}`;
    out.acc = `your ${enWord}`;
  }
  return out;
}

export type ProfileTold = ProfileAck | 'pet';

/** Stores what `extractProfile` found. Returns what was new, for her to acknowledge. */
export function rememberProfile(
  mem: BrainMemory,
  p: ProfileFacts,
  pronounName: string | undefined,
  turn: number,
): ProfileTold[] {
  const told: ProfileTold[] = [];
  const f = mem.facts;
  let namedSomeone = false;
  for (const s of p.subjects) {
    const list = s.type === 'pet' ? f.pet : f.family;
    const e = entry(s.type === 'pet' ? petWords : familyWords, s.canon);
    let i = list.findIndex((x) => sameCanon(x.canon, s.canon) && (!s.name || !x.name || x.name === s.name));
    const name = s.name ?? (p.subjects.length === 1 ? pronounName : undefined);
    if (i < 0) {
      const v =
        s.type === 'pet' ? (s.lang === 'en' ? (e?.enWord ?? s.canon) : (e?.ru_nom ?? s.canon)) : s.canon;
      const fact: Fact = {
        v,
        lang: s.lang,
        canon: s.canon,
        turn,
        ...(s.type === 'pet' && s.lang === 'ru' && e ? { kind: e.g } : {}),
        ...(name ? { name } : {}),
      };
      list.push(fact);
      const max = s.type === 'pet' ? 5 : 8;
      if (list.length > max) list.splice(0, list.length - max);
      i = list.length - 1;
      told.push(s.type === 'pet' ? (name ? 'petname' : 'pet') : name ? 'family.named' : 'family');
    } else if (name && list[i]!.name !== name) {
      list[i] = { ...list[i]!, name, turn };
      told.push(s.type === 'pet' ? 'petname' : 'family.named');
    }
    if (name) namedSomeone = true;
    mem.subject = { key: s.type, i, turn };
  }
  // "His name is Kiwi" after "I have a parrot": the name goes to the parrot, not to the user.
  if (pronounName && !namedSomeone && mem.subject && turn - mem.subject.turn <= 4) {
    const list = mem.subject.key === 'pet' ? f.pet : f.family;
    const target = list[mem.subject.i];
    if (target) {
      list[mem.subject.i] = { ...target, name: pronounName, turn };
      told.push(mem.subject.key === 'pet' ? 'petname' : 'family.named');
    }
  }
  if (p.dislike && !f.dislike.some((x) => x.v === p.dislike!.v)) {
    f.dislike = [...f.dislike, { ...p.dislike, turn }].slice(-6);
    told.push('dislike');
  }
  if (p.fav) {
    f.fav = [...f.fav.filter((x) => x.canon !== p.fav!.canon), { ...p.fav, turn }].slice(-8);
    told.push('fav');
  }
  if (p.birthday && p.birthday.v !== f.birthday?.v) {
    f.birthday = { ...p.birthday, turn };
    told.push('birthday');
  }
  if (p.event) {
    f.event = [...f.event.filter((x) => x.v !== p.event!.v), { ...p.event, turn }].slice(-6);
    told.push('event');
  }
  if (p.study && p.study.v !== f.study?.v) {
    f.study = { ...p.study, turn };
    told.push('study');
  }
  return told;
}

/** Slot values for acknowledging a new profile fact. */
export function ackSlots(mem: BrainMemory, key: ProfileTold, lang: EngineLanguage): Record<string, string> {
  const f = mem.facts;
  const last = <T>(a: T[]): T | undefined => a[a.length - 1];
  switch (key) {
    case 'family':
    case 'family.named':
    case 'petname':
    case 'pet': {
      const type = key.startsWith('family') ? 'family' : 'pet';
      const list = type === 'pet' ? f.pet : f.family;
      const s = mem.subject && mem.subject.key === type ? list[mem.subject.i] : last(list);
      return s ? namedSlots(s, type, lang) : {};
    }
    case 'dislike':
      return { v: last(f.dislike)?.v ?? '' };
    case 'fav': {
      const x = last(f.fav);
      return { v: x?.v ?? '', what: favWhat(x?.canon, lang) };
    }
    case 'birthday':
      return { v: f.birthday?.v ?? '' };
    case 'event': {
      const x = last(f.event);
      return { what: x?.v ?? '', when: x?.when ?? '' };
    }
    case 'study':
      return { v: f.study?.v ?? '' };
  }
}

function favWhat(canon: string | undefined, lang: EngineLanguage): string {
  const e = favouriteWords.find((x) => x.canon === canon);
  if (!e) return lang === 'en' ? 'thing' : 'любимое';
  return lang === 'en' ? e.enWord : e.ru_nom;
}

function joinList(items: string[], lang: EngineLanguage): string {
  const uniq = [...new Set(items)].slice(-3);
  if (uniq.length <= 1) return uniq[0] ?? '';
  const and = lang === 'en' ? ' and ' : ' и ';
  return `${uniq.slice(0, -1).join(', ')}${and}${uniq[uniq.length - 1]}`;
}

export type RecallAnswer = {
  /** The pool the answer comes from (for rotation) and its lines. */
  key: string;
  lines: Lines;
  extra: Record<string, string>;
  /** What she now waits for when she had to ask. */
  awaiting?: AskTopic | 'petname' | 'relname';
  known: boolean;
};

/** Answers "what's my X?" from the profile, or says honestly she does not know yet and asks. */
export function answerRecall(
  q: RecallQuestion,
  mem: BrainMemory,
  book: PhraseBook,
  lang: EngineLanguage,
  userName: string | null,
): RecallAnswer {
  const f = mem.facts;
  const { answer, unknown } = book.profile;
  const known = (key: string, extra: Record<string, string>): RecallAnswer => ({
    key: `pa.${key}`,
    lines: answer[key] ?? answer.name!,
    extra,
    known: true,
  });
  const notKnown = (
    slot: string,
    extra: Record<string, string> = {},
    awaiting?: RecallAnswer['awaiting'],
  ): RecallAnswer => ({
    key: `pu.${slot}`,
    lines: unknown[slot] ?? unknown.all!,
    extra,
    known: false,
    ...(awaiting ? { awaiting } : {}),
  });
  const form = (fact: Fact, prefix: string, fallback: string): string => {
    const k = `${prefix}.${fact.kind ?? fallback}`;
    return answer[k] ? k : `${prefix}.${fallback}`;
  };
  switch (q.slot) {
    case 'name':
      return userName ? known('name', { v: userName }) : notKnown('name', {}, 'name');
    case 'age':
      return f.age ? known('age', { v: f.age.v }) : notKnown('age');
    case 'city': {
      if (!f.city) return notKnown('city', {}, 'city');
      const k = lang === 'en' || f.city.lang === 'en' ? 'city.en' : form(f.city, 'city', 'nom');
      return known(answer[k] ? k : 'city.en', { v: f.city.v });
    }
    case 'job':
    case 'study': {
      if (q.slot === 'study' && f.study) return known('study', { v: f.study.v });
      const job = f.job;
      if (!job) return f.study ? known('study', { v: f.study.v }) : notKnown(q.slot, {}, 'job');
      if (q.slot === 'study' && job.kind !== 'study') return notKnown('study');
      const k = form(job, 'job', job.lang === 'en' ? 'role' : 'nom');
      return known(answer[k] ? k : 'job.role', { v: job.v });
    }
    case 'pet': {
      const pet = q.canon ? f.pet.find((p) => sameCanon(p.canon, q.canon)) : f.pet[f.pet.length - 1];
      if (!pet) {
        const e = entry(petWords, q.canon);
        return notKnown(
          'pet',
          e ? namedSlots({ v: e.enWord, lang, canon: e.canon, turn: 0 }, 'pet', lang) : {},
          'pet',
        );
      }
      const slots = namedSlots(pet, 'pet', lang);
      if (pet.name) return known('pet.named', slots);
      mem.subject = { key: 'pet', i: f.pet.indexOf(pet), turn: mem.turn };
      return { ...known('pet', slots), awaiting: 'petname' };
    }
    case 'family': {
      const rel = f.family.find((p) => p.canon === q.canon);
      const e = entry(familyWords, q.canon);
      const base = rel ?? { v: q.canon ?? '', lang, canon: q.canon ?? '', turn: 0 };
      const slots = namedSlots(base, 'family', lang);
      if (!rel) {
        if (e) mem.facts.family = [...f.family, { ...base, turn: mem.turn }].slice(-8);
        mem.subject = { key: 'family', i: mem.facts.family.length - 1, turn: mem.turn };
        return notKnown('family', slots, 'relname');
      }
      if (rel.name) return known('family.named', slots);
      mem.subject = { key: 'family', i: f.family.indexOf(rel), turn: mem.turn };
      return { ...known('family', slots), awaiting: 'relname' };
    }
    case 'fav': {
      const fav = q.canon ? f.fav.find((x) => x.canon === q.canon) : f.fav[f.fav.length - 1];
      if (fav) return known('fav', { v: fav.v, what: favWhat(fav.canon, lang) });
      const likes = f.like.map((x) => x.v);
      if (likes.length && !q.canon) return known('like', { v: joinList(likes, lang) });
      return notKnown('fav', { what: favWhat(q.canon, lang) });
    }
    case 'like': {
      // Likes kept as said ("фанатеешь от джаза") read as a clause, the rest as objects of "love".
      const said = f.like.filter((x) => x.kind === 'said').map((x) => x.v);
      const likes = [...f.like.filter((x) => x.kind !== 'said').map((x) => x.v), ...f.fav.map((x) => x.v)];
      if (likes.length) return known('like', { v: joinList(likes, lang) });
      if (said.length) return known(answer['like.said'] ? 'like.said' : 'like', { v: joinList(said, lang) });
      return notKnown('like', {}, 'like');
    }
    case 'dislike':
      return f.dislike.length
        ? known('dislike', {
            v: joinList(
              f.dislike.map((x) => x.v),
              lang,
            ),
          })
        : notKnown('dislike');
    case 'birthday':
      return f.birthday ? known('birthday', { v: f.birthday.v }) : notKnown('birthday');
    case 'event': {
      const ev = f.event[f.event.length - 1];
      return ev ? known('event', { what: ev.v, when: ev.when ?? '' }) : notKnown('event');
    }
    case 'plan': {
      const plan = f.plan[f.plan.length - 1];
      if (plan) return known('plan', { v: plan.v });
      const ev = f.event[f.event.length - 1];
      return ev ? known('event', { what: ev.v, when: ev.when ?? '' }) : notKnown('plan', {}, 'plan');
    }
    case 'all': {
      const order: RecallQuestion['slot'][] = ['name', 'city', 'job', 'pet', 'like'];
      for (const slot of order) {
        const a = answerRecall({ slot }, mem, book, lang, userName);
        if (a.known && !a.awaiting) return a;
      }
      return notKnown('all', {}, userName ? undefined : 'name');
    }
  }
}
