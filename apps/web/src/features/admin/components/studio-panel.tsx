import type { Bot } from '@amora/shared/bots.ts';
import type { StudioBot } from '@amora/shared/studio.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { botKeys } from '../../bots/api/bots-api.ts';
import { ModelCard } from '../../bots/components/model-card.tsx';
import {
  createStudioBot,
  deleteMedia,
  deleteStudioBot,
  exportCard,
  fetchStudioBot,
  fetchStudioBots,
  importCard,
  setMediaLevel,
  studioKeys,
  updateStudioBot,
  uploadMedia,
} from '../api/studio-api.ts';
import {
  STUDIO_BILINGUAL,
  STUDIO_MULTILINE,
  emptyStudioDraft,
  studioDraft,
  studioInputFromDraft,
  type StudioDraft,
} from '../studio-form.ts';
import { AdminSection } from './admin-section.tsx';
import styles from './admin.module.css';
import offerStyles from './offers-panel.module.css';
import '../../../lib/console-i18n.ts';

const LEVELS = [1, 2, 3, 4] as const;
const CATEGORIES = ['photo', 'main', 'selfie', 'non-explicit', 'lingerie', 'video', 'video_avatar'] as const;

/** `/admin/studio`: the characters, the card import, and a new character. */
export function StudioPanel() {
  const { t } = useTranslation();
  const { botId } = useParams();
  if (botId) return <StudioEditor key={botId} botId={botId === 'new' ? null : botId} />;
  return (
    <AdminSection id="admin-studio" title={t('admin.studio.title')}>
      <p className={styles.muted}>{t('admin.studio.intro')}</p>
      <div className={styles.actions}>
        <Link to="/admin/studio/new" className={buttonClass('primary', 'md')} data-testid="studio-new">
          {t('admin.studio.new')}
        </Link>
        <ImportCard />
      </div>
      <StudioList />
    </AdminSection>
  );
}

function useRefreshBots() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: studioKeys.all });
    void queryClient.invalidateQueries({ queryKey: botKeys.all });
  };
}

function ImportCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefreshBots();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const run = useMutation({
    mutationFn: importCard,
    onSuccess: (bot: Bot) => {
      refresh();
      showToast(t('admin.studio.imported', { name: bot.name }), 'success');
      void navigate(`/admin/studio/${bot._id}`);
    },
    onError: (err) => showToast(errorMessage(err, t), 'error'),
  });
  return (
    <div>
      <label htmlFor={id} className={buttonClass('secondary', 'md')}>
        {run.isPending ? t('common.loading') : t('admin.studio.import')}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept=".png,.json,image/png,application/json"
        className="visually-hidden"
        data-testid="studio-import-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) run.mutate(file);
          e.target.value = '';
        }}
      />
      <p className={styles.hint}>{t('admin.studio.importHint')}</p>
    </div>
  );
}

