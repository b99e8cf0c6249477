import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * The Livent mark: a rounded tile with a play triangle and a "live" dot. It is the favicon, so
 * the browser has it already; as an image it costs the first load no JavaScript (ADR 009).
 */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <Box
      component="img"
      src="/favicon.svg"
      alt=""
      width={size}
      height={size}
      sx={{ display: 'block', flexShrink: 0 }}
    />
  );
}

/** Mark and word mark. The text is the product name, so it doubles as the accessible name. */
export function Logo({ size = 28 }: { size?: number }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25 }}>
      <LogoMark size={size} />
      <Typography
        component="span"
        sx={{
          fontWeight: 700,
          fontSize: size * 0.68,
          letterSpacing: '-0.02em',
          color: 'text.primary',
        }}
      >
        {t('app.name')}
      </Typography>
    </Box>
  );
}
