import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../app/layouts/page-header.tsx';
import styles from './faq-page.module.css';
import '../../../lib/pages-i18n.ts';

/** The 10 topics of SPEC §9, in this order. */
export const FAQ_TOPICS = [
  'what_is',
  'how_it_works',
  'what_can_i_do',
  'levels_of_interaction',
  'how_to_increase_level',
  'can_level_decrease',
  'what_if_level_drops',
  'different_models',
  'cost_per_action',
  'model_broke_up',
] as const;

/** `/profile/faq`: questions as native disclosure widgets (keyboard and screen-reader friendly). */
export function FaqPage() {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <PageHeader />
      <div className={styles.list}>
        {FAQ_TOPICS.map((topic) => (
          <details key={topic} className={styles.item} data-testid={`faq-${topic}`}>
            <summary className={styles.question}>{t(`faq.${topic}.q`)}</summary>
            <p className={styles.answer}>{t(`faq.${topic}.a`)}</p>
          </details>
        ))}
      </div>
    </div>
  );
}
