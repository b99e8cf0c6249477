import { alpha, type Theme } from '@mui/material/styles';

/**
 * The look of every text input and select of the dashboard's forms: a label above an outlined
 * box, like MUI's outlined inputs but built on the native elements, so the guest pages' first
 * load carries no InputBase/TextField (ADR 009).
 */
export const fieldBoxStyles = (theme: Theme) =>
  ({
    display: 'block',
    width: '100%',
    minHeight: 44,
    margin: 0,
    padding: '10px 14px',
    font: 'inherit',
    fontSize: '0.9375rem',
    lineHeight: 1.5,
    color: theme.palette.text.primary,
    backgroundColor: theme.palette.background.paper,
    border: '1px solid rgba(15, 23, 42, 0.22)',
    borderRadius: 8,
    boxShadow: '0 1px 2px rgba(15, 23, 42, 0.04)',
    transition: 'border-color 120ms ease, box-shadow 120ms ease',
    '&::placeholder': { color: theme.palette.text.secondary, opacity: 0.8 },
    '&:hover:not(:disabled)': { borderColor: 'rgba(15, 23, 42, 0.4)' },
    '&:focus, &:focus-visible': {
      outline: 'none',
      borderColor: theme.palette.primary.main,
      boxShadow: `0 0 0 3px ${alpha(theme.palette.primary.main, 0.2)}`,
    },
    '&[aria-invalid="true"]': { borderColor: theme.palette.error.main },
    '&[aria-invalid="true"]:focus': {
      boxShadow: `0 0 0 3px ${alpha(theme.palette.error.main, 0.18)}`,
    },
    '&:disabled': {
      color: theme.palette.text.secondary,
      backgroundColor: '#F1F5F9',
      cursor: 'not-allowed',
    },
  }) as const;
