import { useEffect } from 'react';
import { i18n } from './i18n.ts';

export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    const app = i18n.t('app.name');
    document.title = title ? `${title} · ${app}` : app;
  }, [title]);
}
