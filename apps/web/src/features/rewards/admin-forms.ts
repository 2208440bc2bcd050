import {
  QuizQuestions,
  RewardSettings,
  verifiedActions,
  type VerifiedAction,
} from '@amora/shared/rewards.ts';

/** The operator's reward settings as the console form holds them (text fields). */
export type TaskForm = { enabled: boolean; tokens: string; url: string; autoVerify: string };
export type SettingsForm = {
  daily: string;
  referralTokens: string;
  tasks: Record<VerifiedAction, TaskForm>;
};

export function settingsToForm(s: RewardSettings): SettingsForm {
  const tasks = {} as Record<VerifiedAction, TaskForm>;
  for (const a of verifiedActions) {
    const t = s.tasks[a];
    tasks[a] = {
      enabled: t.enabled,
      tokens: String(t.tokens),
      url: 'url' in t ? t.url : '',
      autoVerify: t.autoVerifySeconds === null ? '' : String(t.autoVerifySeconds),
    };
  }
  return { daily: s.daily.join(', '), referralTokens: String(s.referralTokens), tasks };
}

const num = (v: string): number => (/^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN);

type Parsed<T> = { ok: true; value: T } | { ok: false; errors: Set<string> };

/** The form as settings, or the paths of the fields to fix (e.g. `daily`, `tasks.x.url`). */
export function parseSettingsForm(f: SettingsForm): Parsed<RewardSettings> {
  const tasks: Record<string, unknown> = {};
  for (const a of verifiedActions) {
    const t = f.tasks[a];
    const autoVerifySeconds = t.autoVerify.trim() === '' ? null : num(t.autoVerify);
    tasks[a] =
      a === 'quiz'
        ? { enabled: t.enabled, tokens: num(t.tokens), autoVerifySeconds }
        : { enabled: t.enabled, tokens: num(t.tokens), url: t.url.trim(), autoVerifySeconds };
  }
  const parsed = RewardSettings.safeParse({
    daily: f.daily
      .split(/[,\s]+/)
      .filter(Boolean)
      .map(num),
    referralTokens: num(f.referralTokens),
    tasks,
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, errors: new Set(parsed.error.issues.map((i) => i.path.slice(0, 3).join('.'))) };
}

export type QuestionForm = { id: string; en: string; ru: string; options: string; answer: string };

export function quizToForm(q: QuizQuestions): QuestionForm[] {
  return q.questions.map((x) => ({
    id: x.id,
    en: x.question.en,
    ru: x.question.ru,
    options: x.options.map((o) => `${o.en} | ${o.ru}`).join('\n'),
    answer: String(x.answer + 1),
  }));
}

/** The editor's questions as the quiz, or the indexes of the questions to fix. */
export function parseQuizForm(
  forms: QuestionForm[],
): { ok: true; value: QuizQuestions } | { ok: false; errors: Set<number> } {
  const questions = forms.map((f) => ({
    id: f.id,
    question: { en: f.en, ru: f.ru },
    options: f.options
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const [en = '', ru = ''] = line.split('|').map((s) => s.trim());
        return { en, ru: ru || en };
      }),
    answer: num(f.answer) - 1,
  }));
  const parsed = QuizQuestions.safeParse({ questions });
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    errors: new Set(
      parsed.error.issues.map((i) =>
        i.path[0] === 'questions' && typeof i.path[1] === 'number' ? i.path[1] : -1,
      ),
    ),
  };
}

/** A fresh id for a question the operator adds. */
export function newQuestionId(existing: string[]): string {
  let n = existing.length + 1;
  while (existing.includes(`q-${n}`)) n++;
  return `q-${n}`;
}
