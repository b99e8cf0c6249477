import {
  CHANNEL_OVERRIDE_FIELDS,
  DEFAULT_EVENT_SETTINGS,
  eventSettingsSchema,
  registrationFieldLabelsSchema,
  type ChannelOverrides,
  type EventSettings,
} from '@livent/shared';

/**
 * The one reader of settings stored as JSON (events and channel overrides). Every field is
 * checked with the shared schema that guarded the save, one by one: a field that no longer
 * passes (written by an older version, edited by hand, a colour that is not a colour) falls back
 * to its default and the rest of the page survives. Unknown fields are dropped. What leaves here
 * is safe to put into the page's CSS custom properties (ADR 021).
 */

type Shape = typeof eventSettingsSchema.shape;
type StoredName = keyof typeof DEFAULT_EVENT_SETTINGS;

function parseObject(stored: string | null): Record<string, unknown> {
  if (stored === null) return {};
  try {
    const value: unknown = JSON.parse(stored);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    // A broken document reads as "nothing stored": the defaults rather than a failing page.
    return {};
  }
}

/** The field's value when the schema accepts it (with its normalisation), else undefined. */
function checked<K extends keyof Shape>(name: K, value: unknown): EventSettings[K] | undefined {
  if (value === undefined) return undefined;
  const result = eventSettingsSchema.shape[name].safeParse(value);
  return result.success ? (result.data as EventSettings[K]) : undefined;
}

/** An event's stored settings over the defaults; title and slug come from their columns. */
export function readEventSettings(row: {
  settings: string;
  title: string;
  slug: string;
}): EventSettings {
  const stored = parseObject(row.settings);
  const settings: Record<string, unknown> = { ...DEFAULT_EVENT_SETTINGS };
  for (const name of Object.keys(DEFAULT_EVENT_SETTINGS) as StoredName[]) {
    const value = checked(name, stored[name]);
    if (value !== undefined) settings[name] = value;
  }
  return {
    ...(settings as Omit<EventSettings, 'title' | 'slug'>),
    title: row.title,
    slug: row.slug,
  };
}

/** A channel's stored overrides: only the fields a channel may override, each valid. */
export function readChannelOverrides(stored: string): ChannelOverrides {
  const record = parseObject(stored);
  const overrides: Record<string, unknown> = {};
  for (const name of CHANNEL_OVERRIDE_FIELDS) {
    const value = checked(name, record[name]);
    if (value !== undefined) overrides[name] = value;
  }
  const labels = registrationFieldLabelsSchema.safeParse(record.registrationFieldLabels);
  if (labels.success) overrides.registrationFieldLabels = labels.data;
  return overrides as ChannelOverrides;
}

/** A channel's stored highlight selection: null (all highlights) unless a list of ids. */
export function readHighlightIds(stored: string | null): string[] | null {
  if (stored === null) return null;
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : null;
  } catch {
    return null;
  }
}
