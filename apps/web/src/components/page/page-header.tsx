import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useAlwaysShowHelp } from '../../lib/auth/use-always-show-help';
import { visuallyHidden } from '../visually-hidden';

/**
 * A screen's heading: the page title as its only h1, an optional lead and actions. The lead is
 * the screen's help: without "Always show help" only screen readers get it (ADR 054).
 */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
}) {
  const alwaysShowHelp = useAlwaysShowHelp();
  return (
    <Stack
      component="header"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ mb: { xs: 3, md: 4 }, alignItems: { sm: 'flex-end' }, justifyContent: 'space-between' }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h1">{title}</Typography>
        {description && (
          <Typography
            style={alwaysShowHelp ? undefined : visuallyHidden}
            sx={{ color: 'text.secondary', mt: 1, maxWidth: 720 }}
          >
            {description}
          </Typography>
        )}
      </Box>
      {actions && <Box sx={{ flexShrink: 0 }}>{actions}</Box>}
    </Stack>
  );
}
