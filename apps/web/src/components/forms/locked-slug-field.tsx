import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { ConfirmDialog } from '../dialogs/confirm-dialog';
import { TextInputField, type TextInputFieldProps } from './text-input-field';

export interface LockedSlugTexts {
  /** Helper text while locked and after unlocking. */
  lockedHint: string;
  unlockedHint: string;
  unlock: string;
  confirmTitle: string;
  confirmMessage: string;
  confirmLabel: string;
}

/**
 * A slug (part of a public link) that is read-only until the user unlocks it and confirms that
 * old links stop working (docs/product-spec.md section 5: "Changing a slug needs an explicit unlock and
 * confirmation"). Spread react-hook-form's `register('slug')` onto it; `onUnlocked` can focus it.
 */
export function LockedSlugField({
  texts,
  onUnlocked,
  ...input
}: Omit<TextInputFieldProps, 'readOnly' | 'helperText' | 'labelAction'> & {
  texts: LockedSlugTexts;
  onUnlocked?: () => void;
}) {
  const [unlocked, setUnlocked] = useState(false);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <TextInputField
        helperText={unlocked ? texts.unlockedHint : texts.lockedHint}
        readOnly={!unlocked}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={100}
        sx={unlocked ? undefined : { bgcolor: '#F5F6FA', color: 'text.secondary' }}
        labelAction={
          unlocked ? undefined : (
            <Button
              size="small"
              startIcon={<LockOpenOutlined />}
              onClick={() => setConfirming(true)}
              sx={{ py: 0 }}
            >
              {texts.unlock}
            </Button>
          )
        }
        {...input}
      />
      <ConfirmDialog
        open={confirming}
        title={texts.confirmTitle}
        message={texts.confirmMessage}
        confirmLabel={texts.confirmLabel}
        destructive
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          setUnlocked(true);
          onUnlocked?.();
        }}
      />
    </>
  );
}
