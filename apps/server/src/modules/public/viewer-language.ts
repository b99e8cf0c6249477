import { VIEWER_LANGUAGES, type ViewerLanguage } from '@livent/shared';
import { negotiateLanguage } from '../../lib/accept-language.js';
import type { ChannelModel, EventModel } from './public-events.js';

/** English first: a wildcard (`*`) in Accept-Language gets the default. */
const NEGOTIATED_LANGUAGES: readonly ViewerLanguage[] = [
  'en',
  ...VIEWER_LANGUAGES.filter((language) => language !== 'en'),
];

/** The viewer's language among de/en/es/fr from Accept-Language; English by default. */
export function viewerLanguage(acceptLanguage: string | undefined): ViewerLanguage {
  return negotiateLanguage(acceptLanguage, NEGOTIATED_LANGUAGES) ?? 'en';
}

/**
 * The language of a page of `model` (a channel's or the event's); `auto` asks the browser through
 * `negotiate`, and the answer then varies by Accept-Language (`negotiated`).
 */
export function pageLanguage(
  model: EventModel,
  channel: ChannelModel | undefined,
  acceptLanguage: string | undefined,
  negotiate: (acceptLanguage: string | undefined) => ViewerLanguage = viewerLanguage,
): { language: ViewerLanguage; negotiated: boolean } {
  const setting = channel?.overrides.language ?? model.settings.language;
  return setting === 'auto'
    ? { language: negotiate(acceptLanguage), negotiated: true }
    : { language: setting, negotiated: false };
}
