import Box from '@mui/material/Box';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';

const TONES = {
  primary: { bgcolor: 'rgba(79, 70, 229, 0.08)', color: 'primary.main' },
  success: { bgcolor: 'rgba(21, 128, 61, 0.1)', color: 'success.main' },
  accent: { bgcolor: 'rgba(190, 24, 93, 0.08)', color: 'accent.main' },
  error: { bgcolor: 'rgba(220, 38, 38, 0.08)', color: 'error.main' },
  neutral: { bgcolor: 'rgba(15, 23, 42, 0.05)', color: 'text.secondary' },
} as const;

/** An icon on a tinted tile, as cards, lists and empty states lead with. */
export function IconTile({
  icon: Icon,
  tone = 'primary',
  size = 40,
  round = false,
}: {
  icon: ComponentType<SvgIconProps>;
  tone?: keyof typeof TONES;
  size?: number;
  round?: boolean;
}) {
  return (
    <Box
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: round ? '50%' : size >= 56 ? 3 : 2,
        display: 'grid',
        placeItems: 'center',
        ...TONES[tone],
      }}
    >
      <Icon fontSize={size >= 56 ? 'medium' : 'small'} />
    </Box>
  );
}
