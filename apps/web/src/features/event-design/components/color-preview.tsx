import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isHexColor, readableOn } from '../color';
import type { AppearanceValues } from './appearance-fields';

export const FONT_STACKS = {
  sans: 'Roboto, "Helvetica Neue", Helvetica, Arial, sans-serif',
  serif: 'Georgia, Cambria, "Times New Roman", Times, serif',
  mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
} as const;

/** The CSS font of a font setting; an individual font falls back to the sans stack. */
export function fontStack(fontFamily: string, customFont: string): string {
  if (fontFamily === 'custom')
    return customFont.trim() ? `"${customFont.trim()}", ${FONT_STACKS.sans}` : FONT_STACKS.sans;
  return FONT_STACKS[fontFamily as keyof typeof FONT_STACKS] ?? FONT_STACKS.sans;
}

/**
 * A small picture of the event page in the chosen colours and font, following the fields as
 * they are edited: header with logo and menu, then headline, text, a link and a button.
 * A colour that is not valid yet shows as its saved value.
 */
export function ColorPreview({
  control,
  saved,
}: {
  control: Control<AppearanceValues>;
  saved: AppearanceValues;
}) {
  const { t } = useTranslation('design');
  const values = useWatch({ control });
  const color = (name: keyof AppearanceValues) => {
    const value = values[name];
    return typeof value === 'string' && isHexColor(value) ? value : String(saved[name]);
  };
  const accent = color('accentColor');
  const logo = values.logo ?? null;
  return (
    <Box
      role="img"
      aria-label={t('appearance.preview.label')}
      sx={{
        borderRadius: 2,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
        boxShadow: '0 1px 3px rgba(15, 23, 42, 0.08)',
        fontFamily: fontStack(values.fontFamily ?? 'sans', values.customFont ?? ''),
      }}
    >
      <Box
        sx={{
          bgcolor: color('headerColor'),
          color: color('headerTextColor'),
          px: 2,
          py: 1.25,
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          borderBottom: '1px solid rgba(15, 23, 42, 0.08)',
        }}
      >
        {logo ? (
          <Box
            component="img"
            src={logo}
            alt=""
            sx={{ height: 24, maxWidth: 96, objectFit: 'contain' }}
          />
        ) : (
          <Box sx={{ fontWeight: 700, fontSize: '0.875rem' }}>{t('appearance.preview.logo')}</Box>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Box sx={{ fontSize: '0.75rem', fontWeight: 600, color: color('headerAccentColor') }}>
          {t('appearance.preview.menuActive')}
        </Box>
        <Box sx={{ fontSize: '0.75rem', display: { xs: 'none', sm: 'block' } }}>
          {t('appearance.preview.menuItem')}
        </Box>
      </Box>
      <Box sx={{ bgcolor: color('backgroundColor'), color: color('textColor'), p: 2 }}>
        <Box sx={{ fontWeight: 700, fontSize: '1rem', mb: 0.5 }}>
          {t('appearance.preview.headline')}
        </Box>
        <Box sx={{ fontSize: '0.8125rem', lineHeight: 1.5, mb: 1.5 }}>
          {t('appearance.preview.text')}{' '}
          <Box component="span" sx={{ color: accent, textDecoration: 'underline' }}>
            {t('appearance.preview.link')}
          </Box>
        </Box>
        <Box
          sx={{
            display: 'inline-block',
            bgcolor: accent,
            color: readableOn(accent),
            borderRadius: 1,
            px: 1.5,
            py: 0.5,
            fontSize: '0.75rem',
            fontWeight: 600,
          }}
        >
          {t('appearance.preview.button')}
        </Box>
      </Box>
      <Typography
        component="div"
        sx={{
          bgcolor: 'background.paper',
          color: 'text.secondary',
          fontSize: '0.75rem',
          px: 2,
          py: 0.75,
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        {t('appearance.preview.caption')}
      </Typography>
    </Box>
  );
}
