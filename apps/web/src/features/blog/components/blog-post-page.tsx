import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { blogKeys, fetchPost } from '../api/blog-api.ts';
import { formatPostDate } from './blog-page.tsx';
import { useBlogLanguage } from './use-blog-language.ts';
import styles from './blog.module.css';

/** `/blog/:slug`: one post; its HTML was rendered from Markdown and sanitised by the server. */
export function BlogPostPage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const lang = useBlogLanguage();
  const post = useQuery({
    queryKey: blogKeys.post(slug, lang),
    queryFn: ({ signal }) => fetchPost(slug, lang, signal),
    retry: (n, err) => !(isApiError(err) && err.statusCode === 404) && n < 2,
  });
  useDocumentTitle(post.data?.title ?? t('blog.title'));
  if (post.isPending) return <PageSpinner label={t('common.loading')} />;
  if (post.isError) {
    if (isApiError(post.error) && post.error.statusCode === 404)
      return (
        <div className={styles.page} data-testid="blog-not-found">
          <h1 className={`${styles.title} display-font`}>{t('blog.notFound')}</h1>
          <Link to="/blog">{t('blog.allPosts')}</Link>
        </div>
      );
    return <p role="alert">{errorMessage(post.error, t)}</p>;
  }
  const p = post.data;
  return (
    <article className={styles.page} data-testid="blog-post" lang={p.language}>
      <Link to="/blog" className={styles.back} data-testid="blog-back">
        ← {t('blog.allPosts')}
      </Link>
      <h1 className={`${styles.title} display-font`}>{p.title}</h1>
      <p className={styles.muted}>{p.description}</p>
      <p className={styles.date}>{formatPostDate(p.publishedAt, p.language)}</p>
      {p.cover ? <img className={styles.cover} src={p.cover} alt="" /> : null}
      {/* Sanitised on the server (sanitize-html allow-list, decision 085). */}
      <div
        className={styles.article}
        data-testid="blog-post-body"
        dangerouslySetInnerHTML={{ __html: p.html }}
      />
    </article>
  );
}
