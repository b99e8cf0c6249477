import deCommon from '../../locales/de/common.json';
import deScreens from '../../locales/de/screens.json';
import enCommon from '../../locales/en/common.json';
import enScreens from '../../locales/en/screens.json';

/**
 * The catalogues are bundled statically: both languages together are a few kilobytes, and a
 * language switch must not wait for the network (spec section 1: English and German).
 */
export const resources = {
  en: { common: enCommon, screens: enScreens },
  de: { common: deCommon, screens: deScreens },
} as const;

export const NAMESPACES = ['common', 'screens'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export type TitleKey = keyof typeof enCommon.titles;
export type ScreenKey = keyof typeof enScreens;
