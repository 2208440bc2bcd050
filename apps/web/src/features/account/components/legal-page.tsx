import type { LegalDoc } from '@amora/shared/account.ts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Markdown from 'react-markdown';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { accountKeys, fetchLegal } from '../api/account-api.ts';
import styles from './account.module.css';
import '../../../lib/pages-i18n.ts';

/**
 * `/legal/terms` and `/legal/privacy`: the operator's Markdown, rendered by react-markdown, which
 * never renders raw HTML (decision 097), in the interface language (Russian or English).
 */
export function LegalPage({ doc }: { doc: LegalDoc }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ru' ? 'ru' : 'en';
  useDocumentTitle(t(`account.legal.${doc}`));
  const text = useQuery({
    queryKey: accountKeys.legal(doc, language),
    queryFn: ({ signal }) => fetchLegal(doc, language, signal),
  });
  return (
    <article className={styles.page} data-testid={`legal-${doc}`}>
      {text.isPending ? (
        <Spinner />
      ) : text.isError ? (
        <p role="alert">{errorMessage(text.error, t)}</p>
      ) : (
        <Markdown skipHtml>{text.data.markdown}</Markdown>
      )}
    </article>
  );
}
