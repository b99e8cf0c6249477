import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import { styled } from '@mui/material/styles';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldBoxStyles } from './field-styles';
import { FormFieldFrame } from './form-field';

const Input = styled('input')(({ theme }) => ({ ...fieldBoxStyles(theme), paddingRight: 40 }));

/** Every time zone the browser knows (IANA names), with UTC first. */
function timeZones(): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...known.filter((zone) => zone !== 'UTC')];
}

/** "GMT+1" and the like, in the interface language; empty if the browser cannot tell. */
function offsetOf(zone: string, language: string): string {
  try {
    return (
      new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: 'shortOffset' })
        .formatToParts(new Date())
        .find((part) => part.type === 'timeZoneName')?.value ?? ''
    );
  } catch {
    return '';
  }
}

/**
 * A time zone setting (docs/product-spec.md section 2, "Account settings"; an event's, ADR 063): a
 * searchable list of the IANA time zones, each with its current offset; typing "berl" or
 * "new york" finds the zone. With `emptyLabel`, the empty value is the first option (an event's
 * "the account's time zone").
 */
export function TimezoneField({
  label,
  helperText,
  value,
  onChange,
  onBlur,
  error,
  emptyLabel,
}: {
  label: string;
  /** The label of the empty value, which is then an option. */
  emptyLabel?: string;
  helperText?: string;
  value: string;
  onChange: (zone: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
}) {
  const { i18n } = useTranslation();
  const options = useMemo(() => {
    const zones = [...(emptyLabel === undefined ? [] : ['']), ...timeZones()];
    return zones.includes(value) ? zones : [value, ...zones];
  }, [value, emptyLabel]);
  const labels = useMemo(
    () =>
      new Map(
        options.map((zone) => {
          if (zone === '' && emptyLabel !== undefined) return [zone, emptyLabel];
          const offset = offsetOf(zone, i18n.language);
          const name = zone.replaceAll('_', ' ');
          return [zone, offset ? `${name} (${offset})` : name];
        }),
      ),
    [options, i18n.language, emptyLabel],
  );
  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_event, zone) => {
        if (zone) onChange(zone);
      }}
      onBlur={onBlur}
      disableClearable
      autoHighlight
      getOptionLabel={(zone) => labels.get(zone) ?? zone}
      renderInput={(params) => (
        <FormFieldFrame id={params.id} label={label} helperText={helperText} error={error}>
          <Box
            ref={params.slotProps.input.ref}
            onMouseDown={params.slotProps.input.onMouseDown}
            sx={{ position: 'relative' }}
          >
            <Input
              {...params.slotProps.htmlInput}
              aria-invalid={error ? true : undefined}
              aria-describedby={error || helperText ? `${params.id}-text` : undefined}
            />
            <ExpandMoreOutlined
              aria-hidden="true"
              sx={{
                position: 'absolute',
                right: 10,
                top: '50%',
                transform: 'translateY(-50%)',
                color: 'text.secondary',
                pointerEvents: 'none',
              }}
            />
          </Box>
        </FormFieldFrame>
      )}
    />
  );
}
