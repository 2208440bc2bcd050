import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchFeedback, readingKeys } from '../api/reading-api.ts';
import { AdminList, AdminSection } from './admin-section.tsx';
import styles from './admin.module.css';
import offerStyles from './offers-panel.module.css';
import '../../../lib/console-i18n.ts';

/** `/admin/feedback`: what users said about their chats, newest first (issue 11 item 5). */
export function FeedbackPanel() {
  const { t, i18n } = useTranslation();
  const feedback = useQuery({
    queryKey: readingKeys.feedback(),
    queryFn: ({ signal }) => fetchFeedback(signal),
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <AdminSection id="admin-feedback" title={t('admin.feedback.title')}>
      <p className={styles.muted}>{t('admin.feedback.intro')}</p>
      <AdminList
        title={t('admin.feedback.list')}
        query={feedback}
        empty={t('admin.feedback.empty')}
        testId="feedback-list"
        row={(f) => (
          <li key={f._id} className={offerStyles.offer} data-testid="feedback-row">
            <div className={offerStyles.offerTitle}>
              <span aria-label={t('admin.feedback.rating', { rating: f.rating })}>
                {'★'.repeat(f.rating)}
                {'☆'.repeat(Math.max(0, 5 - f.rating))}
              </span>
              <span className={styles.strong}>{f.bot.name}</span>
              <span className={styles.muted}>{f.user.email}</span>
              <span className={styles.muted}>{date.format(new Date(f.createdAt))}</span>
            </div>
            {f.text ? <p>{f.text}</p> : <p className={styles.muted}>{t('admin.feedback.noText')}</p>}
          </li>
        )}
      />
    </AdminSection>
  );
}
