import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { BlogLanguage } from '@amora/shared/blog.ts';
import { blogLanguageOf } from '../api/blog-api.ts';

/** `?lang=` of a shared link (what crawlers index) wins; else the interface language. */
export function useBlogLanguage(): BlogLanguage {
  const { i18n } = useTranslation();
  const [params] = useSearchParams();
  const asked = params.get('lang');
  return asked === 'en' || asked === 'ru' ? asked : blogLanguageOf(i18n.language);
}
