import Box from '@mui/material/Box';
import { styled } from '@mui/material/styles';
import { useId } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { describedBy, FormFieldFrame } from '../../../components/forms/form-field';
import { fieldBoxStyles } from '../../../components/forms/field-styles';
import { completeHexColor, swatchValue } from '../color';

const HexInput = styled('input')(({ theme }) => ({
  ...fieldBoxStyles(theme),
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '0.875rem',
  textTransform: 'lowercase',
}));

// The browser's own colour picker, drawn as a swatch of the colour.
const Swatch = styled('input')(({ theme }) => ({
  width: 44,
  height: 44,
  flexShrink: 0,
  padding: 3,
  margin: 0,
  border: '1px solid rgba(15, 23, 42, 0.22)',
  borderRadius: 8,
  backgroundColor: theme.palette.background.paper,
  cursor: 'pointer',
  '&::-webkit-color-swatch-wrapper': { padding: 0 },
  '&::-webkit-color-swatch': { border: 'none', borderRadius: 5 },
  '&::-moz-color-swatch': { border: 'none', borderRadius: 5 },
  '&:focus-visible': {
    outline: `2px solid ${theme.palette.primary.main}`,
    outlineOffset: 2,
  },
}));

/**
 * A colour setting: a swatch that opens the browser's colour picker beside the hex code as text
 * (`#1d2333`). The form's schema checks the text ("color not valid (#000000)"); leaving the
 * field completes `1d2333` and `#abc` to the full form.
 */
export function ColorField<Values extends FieldValues>({
  control,
  name,
  label,
}: {
  control: Control<Values>;
  name: Path<Values>;
  label: string;
}) {
  const { t } = useTranslation('design');
  const id = useId();
  const {
    field: { ref, ...field },
    fieldState,
  } = useController({ control, name });
  const value = String(field.value ?? '');
  const error = fieldState.error?.message;
  return (
    <FormFieldFrame id={id} label={label} error={error}>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Swatch
          type="color"
          aria-label={t('colors.pick', { label })}
          value={swatchValue(value)}
          onChange={(event) => field.onChange(event.target.value)}
        />
        <HexInput
          id={id}
          ref={ref}
          name={field.name}
          value={value}
          maxLength={7}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, Boolean(error))}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={() => {
            const completed = completeHexColor(value);
            if (completed !== value) field.onChange(completed);
            field.onBlur();
          }}
        />
      </Box>
    </FormFieldFrame>
  );
}
