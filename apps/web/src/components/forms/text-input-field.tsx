import Box from '@mui/material/Box';
import { styled, type SxProps, type Theme } from '@mui/material/styles';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { describedBy, FormFieldFrame } from './form-field';
import { fieldBoxStyles } from './field-styles';

const Input = styled('input')(({ theme }) => fieldBoxStyles(theme));

export interface TextInputFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  helperText?: ReactNode;
  /** A message key; see `FormFieldFrame`. */
  error?: string | undefined;
  optional?: boolean;
  labelAction?: ReactNode;
  /** A control inside the box at its end, e.g. the password visibility toggle. */
  endAdornment?: ReactNode;
  id?: string;
  /** Styles of the input box itself. */
  sx?: SxProps<Theme>;
}

/**
 * A labelled text input with helper and error text, wired for assistive technology
 * (`aria-invalid`, `aria-describedby`). Spread react-hook-form's `register(name)` onto it.
 */
export function TextInputField({
  label,
  helperText,
  error,
  optional,
  labelAction,
  endAdornment,
  id: givenId,
  sx,
  ...input
}: TextInputFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  return (
    <FormFieldFrame
      id={id}
      label={label}
      helperText={helperText}
      error={error}
      optional={optional}
      labelAction={labelAction}
    >
      <Box sx={{ position: 'relative' }}>
        <Input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, Boolean(error || helperText))}
          sx={[endAdornment ? { pr: 6 } : {}, ...(Array.isArray(sx) ? sx : [sx])]}
          {...input}
        />
        {endAdornment && (
          <Box
            sx={{
              position: 'absolute',
              insetBlock: 0,
              right: 4,
              display: 'flex',
              alignItems: 'center',
            }}
          >
            {endAdornment}
          </Box>
        )}
      </Box>
    </FormFieldFrame>
  );
}

/** An email address input: the keyboard, autofill and spelling settings email wants. */
export function EmailField(props: Omit<TextInputFieldProps, 'type'>) {
  return (
    <TextInputField
      type="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="off"
      spellCheck={false}
      {...props}
    />
  );
}
