import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The footer with the copyright (docs/product-spec.md section 2, "Layouts"). */
export function AppFooter() {
  const { t } = useTranslation();
  return (
    <Box component="footer" sx={{ px: { xs: 2, sm: 3 }, py: 3, textAlign: 'center' }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('footer.copyright', { year: new Date().getFullYear() })}
      </Typography>
    </Box>
  );
}
