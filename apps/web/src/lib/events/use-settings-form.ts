import {
  EVENT_SETTING_FEATURES,
  hasFeature,
  type EventSettingName,
  type EventSettings,
  type EventSettingsPatch,
  type EventSettingsResponse,
  type Feature,
} from '@livent/shared';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useMemo, type ReactElement } from 'react';
import {
  useForm,
  type Path,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes/use-unsaved-changes-guard';
import { usePlanAllowance } from '../auth/use-plan-allowance';
import { changedFields } from '../forms/changed-fields';
import { lazyResolver } from '../forms/lazy-resolver';
import { loadNamespaces } from '../i18n/i18n';
import type { Namespace } from '../i18n/resources';
import { reportFormError } from '../forms/report-error';
import { notify } from '../notifications';
import { eventSettingsQueryOptions, useSaveEventSettings } from './event-settings';

/** The form values of a section: the settings it edits. */
export type SettingsValues<K extends EventSettingName> = Pick<EventSettings, K>;

export interface SettingsForm<K extends EventSettingName> {
  /** react-hook-form over the picked settings, validated by the shared schema. */
  form: UseFormReturn<SettingsValues<K>>;
  /** The form's submit handler: saves the changed fields. */
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  /** Render next to the form: asks before leaving with unsaved changes (docs/product-spec.md section 4). */
  guard: ReactElement;
  /** Unsaved changes: the form's, or a pending change that is no form field (`options.pending`). */
  dirty: boolean;
  /** Drops every unsaved change: the form's values and the pending change. */
  discard: () => void;
  /** Every saved setting of the event (also those the section does not edit). */
  settings: EventSettingsResponse;
  /** The plan feature a setting needs and the plan lacks, or undefined (docs/product-spec.md section 6). */
  missingFeature: (name: K) => Feature | undefined;
  /**
   * `register(name)` of each setting, for spreading onto native inputs (`{...fields.title}`):
   * numbers are read as numbers, an emptied date or time as null.
   */
  fields: { readonly [N in K]: UseFormRegisterReturn<Path<SettingsValues<K>>> };
}

export interface SettingsFormOptions {
  /**
   * A change that is no form field, such as the messages guest token's `renew` or `null`
   * (ADR 025): sent with the next save like the changed fields, counted as unsaved, and
   * cleared by `clear` after that save or a discard.
   */
  pending?: { patch: EventSettingsPatch; clear: () => void };
}

/** Nullable text settings: an emptied input means null. */
const NULLABLE_TEXT: readonly EventSettingName[] = ['startDate', 'startTime'];
/** Nullable number settings: an emptied input means null, else the number. */
const NULLABLE_NUMBER: readonly EventSettingName[] = ['durationMinutes'];

/** The picked settings, as the form's values. */
export function pickSettings<K extends EventSettingName>(
  settings: EventSettings,
  names: readonly K[],
): SettingsValues<K> {
  return Object.fromEntries(names.map((name) => [name, settings[name]])) as SettingsValues<K>;
}

/**
 * The settings whose values differ from the saved ones: what `PATCH /event-settings/{id}` takes
 * (spec/api.md: "only the changed fields"). Compared by value, so a field changed and changed
 * back is not sent, and lists (menu items) are sent whole when any item changed. Settings listed
 * in `skip` (locked by the plan) are never sent.
 */
export function changedSettings<K extends EventSettingName>(
  values: SettingsValues<K>,
  saved: EventSettings,
  skip: readonly K[] = [],
): EventSettingsPatch {
  return changedFields(values, saved, skip) as EventSettingsPatch;
}

/** For `register(name, { setValueAs: emptyToNull })` of nullable text settings (start date). */
export const emptyToNull = (value: unknown): unknown => (value === '' ? null : value);

/** For `register(name, { setValueAs: emptyToNullNumber })` of nullable numbers (the duration). */
export const emptyToNullNumber = (value: unknown): unknown =>
  value === '' || value === null || value === undefined ? null : Number(value);

/**
 * Namespaces every editor screen needs (the framework's texts, the form messages) plus the
 * screen's own; call in the route's `loader` (or use `loadEditorScreen`, which also loads the
 * event's settings and shows the 404 page for a missing event).
 */
export const loadEditorNamespaces = (...namespaces: Namespace[]) =>
  loadNamespaces('events', 'forms', ...namespaces);

/**
 * The editor's form over some settings of an event (ADR 015). Load the settings in the route's
 * loader (`loadEditorScreen`, `lib/events/editor-loader.ts`); this hook reads
 * them from the cache. Saving sends only the changed fields, shows "Saved", puts the server's
 * field errors onto the fields ("slug already in use" at the slug) and resets the form to the
 * saved answer. Settings whose plan feature is missing keep their value and are never sent.
 * Render the result with `SettingsForm` (`components/forms/settings-form.tsx`); load the screen
 * with `loadEditorScreen` (`lib/events/editor-loader.ts`).
 *
 * @example
 * const settingsForm = useSettingsForm(eventid, ['headline', 'introduction']);
 * const { register, formState: { errors } } = settingsForm.form;
 * return (
 *   <SettingsForm settingsForm={settingsForm}>
 *     <SectionCard title={t('text.title')}>
 *       <TextInputField label={…} error={errors.headline?.message} {...register('headline')} />
 *     </SectionCard>
 *   </SettingsForm>
 * );
 */
export function useSettingsForm<const K extends EventSettingName>(
  eventId: string,
  names: readonly K[],
  options: SettingsFormOptions = {},
): SettingsForm<K> {
  const { t } = useTranslation('forms');
  const { data: settings } = useSuspenseQuery(eventSettingsQueryOptions(eventId));
  const allowance = usePlanAllowance();
  const key = names.join(',');
  // The names are a constant list per screen; `key` keeps these stable across renders.
  const resolver = useMemo(
    () =>
      lazyResolver<SettingsValues<K>>(async () =>
        (await import('./settings-schema')).eventSettingsSchema.pick(
          Object.fromEntries(key.split(',').map((name) => [name, true])) as never,
        ),
      ),
    [key],
  );
  const form = useForm<SettingsValues<K>>({
    resolver,
    defaultValues: pickSettings(settings, names) as never,
  });
  const { isDirty, isSubmitting } = form.formState;
  const pendingPatch = options.pending?.patch ?? {};
  const dirty = isDirty || Object.keys(pendingPatch).length > 0;
  const save = useSaveEventSettings(eventId);
  const guard = useUnsavedChangesGuard(dirty && !isSubmitting);

  const missingFeature = (name: K): Feature | undefined => {
    const feature = EVENT_SETTING_FEATURES[name];
    return feature && !hasFeature(allowance, feature) ? feature : undefined;
  };
  const locked = names.filter((name) => missingFeature(name));

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const patch = {
        ...changedSettings(values as SettingsValues<K>, settings, locked),
        ...pendingPatch,
      };
      const saved = Object.keys(patch).length > 0 ? await save.mutateAsync(patch) : settings;
      form.reset(pickSettings(saved, names) as never);
      options.pending?.clear();
      notify({ type: 'success', message: t('saved') });
    } catch (error) {
      await reportFormError(
        form.setError,
        error,
        names as unknown as readonly Path<SettingsValues<K>>[],
      );
    }
  });

  const fields = {} as { [N in K]: UseFormRegisterReturn<Path<SettingsValues<K>>> };
  for (const name of names) {
    // Registered on first use only: switches and images bind through `useController` instead.
    Object.defineProperty(fields, name, {
      enumerable: true,
      get: () =>
        form.register(
          name as unknown as Path<SettingsValues<K>>,
          {
            ...(typeof settings[name] === 'number' ? { valueAsNumber: true } : {}),
            ...(NULLABLE_TEXT.includes(name) ? { setValueAs: emptyToNull } : {}),
            ...(NULLABLE_NUMBER.includes(name) ? { setValueAs: emptyToNullNumber } : {}),
          } as never,
        ),
    });
  }

  const discard = () => {
    form.reset();
    options.pending?.clear();
  };

  return { form, onSubmit, guard, dirty, discard, settings, missingFeature, fields };
}
