import type { UserUpdateBody } from '@amora/shared/user.ts';
import { MAX_AGE, MIN_AGE, NAME_MAX_LENGTH } from '@amora/shared/constants.ts';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { AlertIcon, ArrowLeftIcon, FemaleIcon, HeartIcon, MaleIcon } from '../../../components/ui/icons.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAuthStore } from '../../auth/store.ts';
import { useOpenChat } from '../../chats/hooks/use-open-chat.ts';
import { useChatsStore } from '../../chats/store.ts';
import { updateUser } from '../../user/api/user-api.ts';
import { countryOptions, guessCountry } from '../countries.ts';
import {
  checkAge,
  checkCountry,
  checkName,
  checkSex,
  isOnboardingStep,
  nextStep,
  onboardingSteps,
  previousStep,
  type Check,
  type OnboardingStep,
} from '../validation.ts';
import styles from './onboarding-page.module.css';

/** `/onboarding/:step`: welcome, age, name, country, sex, done — one question per screen. */
export function OnboardingPage() {
  const { step } = useParams();
  if (!isOnboardingStep(step)) return <Navigate to="/onboarding/welcome" replace />;
  return <OnboardingStepView key={step} step={step} />;
}

const QUESTION_STEPS = onboardingSteps.filter((s) => s !== 'welcome' && s !== 'done');

function OnboardingStepView({ step }: { step: OnboardingStep }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const user = useAuthStore((s) => s.user);
  const { openChat } = useOpenChat();
  const [value, setValue] = useState<string>(() => {
    if (step === 'age') return user?.age ? String(user.age) : '';
    if (step === 'name') return user?.name ?? '';
    if (step === 'country') return user?.country ?? guessCountry(user?.geo.country);
    if (step === 'sex') return user?.sex ?? '';
    return '';
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  useDocumentTitle(t('titles.onboarding'));

  const questionIndex = QUESTION_STEPS.indexOf(step as (typeof QUESTION_STEPS)[number]);
  const progress = step === 'welcome' ? 0 : step === 'done' ? 1 : questionIndex / QUESTION_STEPS.length;
  const back = previousStep(step);

  const goNext = () => {
    const next = nextStep(step);
    if (next) void navigate(`/onboarding/${next}`);
  };

  const save = async (body: UserUpdateBody) => {
    setBusy(true);
    setError(null);
    try {
      const { user: updated } = await updateUser(body);
      useAuthStore.getState().setUser(updated);
      goNext();
    } catch (err) {
      setError(errorMessage(err, t));
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (step === 'welcome') return goNext();
    if (step === 'done') return finish();
    let check: Check<string | number>;
    if (step === 'age') check = checkAge(value);
    else if (step === 'name') check = checkName(value);
    else if (step === 'country') check = checkCountry(value);
    else check = checkSex(value || null);
    if (!check.ok) {
      setError(t(check.error, { min: MIN_AGE, max: MAX_AGE, maxLength: NAME_MAX_LENGTH }));
      return;
    }
    await save({ [step]: check.value });
  };

  const finish = () => {
    const pending = useChatsStore.getState().pendingBotId;
    if (pending) void openChat(pending);
    else void navigate('/', { replace: true });
  };

  let body: ReactNode;
  if (step === 'welcome') {
    body = (
      <div className={styles.intro}>
        <div className={styles.illustration} aria-hidden="true">
          <HeartIcon size={44} />
        </div>
        <h1 className={`${styles.title} display-font`}>{t('onboarding.welcome.title')}</h1>
        <p className={styles.text}>{t('onboarding.welcome.text')}</p>
      </div>
    );
  } else if (step === 'done') {
    body = (
      <div className={styles.intro}>
        <div className={`${styles.illustration} ${styles.done}`} aria-hidden="true">
          <HeartIcon size={44} />
        </div>
        <h1 className={`${styles.title} display-font`}>
          {user?.name ? t('onboarding.done.titleNamed', { name: user.name }) : t('onboarding.done.title')}
        </h1>
        <p className={styles.text}>{t('onboarding.done.text')}</p>
      </div>
    );
  } else if (step === 'sex') {
    body = (
      <fieldset className={styles.fieldset} aria-describedby={error ? 'onboarding-error' : undefined}>
        <legend className={`${styles.title} display-font`}>{t('onboarding.sex.title')}</legend>
        <p className={styles.text}>{t('onboarding.sex.text')}</p>
        <div className={styles.choices}>
          {(['male', 'female'] as const).map((sex) => (
            <label key={sex} className={styles.choice}>
              <input
                type="radio"
                name="sex"
                value={sex}
                checked={value === sex}
                onChange={() => {
                  setValue(sex);
                  setError(null);
                }}
              />
              <span className={styles.choiceCard}>
                {sex === 'male' ? <MaleIcon size={32} /> : <FemaleIcon size={32} />}
                <span>{t(`onboarding.sex.${sex}`)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    );
  } else {
    body = (
      <div className={styles.question}>
        <h1 className={`${styles.title} display-font`}>{t(`onboarding.${step}.title`)}</h1>
        <p className={styles.text}>{t(`onboarding.${step}.text`)}</p>
        {step === 'country' ? (
          <div className={styles.selectField}>
            <label htmlFor="onboarding-country" className={styles.label}>
              {t('onboarding.country.label')}
            </label>
            <select
              id="onboarding-country"
              className={styles.select}
              value={value}
              onChange={(e) => {
                setValue(e.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'onboarding-error' : undefined}
              autoFocus
            >
              <option value="">{t('onboarding.country.placeholder')}</option>
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <TextField
            label={t(`onboarding.${step}.label`)}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
            inputMode={step === 'age' ? 'numeric' : 'text'}
            autoComplete={step === 'name' ? 'given-name' : 'off'}
            hint={step === 'name' ? t('onboarding.name.hint') : undefined}
            maxLength={step === 'age' ? 3 : 60}
            aria-describedby={error ? 'onboarding-error' : undefined}
            aria-invalid={error ? true : undefined}
            autoFocus
            name={step}
          />
        )}
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <form className={styles.card} onSubmit={submit} noValidate data-testid={`onboarding-${step}`}>
        <div className={styles.top}>
          {back && step !== 'done' ? (
            <button
              type="button"
              className={styles.back}
              onClick={() => void navigate(`/onboarding/${back}`)}
              aria-label={t('common.back')}
            >
              <ArrowLeftIcon size={20} />
            </button>
          ) : (
            <span className={styles.backSpacer} />
          )}
          <div
            className={styles.progress}
            role="progressbar"
            aria-label={t('onboarding.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
          >
            <span className={styles.progressFill} style={{ width: `${progress * 100}%` }} />
          </div>
          <span className={styles.stepCount}>
            {questionIndex >= 0
              ? t('onboarding.stepOf', { step: questionIndex + 1, total: QUESTION_STEPS.length })
              : ''}
          </span>
        </div>
        <div className={styles.body}>{body}</div>
        {error ? (
          <p id="onboarding-error" className={styles.error} role="alert">
            <AlertIcon size={18} />
            <span>{error}</span>
          </p>
        ) : null}
        <Button type="submit" size="lg" block loading={busy} data-testid="onboarding-next">
          {step === 'welcome'
            ? t('onboarding.start')
            : step === 'done'
              ? t('onboarding.finish')
              : t('onboarding.next')}
        </Button>
      </form>
    </div>
  );
}
