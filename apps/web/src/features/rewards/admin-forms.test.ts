import type { QuizQuestions, RewardSettings } from '@amora/shared/rewards.ts';
import { describe, expect, it } from 'vitest';
import {
  newQuestionId,
  parseQuizForm,
  parseSettingsForm,
  quizToForm,
  settingsToForm,
} from './admin-forms.ts';

const task = (url: string) => ({ enabled: true, tokens: 30, url, autoVerifySeconds: 86400 });
const settingsSeed: RewardSettings = {
  daily: [10, 20, 30],
  referralTokens: 200,
  tasks: {
    quiz: { enabled: true, tokens: 50, autoVerifySeconds: 3600 },
    x: task('https://x.com/amora'),
    instagram: task('https://www.instagram.com/amora'),
    discord: { ...task('https://discord.com'), enabled: false },
    medium: { ...task('https://medium.com'), autoVerifySeconds: null },
  },
};
const question = (id: string, answer: number) => ({
  id,
  question: { en: `Question ${id}?`, ru: `Вопрос ${id}?` },
  options: [
    { en: 'One', ru: 'Один' },
    { en: 'Two', ru: 'Два' },
    { en: 'Three', ru: 'Три' },
  ],
  answer,
});
const quizSeed: QuizQuestions = { questions: [question('a', 0), question('b', 2), question('c', 1)] };

describe('reward settings form', () => {
  it('round-trips the settings', () => {
    expect(parseSettingsForm(settingsToForm(settingsSeed))).toEqual({ ok: true, value: settingsSeed });
  });

  it('an empty auto-verify delay means operator only; commas or spaces separate the days', () => {
    const form = settingsToForm(settingsSeed);
    form.tasks.x.autoVerify = ' ';
    form.daily = '1 2,3';
    const parsed = parseSettingsForm(form);
    expect(parsed.ok && parsed.value.tasks.x.autoVerifySeconds).toBeNull();
    expect(parsed.ok && parsed.value.daily).toEqual([1, 2, 3]);
  });

  it('names the fields to fix', () => {
    const form = settingsToForm(settingsSeed);
    form.daily = '10, -5';
    form.tasks.instagram.url = 'javascript:alert(1)';
    form.tasks.quiz.tokens = '1.5';
    const parsed = parseSettingsForm(form);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.errors.has('daily.1')).toBe(true);
      expect(parsed.errors.has('tasks.instagram.url')).toBe(true);
      expect(parsed.errors.has('tasks.quiz.tokens')).toBe(true);
    }
  });
});

describe('quiz editor', () => {
  it('round-trips the questions', () => {
    expect(parseQuizForm(quizToForm(quizSeed))).toEqual({ ok: true, value: quizSeed });
  });

  it('points at the question to fix', () => {
    const forms = quizToForm(quizSeed);
    forms[1]!.answer = '9';
    forms[2]!.options = 'only one | один';
    const parsed = parseQuizForm(forms);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect([...parsed.errors].sort()).toEqual([1, 2]);
  });

  it('makes unique ids for new questions', () => {
    expect(newQuestionId(['q-1', 'q-2'])).toBe('q-3');
    expect(newQuestionId(['q-2', 'x'])).toBe('q-3');
    expect(newQuestionId(['a', 'q-3'])).toBe('q-4');
  });
});
