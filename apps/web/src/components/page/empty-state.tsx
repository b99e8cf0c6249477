import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import type { ComponentType, ReactNode } from 'react';

/** A friendly panel for a list with nothing in it yet, with the action that fills it. */
export function EmptyState({
  icon: Icon,
  title,
  text,
  children,
}: {
  icon: ComponentType<SvgIconProps>;
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      sx={{
        px: { xs: 3, md: 6 },
        py: { xs: 5, md: 8 },
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1.5,
      }}
    >
      <Box
        sx={{
          width: 56,
          height: 56,
          mb: 1,
          borderRadius: 3,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'rgba(79, 70, 229, 0.08)',
          color: 'primary.main',
        }}
      >
        <Icon />
      </Box>
      <Typography variant="h2">{title}</Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 480 }}>{text}</Typography>
      {children && <Box sx={{ mt: 1.5 }}>{children}</Box>}
    </Paper>
  );
}
