import type { SettingsValues } from '../../../lib/events/use-settings-form';

/** The settings the appearance form edits; the form and its colour preview both read them. */
export const APPEARANCE_FIELDS = [
  'logo',
  'backgroundColor',
  'textColor',
  'accentColor',
  'headerColor',
  'headerTextColor',
  'headerAccentColor',
  'fontFamily',
  'customFont',
  'backgroundImage',
  'backgroundSize',
  'backgroundRepeat',
  'backgroundAttachment',
  'layout',
  'headerLayout',
  'headerHeight',
  'customLayoutOrder',
  'hideFooterLogo',
] as const;
export type AppearanceValues = SettingsValues<(typeof APPEARANCE_FIELDS)[number]>;
