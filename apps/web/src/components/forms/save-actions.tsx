import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * "Discard changes" and "Save changes" for a form that edits saved values: both wait for a
 * change, and saving shows its progress.
 */
export function SaveActions({
  dirty,
  submitting,
  onDiscard,
}: {
  dirty: boolean;
  submitting: boolean;
  onDiscard: () => void;
}) {
  const { t } = useTranslation('forms');
  return (
    <>
      <Button color="inherit" disabled={!dirty || submitting} onClick={onDiscard}>
        {t('actions.reset')}
      </Button>
      <Button type="submit" variant="contained" disabled={!dirty} loading={submitting}>
        {t('actions.save')}
      </Button>
    </>
  );
}

/** Fields side by side from medium screens on, one below the other on phones. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      {children}
    </Box>
  );
}
