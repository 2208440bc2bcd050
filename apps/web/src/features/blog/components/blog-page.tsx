import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { blogKeys, blogLanguageOf, fetchPosts } from '../api/blog-api.ts';
import { useBlogLanguage } from './use-blog-language.ts';
import styles from './blog.module.css';

export function formatPostDate(iso: string | null, language: string): string {
  return iso
    ? new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso))
    : '';
}

/** `/blog` (SPEC §2): the published posts in the reader's language, newest first. */
export function BlogPage() {
  const { t } = useTranslation();
  const lang = useBlogLanguage();
  useDocumentTitle(t('blog.title'));
  const posts = useQuery({
    queryKey: blogKeys.list(lang),
    queryFn: ({ signal }) => fetchPosts(lang, signal),
  });
  return (
    <div className={styles.page} data-testid="blog-page">
      <h1 className={`${styles.title} display-font`}>{t('blog.title')}</h1>
      {posts.isPending ? (
        <PageSpinner label={t('common.loading')} />
      ) : posts.isError ? (
        <p role="alert">{errorMessage(posts.error, t)}</p>
      ) : posts.data.length === 0 ? (
        <p className={styles.muted}>{t('blog.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {posts.data.map((p) => (
            <li key={p._id}>
              <Link
                to={`/blog/${encodeURIComponent(p.slug)}`}
                className={styles.card}
                data-testid="blog-post-link"
              >
                {p.cover ? <img className={styles.cover} src={p.cover} alt="" loading="lazy" /> : null}
                <div className={styles.cardBody}>
                  <h2 className={styles.cardTitle}>{p.title}</h2>
                  <p className={styles.muted}>{p.description}</p>
                  <p className={styles.date}>{formatPostDate(p.publishedAt, blogLanguageOf(lang))}</p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
