import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

const TONES = {
  error: { icon: ErrorOutlineRounded, color: 'error.dark', bg: 'rgba(220, 38, 38, 0.06)' },
  success: {
    icon: CheckCircleOutlineRounded,
    color: 'success.dark',
    bg: 'rgba(21, 128, 61, 0.07)',
  },
  info: { icon: InfoOutlined, color: 'info.dark', bg: 'rgba(3, 105, 161, 0.06)' },
} as const;

/**
 * A message inside a form or card (a failed submission, a sent link). Lighter than MUI's Alert,
 * which the guest pages' first load cannot afford (ADR 009). Errors are announced at once.
 */
export function FormAlert({
  severity,
  children,
  action,
}: {
  severity: keyof typeof TONES;
  children: ReactNode;
  action?: ReactNode;
}) {
  const tone = TONES[severity];
  const Icon = tone.icon;
  return (
    <Box
      role={severity === 'error' ? 'alert' : 'status'}
      sx={{
        display: 'flex',
        gap: 1.25,
        alignItems: 'flex-start',
        px: 1.75,
        py: 1.5,
        borderRadius: 2,
        border: 1,
        borderColor: tone.color,
        bgcolor: tone.bg,
        color: tone.color,
        fontSize: '0.875rem',
        lineHeight: 1.5,
      }}
    >
      <Icon sx={{ fontSize: 20, flexShrink: 0, mt: '1px' }} />
      <Box sx={{ flexGrow: 1, minWidth: 0, color: 'text.primary' }}>
        {children}
        {action && <Box sx={{ mt: 1 }}>{action}</Box>}
      </Box>
    </Box>
  );
}
