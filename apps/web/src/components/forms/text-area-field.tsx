import { styled } from '@mui/material/styles';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { describedBy, FormFieldFrame } from './form-field';
import { fieldBoxStyles } from './field-styles';

const TextArea = styled('textarea')(({ theme }) => ({
  ...fieldBoxStyles(theme),
  resize: 'vertical',
  minHeight: 140,
}));

/** A labelled multi-line text input; spread react-hook-form's `register(name)` onto it. */
export function TextAreaField({
  label,
  helperText,
  error,
  optional,
  ...textarea
}: Omit<ComponentProps<'textarea'>, 'id'> & {
  label: string;
  helperText?: ReactNode;
  /** A message key; see `FormFieldFrame`. */
  error?: string | undefined;
  optional?: boolean;
}) {
  const id = useId();
  return (
    <FormFieldFrame id={id} label={label} helperText={helperText} error={error} optional={optional}>
      <TextArea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, Boolean(error || helperText))}
        {...textarea}
      />
    </FormFieldFrame>
  );
}
