import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/**
 * A labelled group of radio buttons bound to a form field, each option with an optional hint
 * under its label.
 */
export function RadioGroupField<T extends FieldValues>({
  control,
  name,
  label,
  options,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  options: readonly { value: string; label: string; hint?: string }[];
}) {
  const labelId = useId();
  const { field } = useController({ control, name });
  return (
    <Box>
      <Typography id={labelId} sx={{ fontSize: '0.875rem', fontWeight: 500, lineHeight: 1.4 }}>
        {label}
      </Typography>
      <RadioGroup
        aria-labelledby={labelId}
        name={field.name}
        value={field.value as string}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
      >
        {options.map((option) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            control={<Radio size="small" />}
            sx={{ alignItems: 'flex-start', mt: 1 }}
            label={
              <Box sx={{ pt: 0.75 }}>
                <Typography sx={{ fontSize: '0.875rem', fontWeight: 500 }}>
                  {option.label}
                </Typography>
                {option.hint && (
                  <Typography
                    variant="body2"
                    sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}
                  >
                    {option.hint}
                  </Typography>
                )}
              </Box>
            }
          />
        ))}
      </RadioGroup>
    </Box>
  );
}
