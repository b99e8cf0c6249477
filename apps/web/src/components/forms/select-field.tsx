import { styled } from '@mui/material/styles';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { describedBy, FormFieldFrame } from './form-field';
import { fieldBoxStyles } from './field-styles';

// The native select (best on phones and with assistive technology), drawn like the inputs.
const Select = styled('select')(({ theme }) => ({
  ...fieldBoxStyles(theme),
  appearance: 'none',
  paddingRight: 40,
  cursor: 'pointer',
  backgroundImage:
    "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='%23475569'%3E%3Cpath d='M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z'/%3E%3C/svg%3E\")",
  backgroundRepeat: 'no-repeat',
  backgroundPosition: 'right 10px center',
  backgroundSize: 24,
}));

/** A labelled select of fixed options; spread react-hook-form's `register(name)` onto it. */
export function SelectField({
  label,
  helperText,
  error,
  options,
  ...select
}: Omit<ComponentProps<'select'>, 'id' | 'children'> & {
  label: string;
  helperText?: ReactNode;
  error?: string | undefined;
  options: readonly { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <FormFieldFrame id={id} label={label} helperText={helperText} error={error}>
      <Select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, Boolean(error || helperText))}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </FormFieldFrame>
  );
}
