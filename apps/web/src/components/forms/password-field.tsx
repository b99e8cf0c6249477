import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import ButtonBase from '@mui/material/ButtonBase';
import { styled } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInputField, type TextInputFieldProps } from './text-input-field';

// ButtonBase rather than IconButton: it is on the first load already (ADR 009).
const ToggleButton = styled(ButtonBase)(({ theme }) => ({
  width: 36,
  height: 36,
  borderRadius: 8,
  color: theme.palette.text.secondary,
  '&:hover': { backgroundColor: 'rgba(15, 23, 42, 0.06)' },
  '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
}));

/** A password input with a show/hide toggle; `autoComplete` says current or new password. */
export function PasswordField({
  autoComplete,
  ...props
}: Omit<TextInputFieldProps, 'type' | 'endAdornment'> & {
  autoComplete: 'current-password' | 'new-password';
}) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextInputField
      {...props}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      endAdornment={
        <ToggleButton
          aria-label={visible ? t('field.hidePassword') : t('field.showPassword')}
          aria-pressed={visible}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? (
            <VisibilityOffOutlined fontSize="small" />
          ) : (
            <VisibilityOutlined fontSize="small" />
          )}
        </ToggleButton>
      }
    />
  );
}
