import { BlogPostInput, type AdminBlogPost } from '@amora/shared/blog.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/console-i18n.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { AdminList, AdminSection } from '../../admin/components/admin-section.tsx';
import adminStyles from '../../admin/components/admin.module.css';
import { blogKeys, deletePost, fetchAdminPosts, savePost, uploadCover } from '../api/blog-api.ts';
import styles from './blog-admin.module.css';

type Draft = {
  slug: string;
  status: 'draft' | 'published';
  cover: string | null;
  en: { title: string; description: string; body: string };
  ru: { title: string; description: string; body: string };
};
const EMPTY: Draft = {
  slug: '',
  status: 'draft',
  cover: null,
  en: { title: '', description: '', body: '' },
  ru: { title: '', description: '', body: '' },
};
const draftOf = (p: AdminBlogPost): Draft => ({
  slug: p.slug,
  status: p.status,
  cover: p.cover,
  en: p.en,
  ru: p.ru,
});

/** The first problem of a draft, as `path: message` (the server checks the same schema). */
export function draftProblem(d: Draft): string | null {
  const parsed = BlogPostInput.safeParse(d);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  return `${issue.path.join('.')}: ${issue.message}`;
}

/** The console's blog: posts in English and Russian (Markdown), drafts and published, cover images. */
export function BlogAdminPanel() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const posts = useQuery({ queryKey: blogKeys.admin(), queryFn: ({ signal }) => fetchAdminPosts(signal) });
  const [editing, setEditing] = useState<{ id: string | null; draft: Draft } | null>(null);
  const remove = useMutation({
    mutationFn: deletePost,
    onSuccess: () => {
      showToast(t('blog.admin.deleted'), 'success');
      void queryClient.invalidateQueries({ queryKey: blogKeys.admin() });
    },
    onError: (err) => showToast(errorMessage(err, t), 'error'),
  });
  return (
    <AdminSection id="admin-blog" title={t('blog.admin.title')}>
      {editing ? (
        <BlogEditor
          key={editing.id ?? 'new'}
          id={editing.id}
          initial={editing.draft}
          onDone={() => setEditing(null)}
        />
      ) : (
        <div className={adminStyles.actions}>
          <Button type="button" onClick={() => setEditing({ id: null, draft: EMPTY })} data-testid="blog-new">
            {t('blog.admin.new')}
          </Button>
        </div>
      )}
      <AdminList
        title={t('blog.admin.list')}
        query={posts}
        empty={t('blog.empty')}
        testId="admin-blog-posts"
        row={(p) => (
          <li key={p._id} className={adminStyles.row} data-testid="admin-blog-post" data-slug={p.slug}>
            <div className={adminStyles.rowMain}>
              <strong>{i18n.language === 'ru' ? p.ru.title : p.en.title}</strong>
              <span className={adminStyles.muted}>
                /blog/{p.slug} · {t(`blog.admin.status.${p.status}`)} ·{' '}
                {formatDateTime(p.updatedAt, i18n.language)}
              </span>
            </div>
            <div className={adminStyles.actions}>
              <Button
                type="button"
                size="sm"
                variant="secondary"
                onClick={() => setEditing({ id: p._id, draft: draftOf(p) })}
              >
                {t('blog.admin.edit')}
              </Button>
              <Button
                type="button"
                size="sm"
                variant="danger"
                onClick={() => {
                  if (window.confirm(t('blog.admin.confirmDelete', { slug: p.slug }))) remove.mutate(p._id);
                }}
              >
                {t('blog.admin.delete')}
              </Button>
            </div>
          </li>
        )}
      />
    </AdminSection>
  );
}

function BlogEditor({ id, initial, onDone }: { id: string | null; initial: Draft; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (d: Draft) => savePost(id, d),
    onSuccess: () => {
      showToast(t('blog.admin.saved'), 'success');
      void queryClient.invalidateQueries({ queryKey: blogKeys.admin() });
      void queryClient.invalidateQueries({ queryKey: ['blog'] });
      onDone();
    },
    onError: (err) => showToast(errorMessage(err, t), 'error'),
  });
  const upload = useMutation({
    mutationFn: uploadCover,
    onSuccess: (url) => setDraft((d) => ({ ...d, cover: url })),
    onError: (err) => showToast(errorMessage(err, t), 'error'),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const why = draftProblem(draft);
    setProblem(why);
    if (!why) save.mutate(draft);
  };
  const setLang = (lang: 'en' | 'ru', field: 'title' | 'description' | 'body', value: string) =>
    setDraft((d) => ({ ...d, [lang]: { ...d[lang], [field]: value } }));

  return (
    <form className={styles.editor} onSubmit={submit} noValidate data-testid="blog-editor">
      <div className={styles.row}>
        <TextField
          label={t('blog.admin.slug')}
          value={draft.slug}
          onChange={(e) => setDraft({ ...draft, slug: e.target.value })}
          maxLength={120}
          data-testid="blog-slug"
        />
        <label className={styles.field}>
          {t('blog.admin.statusLabel')}
          <select
            value={draft.status}
            onChange={(e) =>
              setDraft({ ...draft, status: e.target.value === 'published' ? 'published' : 'draft' })
            }
            data-testid="blog-status"
          >
            <option value="draft">{t('blog.admin.status.draft')}</option>
            <option value="published">{t('blog.admin.status.published')}</option>
          </select>
        </label>
        <label className={styles.field}>
          {t('blog.admin.cover')}
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) upload.mutate(file);
            }}
            data-testid="blog-cover"
          />
        </label>
      </div>
      {draft.cover ? (
        <div className={styles.row}>
          <img src={draft.cover} alt={t('blog.admin.cover')} className={styles.coverPreview} />
          <Button type="button" size="sm" variant="ghost" onClick={() => setDraft({ ...draft, cover: null })}>
            {t('blog.admin.removeCover')}
          </Button>
        </div>
      ) : null}
      <div className={styles.langs}>
        {(['en', 'ru'] as const).map((lang) => (
          <fieldset key={lang} className={styles.lang}>
            <legend>{t(`blog.admin.lang.${lang}`)}</legend>
            <TextField
              label={t('blog.admin.postTitle')}
              value={draft[lang].title}
              onChange={(e) => setLang(lang, 'title', e.target.value)}
              maxLength={200}
              data-testid={`blog-title-${lang}`}
            />
            <TextField
              label={t('blog.admin.description')}
              value={draft[lang].description}
              onChange={(e) => setLang(lang, 'description', e.target.value)}
              maxLength={300}
              data-testid={`blog-description-${lang}`}
            />
            <label className={styles.field}>
              {t('blog.admin.body')}
              <textarea
                value={draft[lang].body}
                onChange={(e) => setLang(lang, 'body', e.target.value)}
                maxLength={100_000}
                data-testid={`blog-body-${lang}`}
              />
            </label>
          </fieldset>
        ))}
      </div>
      {problem ? (
        <p role="alert" className={styles.error} data-testid="blog-problem">
          {problem}
        </p>
      ) : null}
      <div className={adminStyles.actions}>
        <Button type="submit" loading={save.isPending} data-testid="blog-save">
          {t('blog.admin.save')}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
