import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { copyWithNotice } from '../../../lib/clipboard';
import { saveBlob } from '../../../lib/download';

/** The recovery codes, shown once: to download as a text file or copy (ADR 071). */
export function RecoveryCodesList({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation('account');
  const text = `${t('security.twoFactor.codesFileHeading')}\n\n${codes.join('\n')}\n`;
  return (
    <Stack spacing={2}>
      <Typography>{t('security.twoFactor.codesText')}</Typography>
      <Box
        component="ul"
        aria-label={t('security.twoFactor.codesTitle')}
        sx={{
          m: 0,
          p: 2,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr' },
          gap: 1,
          fontFamily: 'monospace',
          fontSize: '1rem',
          bgcolor: 'action.hover',
          borderRadius: 1,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1.5}>
        <Button
          variant="outlined"
          onClick={() =>
            saveBlob(new Blob([text], { type: 'text/plain' }), 'livent-recovery-codes.txt')
          }
        >
          {t('security.twoFactor.download')}
        </Button>
        <Button
          variant="outlined"
          onClick={() =>
            void copyWithNotice(codes.join('\n'), {
              copied: t('security.twoFactor.copied'),
              failed: t('security.twoFactor.copyFailed'),
            })
          }
        >
          {t('security.twoFactor.copy')}
        </Button>
      </Stack>
    </Stack>
  );
}
