import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import {
  useId,
  type ChangeEventHandler,
  type FocusEventHandler,
  type ReactNode,
  type Ref,
} from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../lib/forms/messages';
import { FieldText } from './form-field';

/**
 * A checkbox with a label (which may hold a link) and its translated error below. Spread
 * react-hook-form's `register(name)` onto it (uncontrolled, like the text fields).
 */
export function CheckboxField({
  label,
  onChange,
  onBlur,
  name,
  error,
  ref,
}: {
  label: ReactNode;
  onChange: ChangeEventHandler<HTMLInputElement>;
  onBlur: FocusEventHandler<HTMLInputElement>;
  name: string;
  /** A message key; see `FormFieldFrame`. */
  error?: string | undefined;
  ref: Ref<HTMLInputElement>;
}) {
  useTranslation(); // re-render on language changes
  const id = useId();
  const errorText = translateMessage(error);
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
        <Checkbox
          id={id}
          name={name}
          onChange={onChange}
          onBlur={onBlur as unknown as FocusEventHandler<HTMLButtonElement>}
          size="small"
          sx={{ mt: -0.875, ml: -0.75 }}
          slotProps={{
            input: {
              ref,
              'aria-invalid': errorText ? true : undefined,
              'aria-describedby': errorText ? `${id}-text` : undefined,
            } as object,
          }}
        />
        <Box
          component="label"
          htmlFor={id}
          sx={{ fontSize: '0.875rem', lineHeight: 1.5, color: 'text.primary', cursor: 'pointer' }}
        >
          {label}
        </Box>
      </Box>
      {errorText && (
        <FieldText id={`${id}-text`} error indent>
          {errorText}
        </FieldText>
      )}
    </Box>
  );
}
