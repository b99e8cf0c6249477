import { alpha, createTheme } from '@mui/material/styles';

/**
 * The dashboard's light theme with the seven colours of docs/product-spec.md section 9 (primary, accent,
 * secondary, info, success, warning, error). Every `main` colour keeps at least 4.5:1 contrast
 * against white text and the page background (WCAG AA), which the axe checks in e2e rely on.
 */
declare module '@mui/material/styles' {
  interface Palette {
    accent: Palette['primary'];
  }
  interface PaletteOptions {
    accent?: PaletteOptions['primary'];
  }
}

declare module '@mui/material/Button' {
  interface ButtonPropsColorOverrides {
    accent: true;
  }
}

declare module '@mui/material/Chip' {
  interface ChipPropsColorOverrides {
    accent: true;
  }
}

declare module '@mui/material/IconButton' {
  interface IconButtonPropsColorOverrides {
    accent: true;
  }
}

const border = 'rgba(15, 23, 42, 0.1)';
const ink = '#0F172A';

/** Width of the expanded side navigation (docs/product-spec.md section 2, "Layouts"). */
export const DRAWER_WIDTH = 280;
/** Width of the mini variant: icons only. */
export const DRAWER_MINI_WIDTH = 64;

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#4F46E5', dark: '#4338CA', light: '#818CF8', contrastText: '#FFFFFF' },
    accent: { main: '#BE185D', dark: '#9D174D', light: '#F472B6', contrastText: '#FFFFFF' },
    secondary: { main: '#475569', dark: '#334155', light: '#94A3B8', contrastText: '#FFFFFF' },
    info: { main: '#0369A1', dark: '#075985', light: '#38BDF8', contrastText: '#FFFFFF' },
    success: { main: '#15803D', dark: '#166534', light: '#4ADE80', contrastText: '#FFFFFF' },
    warning: { main: '#B45309', dark: '#92400E', light: '#FBBF24', contrastText: '#FFFFFF' },
    error: { main: '#DC2626', dark: '#B91C1C', light: '#F87171', contrastText: '#FFFFFF' },
    text: { primary: ink, secondary: '#475569' },
    background: { default: '#F7F7FA', paper: '#FFFFFF' },
    divider: border,
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'Roboto, system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif',
    h1: { fontSize: '1.75rem', fontWeight: 700, letterSpacing: '-0.02em', lineHeight: 1.25 },
    h2: { fontSize: '1.25rem', fontWeight: 700, letterSpacing: '-0.01em', lineHeight: 1.3 },
    h3: { fontSize: '1.0625rem', fontWeight: 500, lineHeight: 1.4 },
    h4: { fontSize: '1rem', fontWeight: 500 },
    h5: { fontSize: '1rem', fontWeight: 500 },
    h6: { fontSize: '1rem', fontWeight: 500 },
    subtitle1: { fontSize: '1rem', lineHeight: 1.5 },
    body1: { fontSize: '0.9375rem', lineHeight: 1.6 },
    body2: { fontSize: '0.875rem', lineHeight: 1.55 },
    button: { textTransform: 'none', fontWeight: 500, letterSpacing: 0 },
    overline: { fontWeight: 700, letterSpacing: '0.08em' },
  },
  components: {
    // A client-only app: read media queries on the first render, so the drawer never flickers.
    MuiUseMediaQuery: { defaultProps: { noSsr: true } },
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'inherit' },
      styleOverrides: {
        root: { backgroundColor: '#FFFFFF', borderBottom: `1px solid ${border}` },
      },
    },
    MuiPaper: {
      defaultProps: { elevation: 0 },
      styleOverrides: { outlined: { borderColor: border } },
    },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 8, paddingInline: 16 } },
    },
    MuiIconButton: {
      styleOverrides: { root: { borderRadius: 8 } },
    },
    MuiDrawer: {
      styleOverrides: { paper: { borderColor: border } },
    },
    MuiListItemButton: {
      styleOverrides: {
        root: {
          borderRadius: 8,
          '&.active, &[aria-current="page"]': {
            backgroundColor: alpha('#4F46E5', 0.09),
            color: '#4338CA',
            '& .MuiListItemIcon-root': { color: '#4338CA' },
            '& .MuiListItemText-primary': { fontWeight: 500 },
          },
        },
      },
    },
    MuiListItemIcon: {
      styleOverrides: { root: { minWidth: 36, color: '#475569' } },
    },
    MuiMenu: {
      defaultProps: { elevation: 0 },
      styleOverrides: {
        paper: {
          border: `1px solid ${border}`,
          boxShadow: '0 10px 30px -10px rgba(15, 23, 42, 0.25)',
          minWidth: 220,
        },
      },
    },
    MuiMenuItem: {
      styleOverrides: {
        root: {
          minHeight: 40,
          fontSize: '0.875rem',
          '& .MuiListItemText-primary': { fontSize: '0.875rem' },
        },
      },
    },
    MuiTooltip: {
      styleOverrides: { tooltip: { backgroundColor: ink, fontSize: '0.75rem' } },
    },
    MuiChip: {
      styleOverrides: { root: { fontWeight: 500 } },
    },
    MuiOutlinedInput: {
      styleOverrides: { notchedOutline: { borderColor: 'rgba(15, 23, 42, 0.18)' } },
    },
    MuiDialog: {
      styleOverrides: { paper: { borderRadius: 12 } },
    },
  },
});
