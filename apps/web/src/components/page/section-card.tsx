import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/**
 * A titled section of a settings-like screen: heading and lead on top, content, and an optional
 * footer with the section's actions. `tone="danger"` marks destructive sections.
 */
export function SectionCard({
  title,
  description,
  action,
  footer,
  tone = 'default',
  children,
}: {
  title: string;
  description?: ReactNode;
  /** Next to the title, e.g. "Sign out all other sessions". */
  action?: ReactNode;
  footer?: ReactNode;
  tone?: 'default' | 'danger';
  children?: ReactNode;
}) {
  const headingId = useId();
  const danger = tone === 'danger';
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{
        overflow: 'hidden',
        borderColor: danger ? 'rgba(220, 38, 38, 0.35)' : undefined,
      }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{
          px: { xs: 2.5, sm: 3 },
          pt: { xs: 2.5, sm: 3 },
          pb: children ? 0 : { xs: 2.5, sm: 3 },
          justifyContent: 'space-between',
          alignItems: { sm: 'flex-start' },
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography
            id={headingId}
            variant="h2"
            sx={{ fontSize: '1.0625rem', color: danger ? 'error.dark' : 'text.primary' }}
          >
            {title}
          </Typography>
          {description && (
            <Typography
              component="div"
              variant="body2"
              sx={{ color: 'text.secondary', mt: 0.5, maxWidth: 640 }}
            >
              {description}
            </Typography>
          )}
        </Box>
        {action && <Box sx={{ flexShrink: 0 }}>{action}</Box>}
      </Stack>
      {children && <Box sx={{ px: { xs: 2.5, sm: 3 }, py: { xs: 2.5, sm: 3 } }}>{children}</Box>}
      {footer && (
        <Stack
          direction="row"
          spacing={1.5}
          sx={{
            px: { xs: 2.5, sm: 3 },
            py: 2,
            justifyContent: 'flex-end',
            alignItems: 'center',
            flexWrap: 'wrap',
            borderTop: 1,
            borderColor: 'divider',
            bgcolor: danger ? 'rgba(220, 38, 38, 0.03)' : '#FAFAFC',
          }}
        >
          {footer}
        </Stack>
      )}
    </Paper>
  );
}
