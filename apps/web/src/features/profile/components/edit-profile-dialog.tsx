import { MAX_AGE, MIN_AGE, NAME_MAX_LENGTH } from '@amora/shared/constants.ts';
import { preferenceValues, type Preference, type Sex } from '@amora/shared/enums.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAuthStore } from '../../auth/store.ts';
import { countryOptions } from '../../onboarding/countries.ts';
import { checkAge, checkCountry, checkName, checkSex } from '../../onboarding/validation.ts';
import { updateUser } from '../../user/api/user-api.ts';
import styles from './profile-dialogs.module.css';

type Errors = Partial<Record<'name' | 'age' | 'sex' | 'country' | 'form', string>>;

/** The edit-profile dialog of SPEC §2: first name only, age (18+), sex and country. */
export function EditProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const [name, setName] = useState(user?.name ?? '');
  const [age, setAge] = useState(user?.age ? String(user.age) : '');
  const [sex, setSex] = useState<Sex | null>(user?.sex ?? null);
  const [country, setCountry] = useState(user?.country ?? '');
  const [preferences, setPreferences] = useState<Preference[]>(user?.preferences ?? []);
  const toggle = (p: Preference) =>
    setPreferences((now) =>
      now.includes(p)
        ? now.filter((v) => v !== p)
        : preferenceValues.filter((v) => v === p || now.includes(v)),
    );
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checks = {
      name: checkName(name),
      age: checkAge(age),
      sex: checkSex(sex),
      country: checkCountry(country),
    };
    const next: Errors = {};
    for (const [key, check] of Object.entries(checks))
      if (!check.ok)
        next[key as keyof Errors] = t(check.error, {
          min: MIN_AGE,
          max: MAX_AGE,
          maxLength: NAME_MAX_LENGTH,
        });
    setErrors(next);
    if (!checks.name.ok || !checks.age.ok || !checks.sex.ok || !checks.country.ok) return;
    setSaving(true);
    try {
      const { user: saved } = await updateUser({
        name: checks.name.value,
        age: checks.age.value,
        sex: checks.sex.value,
        country: checks.country.value,
        preferences,
      });
      useAuthStore.getState().setUser(saved);
      onClose();
    } catch (err) {
      setErrors({ form: errorMessage(err, t) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title={t('shell.profile.editTitle')} testId="edit-profile-dialog">
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={t('shell.profile.firstName')}
          hint={t('shell.profile.onlyFirstName')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name ?? null}
          autoComplete="given-name"
          name="name"
        />
        <TextField
          label={t('profile.age')}
          value={age}
          onChange={(e) => setAge(e.target.value)}
          error={errors.age ?? null}
          inputMode="numeric"
          name="age"
        />
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('profile.sex')}</legend>
          <div className={styles.choices}>
            {(['male', 'female'] as const).map((value) => (
              <label key={value} className={styles.choice}>
                <input
                  type="radio"
                  name="sex"
                  value={value}
                  checked={sex === value}
                  onChange={() => setSex(value)}
                />
                {t(`onboarding.sex.${value}`)}
              </label>
            ))}
          </div>
          {errors.sex ? (
            <p className={styles.error} role="alert">
              {errors.sex}
            </p>
          ) : null}
        </fieldset>
        <label className={styles.selectLabel}>
          {t('profile.country')}
          <select
            className={styles.select}
            value={country}
            onChange={(e) => setCountry(e.target.value)}
            name="country"
            aria-invalid={errors.country ? true : undefined}
          >
            <option value="">{t('profile.notSet')}</option>
            {countryOptions(i18n.language).map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        {errors.country ? (
          <p className={styles.error} role="alert">
            {errors.country}
          </p>
        ) : null}
        <fieldset className={styles.fieldset} data-testid="edit-preferences">
          <legend className={styles.legend}>{t('profile.preferences.title')}</legend>
          <p className={styles.hint}>{t('profile.preferences.hint')}</p>
          <div className={styles.chips}>
            {preferenceValues.map((p) => (
              <label key={p} className={styles.chip}>
                <input
                  type="checkbox"
                  name="preferences"
                  value={p}
                  checked={preferences.includes(p)}
                  onChange={() => toggle(p)}
                />
                {t(`profile.preferences.values.${p}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {errors.form ? (
          <p className={styles.error} role="alert">
            {errors.form}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('shell.common.cancel')}
          </Button>
          <Button type="submit" loading={saving} data-testid="edit-profile-save">
            {t('shell.common.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
