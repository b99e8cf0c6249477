import GlobalStyles from '@mui/material/GlobalStyles';
import { alpha, type Theme } from '@mui/material/styles';

/**
 * The page baseline MUI's CssBaseline sets (border-box sizing, no body margin, the theme's text
 * and background colours and body font, antialiasing), as plain global styles: CssBaseline's
 * colour-scheme machinery costs the first load more than these rules (ADR 009).
 */
const baseline = (theme: Theme) => ({
  html: {
    WebkitFontSmoothing: 'antialiased',
    MozOsxFontSmoothing: 'grayscale',
    boxSizing: 'border-box' as const,
    WebkitTextSizeAdjust: '100%',
    colorScheme: theme.palette.mode,
  },
  '*, *::before, *::after': { boxSizing: 'inherit' as const },
  'strong, b': { fontWeight: theme.typography.fontWeightBold },
  body: {
    margin: 0,
    color: theme.palette.text.primary,
    ...theme.typography.body1,
    backgroundColor: theme.palette.background.default,
    '@media print': { backgroundColor: theme.palette.common.white },
    '&::backdrop': { backgroundColor: theme.palette.background.default },
  },
  '::selection': { backgroundColor: alpha(theme.palette.primary.main, 0.18) },
});

export function Baseline() {
  return <GlobalStyles styles={baseline} />;
}
