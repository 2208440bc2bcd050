import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import {
  adminKeys,
  fetchMaintenance,
  fetchThemeEvent,
  HALLOWEEN_EVENT,
  setMaintenance,
  setThemeEvent,
} from '../api/admin-api.ts';
import { AdminSection } from './admin-section.tsx';
import styles from './admin.module.css';
import '../../../lib/console-i18n.ts';

/** Service-wide switches: the maintenance screen and the Halloween theme. */
export function PlatformPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);

  const maintenance = useQuery({
    queryKey: adminKeys.maintenance(),
    queryFn: ({ signal }) => fetchMaintenance(signal),
  });
  const halloween = useQuery({
    queryKey: adminKeys.themeEvent(HALLOWEEN_EVENT),
    queryFn: ({ signal }) => fetchThemeEvent(HALLOWEEN_EVENT, signal),
  });

  const toggleMaintenance = useMutation({
    mutationFn: (on: boolean) => setMaintenance(on),
    onSuccess: (on) => {
      queryClient.setQueryData(adminKeys.maintenance(), on);
      // The app's own check (the maintenance screen) sees the change on its next look.
      void queryClient.invalidateQueries({ queryKey: ['maintenance'] });
      setConfirming(false);
      showToast(
        on ? t('admin.platform.maintenanceOnDone') : t('admin.platform.maintenanceOffDone'),
        'success',
      );
    },
    onError: (err) => showToast(errorMessage(err, t), 'error'),
  });
  const toggleHalloween = useMutation({
    mutationFn: (on: boolean) => setThemeEvent(HALLOWEEN_EVENT, on),
    onSuccess: (event) => {
      queryClient.setQueryData(adminKeys.themeEvent(HALLOWEEN_EVENT), event);
      void queryClient.invalidateQueries({ queryKey: ['theme-event'] });
      showToast(
        event.isActive ? t('admin.platform.halloweenOnDone') : t('admin.platform.halloweenOffDone'),
        'success',
      );
    },
    onError: (err) => showToast(errorMessage(err, t), 'error'),
  });

  return (
    <AdminSection id="admin-platform" title={t('admin.platform.title')}>
      <ul className={styles.cards}>
        <li className={styles.card}>
          <SwitchRow
            testId="admin-maintenance"
            label={t('admin.platform.maintenance')}
            description={t('admin.platform.maintenanceText')}
            loading={maintenance.isPending}
            error={maintenance.isError ? errorMessage(maintenance.error, t) : null}
            checked={maintenance.data ?? false}
            busy={toggleMaintenance.isPending}
            onToggle={(on) => (on ? setConfirming(true) : toggleMaintenance.mutate(false))}
          />
        </li>
        <li className={styles.card}>
          <SwitchRow
            testId="admin-halloween"
            label={t('admin.platform.halloween')}
            description={t('admin.platform.halloweenText')}
            loading={halloween.isPending}
            error={halloween.isError ? errorMessage(halloween.error, t) : null}
            checked={halloween.data?.isActive ?? false}
            busy={toggleHalloween.isPending}
            onToggle={(on) => toggleHalloween.mutate(on)}
          />
        </li>
      </ul>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('admin.platform.confirmTitle')}
        description={t('admin.platform.confirmText')}
        testId="admin-maintenance-confirm"
      >
        <div className={styles.actions}>
          <Button
            variant="danger"
            loading={toggleMaintenance.isPending}
            onClick={() => toggleMaintenance.mutate(true)}
            data-testid="admin-maintenance-confirm-on"
          >
            {t('admin.platform.confirmOn')}
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </Button>
        </div>
      </Dialog>
    </AdminSection>
  );
}

function SwitchRow(props: {
  testId: string;
  label: string;
  description: string;
  loading: boolean;
  error: string | null;
  checked: boolean;
  busy: boolean;
  onToggle: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const descriptionId = useId();
  return (
    <div className={styles.switchRow}>
      <div>
        <h2 id={labelId} className={styles.cardTitle}>
          {props.label}
        </h2>
        <p id={descriptionId} className={styles.muted}>
          {props.description}
        </p>
        {props.error ? (
          <p role="alert" className={styles.error}>
            {props.error}
          </p>
        ) : null}
      </div>
      {props.loading ? (
        <Spinner label={t('common.loading')} />
      ) : (
        <button
          type="button"
          role="switch"
          aria-checked={props.checked}
          aria-labelledby={labelId}
          aria-describedby={descriptionId}
          aria-busy={props.busy || undefined}
          disabled={props.busy || props.error !== null}
          className={styles.switch}
          onClick={() => props.onToggle(!props.checked)}
          data-testid={props.testId}
        >
          <span className={styles.switchTrack} aria-hidden="true">
            <span className={styles.switchThumb} />
          </span>
          <span className={styles.switchText}>
            {props.checked ? t('admin.platform.on') : t('admin.platform.off')}
          </span>
        </button>
      )}
    </div>
  );
}
