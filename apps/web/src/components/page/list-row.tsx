import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import type { ComponentType, ReactNode } from 'react';
import { IconTile } from './icon-tile';

/**
 * One row of a list inside a section card (`<Stack component="ul">`): an icon tile, a title line
 * with badges, a line of details and the row's actions, which move below on phones.
 */
export function ListRow({
  testId,
  icon,
  highlighted,
  title,
  badges,
  details,
  actions,
}: {
  testId: string;
  icon: ComponentType<SvgIconProps>;
  /** Tints the icon tile (the current device, a visible channel). */
  highlighted: boolean;
  title: ReactNode;
  badges?: ReactNode;
  details: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Box
      component="li"
      data-testid={testId}
      sx={{
        display: 'flex',
        gap: 2,
        alignItems: { xs: 'flex-start', sm: 'center' },
        flexDirection: { xs: 'column', sm: 'row' },
        py: 2,
        '& + &': { borderTop: 1, borderColor: 'divider' },
      }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexGrow: 1, minWidth: 0 }}>
        <IconTile icon={icon} tone={highlighted ? 'primary' : 'neutral'} />
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
            {badges}
          </Stack>
          <Typography
            variant="body2"
            sx={{ color: 'text.secondary', overflowWrap: 'anywhere', mt: 0.25 }}
          >
            {details}
          </Typography>
        </Box>
      </Stack>
      {actions}
    </Box>
  );
}
