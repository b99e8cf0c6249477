import type { EventSettings } from '@livent/shared';
import type { TFunction } from 'i18next';
import { createContext, useContext } from 'react';
import type { PageData } from './page-data.js';

export interface PageContextValue {
  data: PageData;
  settings: EventSettings;
  /** The viewer catalogue in the page's language. */
  t: TFunction<'viewer'>;
}

/** What every block of one page reads: the page's data and its language's texts. */
export const PageContext = createContext<PageContextValue | null>(null);

export function usePage(): PageContextValue {
  const value = useContext(PageContext);
  if (!value) throw new Error('A page block rendered outside EventPage');
  return value;
}

export function eventHref(data: PageData, channel: string | null): string {
  return channel ? `/${data.eventSlug}/${channel}` : `/${data.eventSlug}`;
}
