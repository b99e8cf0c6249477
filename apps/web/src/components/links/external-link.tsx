import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../visually-hidden';
import { LinkAnchor } from './text-link';

/** A text link to another site, opened in a new tab (and saying so to screen readers). */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <LinkAnchor href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span style={visuallyHidden}> ({t('app.opensInNewTab')})</span>
    </LinkAnchor>
  );
}
