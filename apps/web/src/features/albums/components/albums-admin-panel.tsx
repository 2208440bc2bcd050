import type { AdminAlbumCategory } from '@amora/shared/albums.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { AdminSection } from '../../admin/components/admin-section.tsx';
import { useBots } from '../../bots/hooks/use-bots.ts';
import {
  albumKeys,
  deleteAdminItem,
  fetchAdminAlbum,
  updateAdminCategory,
  uploadAdminItem,
} from '../api/albums-api.ts';
import { AlbumMedia } from './album-media.tsx';
import styles from './albums-admin.module.css';
import '../../../lib/console-i18n.ts';

/** The console's Albums tab: pick a character, enable her categories, price them, upload and delete items. */
export function AlbumsAdminPanel() {
  const { t } = useTranslation();
  const selectId = useId();
  const bots = useBots('all');
  const [botId, setBotId] = useState('');
  const album = useQuery({
    queryKey: albumKeys.admin(botId),
    queryFn: ({ signal }) => fetchAdminAlbum(botId, signal),
    enabled: botId !== '',
  });

  return (
    <AdminSection id="admin-albums" title={t('album.admin.title')}>
      <label htmlFor={selectId} className={styles.label}>
        {t('album.admin.character')}
      </label>
      <select
        id={selectId}
        className={styles.select}
        value={botId}
        onChange={(e) => setBotId(e.target.value)}
        data-testid="admin-album-bot"
      >
        <option value="">{t('album.admin.pick')}</option>
        {(bots.data ?? []).map((b) => (
          <option key={b._id} value={b._id}>
            {b.name}
          </option>
        ))}
      </select>
      <p className={styles.hint}>{t('album.admin.hint')}</p>
      {botId && album.isPending ? <Spinner label={t('common.loading')} /> : null}
      {album.isError ? <p role="alert">{errorMessage(album.error, t)}</p> : null}
      {album.data ? (
        <ul className={styles.categories}>
          {album.data.categories.map((c) => (
            <CategoryEditor key={`${botId}-${c.category}`} botId={botId} category={c} />
          ))}
        </ul>
      ) : null}
    </AdminSection>
  );
}

function CategoryEditor({ botId, category: c }: { botId: string; category: AdminAlbumCategory }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [enabled, setEnabled] = useState(c.enabled);
  const [price, setPrice] = useState(String(c.price));
  const fileId = useId();
  const refresh = () => qc.invalidateQueries({ queryKey: albumKeys.all });
  const onError = (e: unknown) => showToast(errorMessage(e, t), 'error');
  const save = useMutation({
    mutationFn: (body: Parameters<typeof updateAdminCategory>[2]) =>
      updateAdminCategory(botId, c.category, body),
    onSuccess: async () => {
      showToast(t('album.admin.saved'), 'success');
      await refresh();
    },
    onError,
  });
  const upload = useMutation({
    mutationFn: (file: File) => uploadAdminItem(botId, c.category, file),
    onSuccess: async () => {
      showToast(t('album.admin.uploaded'), 'success');
      await refresh();
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: (itemId: string) => deleteAdminItem(botId, itemId),
    onSuccess: async () => {
      showToast(t('album.admin.deleted'), 'success');
      await refresh();
    },
    onError,
  });
  const name = t(`album.categories.${c.category}`, { defaultValue: c.category });
  const priceNumber = Number(price);
  const priceValid = /^\d{1,7}$/.test(price);

  return (
    <li className={styles.category} data-testid={`admin-album-${c.category}`}>
      <div className={styles.head}>
        {c.cover ? <img src={c.cover} alt="" className={styles.cover} /> : <span className={styles.cover} />}
        <strong className={styles.name}>{name}</strong>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={enabled}
            onChange={(e) => setEnabled(e.target.checked)}
            data-testid={`admin-album-enabled-${c.category}`}
          />
          {t('album.admin.enabled')}
        </label>
        <TextField
          label={t('album.admin.price')}
          inputMode="numeric"
          value={price}
          onChange={(e) => setPrice(e.target.value.trim())}
          className={styles.price}
          error={priceValid ? null : t('album.admin.price')}
          data-testid={`admin-album-price-${c.category}`}
        />
        <Button
          size="sm"
          disabled={!priceValid}
          loading={save.isPending}
          onClick={() => save.mutate({ enabled, price: priceNumber })}
          data-testid={`admin-album-save-${c.category}`}
        >
          {t('album.admin.save')}
        </Button>
      </div>
      {c.items.length === 0 ? <p className={styles.hint}>{t('album.admin.noItems')}</p> : null}
      <ul className={styles.items}>
        {c.items.map((item) => (
          <li key={item._id} className={styles.item} data-testid="admin-album-item">
            <AlbumMedia kind={item.kind} src={item.url} alt={name} className={styles.thumb} />
            {item.kind === 'image' && c.coverItemId !== item._id ? (
              <Button size="sm" variant="secondary" onClick={() => save.mutate({ coverItemId: item._id })}>
                {t('album.admin.makeCover')}
              </Button>
            ) : c.coverItemId === item._id ? (
              <span className={styles.hint}>{t('album.admin.cover')}</span>
            ) : null}
            <Button
              size="sm"
              variant="danger"
              loading={remove.isPending && remove.variables === item._id}
              onClick={() => remove.mutate(item._id)}
              data-testid="admin-album-delete"
            >
              {t('album.admin.delete')}
            </Button>
          </li>
        ))}
      </ul>
      <label htmlFor={fileId} className={styles.label}>
        {t('album.admin.upload')}
      </label>
      <input
        id={fileId}
        type="file"
        accept="image/jpeg,image/png,image/webp,video/mp4,video/webm"
        disabled={upload.isPending}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) upload.mutate(file);
          e.target.value = '';
        }}
        data-testid={`admin-album-upload-${c.category}`}
      />
    </li>
  );
}