function StudioList() {
  const { t } = useTranslation();
  const bots = useQuery({ queryKey: studioKeys.list(), queryFn: ({ signal }) => fetchStudioBots(signal) });
  if (bots.isPending) return <Spinner label={t('common.loading')} />;
  if (bots.isError)
    return (
      <p role="alert" className={styles.error}>
        {errorMessage(bots.error, t)}
      </p>
    );
  return (
    <ul className={styles.rows} data-testid="studio-list">
      {bots.data.map((b) => (
        <li key={b._id} className={offerStyles.offer} data-testid={`studio-bot-${b.remote_id}`}>
          <div className={offerStyles.offerTitle}>
            {b.avatar ? (
              <img
                src={b.avatar}
                alt=""
                width={40}
                height={40}
                style={{ borderRadius: 8, objectFit: 'cover' }}
              />
            ) : null}
            <Link to={`/admin/studio/${b._id}`}>{b.name}</Link>
            <span className={styles.muted}>
              #{b.remote_id} · {b.age} · {t(`admin.studio.types.${b.type}`)}
            </span>
            {!b.active ? <span className={styles.count}>{t('admin.studio.hidden')}</span> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

function StudioEditor({ botId }: { botId: string | null }) {
  const { t } = useTranslation();
  const bot = useQuery({
    queryKey: studioKeys.bot(botId ?? 'new'),
    queryFn: ({ signal }) => fetchStudioBot(botId!, signal),
    enabled: botId !== null,
  });
  const title = botId ? (bot.data?.name ?? t('admin.studio.title')) : t('admin.studio.new');
  return (
    <AdminSection id="admin-studio" title={title}>
      <Link to="/admin/studio" className={buttonClass('ghost', 'sm')}>
        {t('admin.studio.back')}
      </Link>
      {botId && bot.isPending ? <Spinner label={t('common.loading')} /> : null}
      {bot.isError ? (
        <p role="alert" className={styles.error}>
          {errorMessage(bot.error, t)}
        </p>
      ) : null}
      {!botId ? <BotForm bot={null} /> : null}
      {bot.data ? (
        <>
          <Preview bot={bot.data} />
          <BotForm bot={bot.data} />
          <MediaSection bot={bot.data} />
          <Danger bot={bot.data} />
        </>
      ) : null}
    </AdminSection>
  );
}

function Preview({ bot }: { bot: StudioBot }) {
  const { t } = useTranslation();
  return (
    <div data-testid="studio-preview">
      <h2 className={styles.subTitle}>{t('admin.studio.preview')}</h2>
      <p className={styles.hint}>{t('admin.studio.previewHint')}</p>
      <div style={{ maxWidth: 240 }}>
        <ModelCard bot={bot} onOpen={() => undefined} />
      </div>
    </div>
  );
}

function BotForm({ bot }: { bot: StudioBot | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refresh = useRefreshBots();
  const [draft, setDraft] = useState<StudioDraft>(() => (bot ? studioDraft(bot) : emptyStudioDraft()));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const save = useMutation({
    mutationFn: async () => {
      const parsed = studioInputFromDraft(draft);
      if (!parsed.ok) {
        setErrors(parsed.errors);
        return null;
      }
      setErrors({});
      return bot ? updateStudioBot(bot._id, parsed.value) : createStudioBot(parsed.value);
    },
    onSuccess: (saved) => {
      if (!saved) return;
      queryClient.setQueryData(studioKeys.bot(saved._id), saved);
      refresh();
      showToast(t('admin.studio.saved'), 'success');
      if (!bot) void navigate(`/admin/studio/${saved._id}`);
    },
    onError: (err) => showToast(errorMessage(err, t), 'error'),
  });
  const set = (k: keyof StudioDraft, v: string | boolean) => setDraft((d) => ({ ...d, [k]: v }));
  const text = (k: keyof StudioDraft, label: string, multiline = false) =>
    multiline ? (
      <label
        key={k}
        className={offerStyles.wide}
        style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
      >
        <span className={styles.label}>{label}</span>
        <textarea
          rows={3}
          value={String(draft[k])}
          onChange={(e) => set(k, e.target.value)}
          aria-invalid={errors[k] ? true : undefined}
          data-testid={`studio-${k}`}
        />
        {errors[k] ? (
          <span role="alert" className={styles.error}>
            {errors[k]}
          </span>
        ) : null}
      </label>
    ) : (
      <TextField
        key={k}
        label={label}
        value={String(draft[k])}
        onChange={(e) => set(k, e.target.value)}
        error={errors[k] ?? null}
        data-testid={`studio-${k}`}
      />
    );
  return (
    <form
      noValidate
      className={offerStyles.section}
      data-testid="studio-form"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <fieldset className={offerStyles.offer}>
        <legend className={offerStyles.offerTitle}>{t('admin.studio.groups.card')}</legend>
        <div className={offerStyles.fields}>
          {text('name', t('admin.studio.fields.name'))}
          {text('age', t('admin.studio.fields.age'))}
          <label style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
            <span className={styles.label}>{t('admin.studio.fields.sex')}</span>
            <select value={draft.sex} onChange={(e) => set('sex', e.target.value)} data-testid="studio-sex">
              <option value="female">{t('admin.studio.sex.female')}</option>
              <option value="male">{t('admin.studio.sex.male')}</option>
            </select>
          </label>
          <label style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
            <span className={styles.label}>{t('admin.studio.fields.type')}</span>
            <select
              value={draft.type}
              onChange={(e) => set('type', e.target.value)}
              data-testid="studio-type"
            >
              <option value="realistic">{t('admin.studio.types.realistic')}</option>
              <option value="anime">{t('admin.studio.types.anime')}</option>
            </select>
          </label>
          {text('body_type', t('admin.studio.fields.body_type'))}
          {text('sort', t('admin.studio.fields.sort'))}
          {text('video_quality', t('admin.studio.fields.video_quality'))}
          <label style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <input
              type="checkbox"
              checked={draft.is_video}
              onChange={(e) => set('is_video', e.target.checked)}
            />
            {t('admin.studio.fields.is_video')}
          </label>
          <label style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <input
              type="checkbox"
              checked={draft.active}
              onChange={(e) => set('active', e.target.checked)}
              data-testid="studio-active"
            />
            {t('admin.studio.fields.active')}
          </label>
        </div>
      </fieldset>
      {STUDIO_BILINGUAL.map((g) => (
        <fieldset key={g} className={offerStyles.offer}>
          <legend className={offerStyles.offerTitle}>{t(`admin.studio.groups.${g}`)}</legend>
          <p className={styles.hint}>{t(`admin.studio.hints.${g}`)}</p>
          <div className={offerStyles.fields}>
            {text(`${g}_en` as keyof StudioDraft, t('admin.studio.english'), STUDIO_MULTILINE.has(g))}
            {text(`${g}_ru` as keyof StudioDraft, t('admin.studio.russian'), STUDIO_MULTILINE.has(g))}
          </div>
        </fieldset>
      ))}
      <div className={`${styles.actions} ${offerStyles.saveRow}`}>
        <Button type="submit" loading={save.isPending} data-testid="studio-save">
          {bot ? t('admin.studio.save') : t('admin.studio.create')}
        </Button>
      </div>
    </form>
  );
}

function MediaSection({ bot }: { bot: StudioBot }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = useRefreshBots();
  const [level, setLevel] = useState(2);
  const [category, setCategory] = useState<string>('photo');
  const [file, setFile] = useState<File | null>(null);
  const fileId = useId();
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: studioKeys.bot(bot._id) });
    refresh();
  };
  const upload = useMutation({
    mutationFn: () => uploadMedia(bot._id, { file: file!, level, category }),
    onSuccess: () => {
      setFile(null);
      reload();
      showToast(t('admin.studio.media.uploaded'), 'success');
    },
    onError: (err) => showToast(errorMessage(err, t), 'error'),
  });
  const changeLevel = useMutation({
    mutationFn: (v: { mediaId: string; level: number }) => setMediaLevel(bot._id, v.mediaId, v.level),
    onSuccess: reload,
    onError: (err) => showToast(errorMessage(err, t), 'error'),
  });
  const remove = useMutation({
    mutationFn: (mediaId: string) => deleteMedia(bot._id, mediaId),
    onSuccess: reload,
    onError: (err) => showToast(errorMessage(err, t), 'error'),
  });
  return (
    <section data-testid="studio-media">
      <h2 className={styles.subTitle}>{t('admin.studio.media.title')}</h2>
      <p className={styles.hint}>{t('admin.studio.media.hint')}</p>
      <form
        className={offerStyles.fields}
        onSubmit={(e) => {
          e.preventDefault();
          if (file) upload.mutate();
        }}
      >
        <label style={{ display: 'flex', flexDirection: 'column', gap: 4 }} htmlFor={fileId}>
          <span className={styles.label}>{t('admin.studio.media.file')}</span>
          <input
            id={fileId}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif,video/webm,video/mp4"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            data-testid="studio-media-file"
          />
        </label>
        <label style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
          <span className={styles.label}>{t('admin.studio.media.level')}</span>
          <select
            value={level}
            onChange={(e) => setLevel(Number(e.target.value))}
            data-testid="studio-media-level"
          >
            {LEVELS.map((l) => (
              <option key={l} value={l}>
                {t('admin.studio.media.levelN', { level: l })}
              </option>
            ))}
          </select>
        </label>
        <label style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
          <span className={styles.label}>{t('admin.studio.media.category')}</span>
          <select
            value={category}
            onChange={(e) => setCategory(e.target.value)}
            data-testid="studio-media-category"
          >
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`admin.studio.categories.${c}`)}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" disabled={!file} loading={upload.isPending} data-testid="studio-media-upload">
          {t('admin.studio.media.upload')}
        </Button>
      </form>
      <ul className={styles.rows} data-testid="studio-media-list">
        {bot.media.map((m) => (
          <li key={m._id} className={offerStyles.offer} data-testid="studio-media-item" data-level={m.level}>
            <div className={offerStyles.offerTitle}>
              {m.kind === 'image' ? (
                <img
                  src={m.url}
                  alt=""
                  width={64}
                  height={64}
                  style={{ objectFit: 'cover', borderRadius: 8 }}
                />
              ) : (
                <video src={m.url} width={64} height={64} muted />
              )}
              <span>{t(`admin.studio.categories.${m.category}`, { defaultValue: m.category })}</span>
              <select
                aria-label={t('admin.studio.media.level')}
                value={m.level}
                onChange={(e) => changeLevel.mutate({ mediaId: m._id, level: Number(e.target.value) })}
              >
                {LEVELS.map((l) => (
                  <option key={l} value={l}>
                    {t('admin.studio.media.levelN', { level: l })}
                  </option>
                ))}
              </select>
              <Button type="button" variant="ghost" size="sm" onClick={() => remove.mutate(m._id)}>
                {t('admin.studio.media.remove')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Danger({ bot }: { bot: StudioBot }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefreshBots();
  const [confirming, setConfirming] = useState(false);
  const download = useMutation({
    mutationFn: () => exportCard(bot._id),
    onSuccess: (blob) => {
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `${bot.name.replace(/[^\w-]+/g, '_') || 'character'}.png`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
    onError: (err) => showToast(errorMessage(err, t), 'error'),
  });
  const remove = useMutation({
    mutationFn: () => deleteStudioBot(bot._id),
    onSuccess: () => {
      refresh();
      showToast(t('admin.studio.deleted'), 'success');
      void navigate('/admin/studio');
    },
    onError: (err) => showToast(errorMessage(err, t), 'error'),
  });
  return (
    <div className={styles.actions}>
      <Button
        type="button"
        variant="secondary"
        loading={download.isPending}
        onClick={() => download.mutate()}
        data-testid="studio-export"
      >
        {t('admin.studio.export')}
      </Button>
      {confirming ? (
        <>
          <span role="alert">{t('admin.studio.deleteConfirm', { name: bot.name })}</span>
          <Button
            type="button"
            variant="danger"
            loading={remove.isPending}
            onClick={() => remove.mutate()}
            data-testid="studio-delete-confirm"
          >
            {t('admin.studio.delete')}
          </Button>
          <Button type="button" variant="ghost" onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </Button>
        </>
      ) : (
        <Button type="button" variant="ghost" onClick={() => setConfirming(true)} data-testid="studio-delete">
          {t('admin.studio.delete')}
        </Button>
      )}
    </div>
  );
}
