import type { AdminUserView } from '@amora/shared/admin.ts';
import type { Role } from '@amora/shared/enums.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/console-i18n.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { adminKeys, setUserRole } from '../api/admin-api.ts';
import styles from './admin.module.css';

const ROLES: Role[] = ['user', 'partner', 'admin'];

/** The operator assigns a role; a partner also gets the traffic source its stats follow. */
export function RoleForm({ user, q }: { user: AdminUserView; q: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const selectId = useId();
  const [role, setRole] = useState<Role>(user.role);
  const [source, setSource] = useState(user.partnerSource ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      setUserRole(user._id, { role, ...(role === 'partner' ? { partnerSource: source.trim() } : {}) }),
    onSuccess: (res) => {
      queryClient.setQueryData<AdminUserView[]>(adminKeys.users(q), (old) =>
        old?.map((u) =>
          u._id === user._id ? { ...u, role: res.user.role, partnerSource: res.user.partnerSource } : u,
        ),
      );
      showToast(
        t('admin.users.roleSaved', { email: user.email, role: t(`admin.users.roles.${res.user.role}`) }),
        'success',
      );
    },
    onError: (err) => showToast(errorMessage(err, t), 'error'),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (role === 'partner' && !/^[\w.-]{1,100}$/.test(source.trim())) {
      setError(t('admin.users.partnerSourceRequired'));
      return;
    }
    setError(null);
    save.mutate();
  };
  return (
    <form className={styles.inlineForm} onSubmit={submit} noValidate data-testid="admin-role-form">
      <div>
        <label htmlFor={selectId} className={styles.label}>
          {t('admin.users.role')}
        </label>
        <select
          id={selectId}
          value={role}
          onChange={(e) => setRole(e.target.value as Role)}
          data-testid="admin-role"
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`admin.users.roles.${r}`)}
            </option>
          ))}
        </select>
      </div>
      {role === 'partner' ? (
        <TextField
          label={t('admin.users.partnerSource')}
          hint={t('admin.users.partnerSourceHint')}
          value={source}
          onChange={(e) => setSource(e.target.value)}
          error={error}
          maxLength={100}
          data-testid="admin-partner-source"
        />
      ) : null}
      <Button
        type="submit"
        size="sm"
        variant="secondary"
        loading={save.isPending}
        data-testid="admin-role-save"
      >
        {t('admin.users.saveRole')}
      </Button>
    </form>
  );
}
