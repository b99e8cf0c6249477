import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import Box from '@mui/material/Box';
import { useState, type FocusEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlwaysShowHelp } from '../../lib/auth/use-always-show-help';
import { translateMessage } from '../../lib/forms/messages';
import { visuallyHidden } from '../visually-hidden';

export interface FormFieldFrameProps {
  id: string;
  label: string;
  /** Shown under the field while it has no error. */
  helperText?: ReactNode;
  /** A message key (`validation.…`, `serverErrors.…`); shown translated instead of the helper. */
  error?: string | undefined;
  /** Marks the label "(optional)". */
  optional?: boolean;
  /** A link or button at the end of the label row, e.g. "Forgot your password?". */
  labelAction?: ReactNode;
  children: ReactNode;
}

/** Ids of a field's texts, for `aria-describedby`. */
export const describedBy = (id: string, hasText: boolean): string | undefined =>
  hasText ? `${id}-text` : undefined;

/**
 * Label above, the control, then the helper text or the translated error below. Without "Always
 * show help" the helper text shows while the field has the focus; screen readers always have it.
 */
export function FormFieldFrame({
  id,
  label,
  helperText,
  error,
  optional,
  labelAction,
  children,
}: FormFieldFrameProps) {
  const { t } = useTranslation();
  const alwaysShowHelp = useAlwaysShowHelp();
  const [focused, setFocused] = useState(false);
  const errorText = translateMessage(error);
  const text = errorText ?? helperText;
  const helpHidden = !errorText && !alwaysShowHelp && !focused;
  const leave = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };
  return (
    <Box
      onFocus={() => setFocused(true)}
      onBlur={leave}
      sx={{ display: 'flex', flexDirection: 'column', gap: 0.75, minWidth: 0 }}
    >
      <Box
        sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}
      >
        <Box
          component="label"
          htmlFor={id}
          sx={{ fontSize: '0.875rem', fontWeight: 500, color: 'text.primary', lineHeight: 1.4 }}
        >
          {label}
          {optional && (
            <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary', ml: 0.75 }}>
              {t('field.optional')}
            </Box>
          )}
        </Box>
        {labelAction}
      </Box>
      {children}
      {text && (
        <FieldText id={`${id}-text`} error={Boolean(errorText)} screenReaderOnly={helpHidden}>
          {text}
        </FieldText>
      )}
    </Box>
  );
}

/** The line under a field: its helper text, or its error with an icon. */
export function FieldText({
  id,
  error,
  indent = false,
  screenReaderOnly = false,
  children,
}: {
  id: string;
  error: boolean;
  /** Under a checkbox's label rather than under a field. */
  indent?: boolean;
  /** Kept for screen readers only. */
  screenReaderOnly?: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      id={id}
      style={screenReaderOnly ? visuallyHidden : undefined}
      sx={{
        display: 'flex',
        gap: 0.75,
        alignItems: 'flex-start',
        fontSize: '0.8125rem',
        lineHeight: 1.45,
        color: error ? 'error.main' : 'text.secondary',
        ...(indent ? { pl: 3.75, mt: 0.25 } : {}),
      }}
    >
      {error && <ErrorOutlineRounded sx={{ fontSize: 16, mt: '1px', flexShrink: 0 }} />}
      <span>{children}</span>
    </Box>
  );
}
