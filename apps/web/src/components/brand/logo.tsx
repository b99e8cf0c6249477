import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The Livent mark: a rounded tile with a play triangle and a "live" dot (also the favicon). */
export function LogoMark({ size = 28 }: { size?: number }) {
  // useId may contain characters that break `url(#…)`; keep letters, digits, _ and -.
  const gradientId = `logo${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <Box
      component="svg"
      viewBox="0 0 32 32"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      sx={{ display: 'block', flexShrink: 0 }}
    >
      <defs>
        <linearGradient
          id={gradientId}
          x1="0"
          y1="0"
          x2="32"
          y2="32"
          gradientUnits="userSpaceOnUse"
        >
          <stop offset="0" stopColor="#6366F1" />
          <stop offset="1" stopColor="#4338CA" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <path
        d="M12 9.8v12.4c0 .8.9 1.3 1.6.9l9.6-6.2c.6-.4.6-1.4 0-1.8l-9.6-6.2c-.7-.4-1.6.1-1.6.9Z"
        fill="#fff"
      />
      <circle cx="24.5" cy="7.5" r="3.5" fill="#F472B6" stroke="#fff" strokeWidth="1.5" />
    </Box>
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
