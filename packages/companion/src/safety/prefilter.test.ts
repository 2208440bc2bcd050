import { describe, expect, it } from 'vitest';
import { compileOne } from './detect-compile.ts';
import { normalize } from './normalize.ts';
import { PatternList, plan, view } from './prefilter.ts';

describe('safety pre-check (decisions 101, 178)', () => {
  it('plans a pattern behind leading lookbehinds as a word-start pattern when it starts with a letter', () => {
    const re = compileOne('(?<!\\b(when|back when) [^|]{0,20})\\b(i am|im) (15|16)\\b');
    expect(plan(re)).toEqual({ kind: 'word', prefixes: ['i am 15', 'i am 16', 'im 15', 'im 16'] });
    // A lookbehind before something that may begin with a space cannot be a word start.
    expect(plan(compileOne('(?<!x)\\b( ?y)')).kind).not.toBe('word');
  });

  it('plans a pattern once, however many lists hold it (each chat language has its own lists)', () => {
    const source = '\\b(want|wanna) (to )?(die|disappear)\\b';
    const a = plan(compileOne(source));
    expect(plan(compileOne(source))).toBe(a);
    const lists = [
      new PatternList([compileOne(source)]),
      new PatternList([compileOne('\\bx\\b'), compileOne(source)]),
    ];
    const text = view(normalize('i just want to disappear'));
    expect(lists.map((l) => l.some(text))).toEqual([true, true]);
  });

  it('a word-start pattern is tried only when the text holds one of its longer prefixes (decision 193)', () => {
    const list = new PatternList([
      compileOne('\\b(kill myself|killing myself|end it all)\\b'),
      compileOne('\\b(i m|im) {num}\\b', 'fifteen'),
    ]);
    // "kil" and "end" begin words here, but neither "kill myself" nor "end it all" is in the text.
    expect(list.candidates(view(normalize('the killer ending was great')))).toEqual([]);
    expect(list.candidates(view(normalize('i could kill myself laughing')))).toEqual([0]);
    expect(list.candidates(view(normalize('i just want to end it all')))).toEqual([0]);
    // A prefix of at most three characters ("im ") has no longer string to look for: key only.
    expect(list.candidates(view(normalize('im home')))).toEqual([1]);
    expect(list.some(view(normalize('the killer ending')))).toBe(false);
    expect(list.some(view(normalize('im 15')))).toBe(true);
  });

  it('a pattern without word starts is tried only on texts that hold its first characters', () => {
    const list = new PatternList([compileOne('(死にたい|消えたい)'), compileOne('\\bwant to die\\b')]);
    expect(list.candidates(view(normalize('もう死にたい')))).toEqual([0]);
    expect(list.candidates(view(normalize('i want to die')))).toEqual([1]);
    expect(list.candidates(view(normalize('死 ok')))).toEqual([]);
    expect(list.some(view(normalize('本当に消えたい')))).toBe(true);
    expect(list.some(view(normalize('消しゴム')))).toBe(false);
  });

  it('a pattern that may begin with anything is tried only on texts holding a string inside it (decision 184)', () => {
    expect(plan(compileOne('[^|]{0,50}\\b(sonen|dottern)\\b[^|]*'))).toEqual({
      kind: 'contains',
      prefixes: ['sonen', 'dotern'],
    });
    // What a positive lookahead requires is in the text too.
    expect(plan(compileOne('[^|]{1,60}(?=\\b(min|mitt) (son|barn)\\b)'))).toEqual({
      kind: 'contains',
      prefixes: ['min son', 'min barn', 'mit son', 'mit barn'],
    });
    // A negative lookahead requires nothing; a start anchor fails fast, so it simply runs.
    expect(plan(compileOne('[^|]{1,60}(?!\\bmin\\b)')).kind).toBe('always');
    expect(plan(compileOne('^[^|]*\\bmin son\\b')).kind).toBe('always');
    const list = new PatternList([compileOne('[^|]{0,50}\\b(sonen|dottern)\\b[^|]*')]);
    expect(list.candidates(view(normalize('jag hämtar sonen')))).toEqual([0]);
    expect(list.candidates(view(normalize('jag hämtar bilen')))).toEqual([]);
    expect(list.mask(normalize('jag hämtar sonen idag'))).toBe(' | ');
  });

  it('never skips a pattern that matches (candidates hold every matching pattern)', () => {
    const sources = [
      '(?<!\\bnot )\\b(kill|hurt) myself\\b',
      '(?<=\\b(bridge|roof)\\b[^|]{0,40})\\b(jump|fall)\\b',
      '(首|くび)(を)?(吊|つ)',
      '\\b(i m|im) {num}\\b',
      '^ {num} (and|y) ',
      '[^|]{0,30}\\b(sonen|dottern)\\b',
      '[^|]{1,60}(?=\\b(min|mitt) (son|barn)\\b)',
      '[^ |]{0,12}(する|した)(キャラ|シーン)',
    ];
    const patterns = sources.map((s) => compileOne(s, 'fifteen|sixteen'));
    const list = new PatternList(patterns);
    const texts = [
      'i will kill myself',
      'i will not kill myself',
      'on the roof i will jump',
      '首を吊りたい',
      'im sixteen',
      ' 15 and bored',
      'hon hämtade dottern',
      'jag och min son',
      '自殺したキャラが好き',
      'nothing here',
    ].map(normalize);
    for (const text of texts) {
      const matching = patterns.flatMap((re, i) => ((re.lastIndex = 0), re.test(text) ? [i] : []));
      const candidates = list.candidates(view(text));
      for (const i of matching) expect(candidates).toContain(i);
    }
  });
});
