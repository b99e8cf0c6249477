import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SaveActions } from './save-actions';

/**
 * The save bar under a long form: says whether there are unsaved changes and sticks to the
 * window's bottom while there are, so that saving is always at hand.
 */
export function SaveBar({
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
    <Paper
      variant="outlined"
      sx={{
        position: dirty ? 'sticky' : 'static',
        bottom: { xs: 8, md: 16 },
        zIndex: 2,
        mt: 3,
        px: { xs: 2, sm: 3 },
        py: 1.5,
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1.5,
        alignItems: 'center',
        justifyContent: 'flex-end',
        boxShadow: dirty ? '0 8px 24px rgba(15, 23, 42, 0.12)' : 'none',
        borderColor: dirty ? 'primary.light' : 'divider',
      }}
    >
      <Typography
        variant="body2"
        role="status"
        sx={{ flex: '1 1 180px', color: dirty ? 'text.primary' : 'text.secondary' }}
      >
        {dirty ? t('saveBar.unsavedChanges') : t('saveBar.allSaved')}
      </Typography>
      <Box
        sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', justifyContent: 'flex-end', ml: 'auto' }}
      >
        <SaveActions dirty={dirty} submitting={submitting} onDiscard={onDiscard} />
      </Box>
    </Paper>
  );
}
