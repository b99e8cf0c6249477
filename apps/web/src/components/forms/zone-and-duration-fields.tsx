import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextInputField } from './text-input-field';
import { TimezoneField } from './timezone-field';

/**
 * An event's (or channel's) time zone, with the empty value for the account's, and its duration
 * in minutes (empty: open-ended), as the General and channel screens show them
 * (docs/decisions/063-event-times-and-page-states.md). Two cells of the caller's field grid.
 */
export function ZoneAndDurationFields({
  zone,
  duration,
  texts,
  errors,
}: {
  /** The time zone's controller field. */
  zone: { value: string; onChange: (zone: string) => void; onBlur: () => void };
  /** The duration's registration, empty read as null. */
  duration: UseFormRegisterReturn;
  texts: {
    zone: string;
    zoneHint?: string;
    zoneEmpty: string;
    duration: string;
    durationHint: string;
  };
  errors: { timeZone?: string | undefined; durationMinutes?: string | undefined };
}) {
  return (
    <>
      <TimezoneField
        label={texts.zone}
        {...(texts.zoneHint ? { helperText: texts.zoneHint } : {})}
        emptyLabel={texts.zoneEmpty}
        error={errors.timeZone}
        value={zone.value}
        onChange={zone.onChange}
        onBlur={zone.onBlur}
      />
      <TextInputField
        type="number"
        label={texts.duration}
        helperText={texts.durationHint}
        optional
        min={1}
        error={errors.durationMinutes}
        {...duration}
      />
    </>
  );
}
