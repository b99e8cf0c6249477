import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import type { ComponentType, ReactNode } from 'react';
import { IconTile } from './icon-tile';

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
      <Box sx={{ mb: 1 }}>
        <IconTile icon={Icon} size={56} />
      </Box>
      <Typography variant="h2">{title}</Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 480 }}>{text}</Typography>
      {children && <Box sx={{ mt: 1.5 }}>{children}</Box>}
    </Paper>
  );
}
