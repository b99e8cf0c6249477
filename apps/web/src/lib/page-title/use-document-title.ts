import { useMatches } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { pageTitleKey } from './page-title';

/** Keeps `document.title` at "<Title> · Livent" in the current language. */
export function useDocumentTitle(): void {
  const { t } = useTranslation();
  const titleKey = useMatches({ select: (matches) => pageTitleKey(matches) });
  const title = titleKey
    ? t('app.titleTemplate', { title: t(`titles.${titleKey}`) })
    : t('app.name');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
