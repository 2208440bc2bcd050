import type { Settings } from '@amora/shared/settings.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { settingsKeys } from '../../settings/api/settings-api.ts';
import { fetchAdminSettings, offersKeys } from '../api/offers-api.ts';
import { AdminSection } from './admin-section.tsx';
import styles from './admin.module.css';
import '../../../lib/console-i18n.ts';

/** A console section over the operator's settings: loads them, shows loading and errors. */
export function SettingsPanel(props: {
  id: string;
  title: string;
  intro: string;
  children: (settings: Settings) => ReactNode;
}) {
  const { t } = useTranslation();
  const settings = useQuery({
    queryKey: offersKeys.settings(),
    queryFn: ({ signal }) => fetchAdminSettings(signal),
  });
  return (
    <AdminSection id={props.id} title={props.title}>
      <p className={styles.muted}>{props.intro}</p>
      {settings.isPending ? <Spinner label={t('common.loading')} /> : null}
      {settings.isError ? (
        <p role="alert" className={styles.error}>
          {errorMessage(settings.error, t)}
        </p>
      ) : null}
      {settings.data ? props.children(settings.data) : null}
    </AdminSection>
  );
}

/**
 * Saving one form of the operator's settings: the answer becomes the console's copy, the app's own
 * reads (prices, costs) fetch the new ones on their next look, and a toast says it is saved.
 */
export function useSettingsSave(opts: {
  save: () => Promise<Settings>;
  onSaved: (next: Settings) => void;
  savedMessage: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: opts.save,
    onSuccess: (next: Settings) => {
      setError(null);
      queryClient.setQueryData(offersKeys.settings(), next);
      opts.onSaved(next);
      void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
      showToast(opts.savedMessage, 'success');
    },
    onError: (err) => setError(errorMessage(err, t)),
  });
  return { mutation, error, setError };
}
