import IconButton from '@mui/material/IconButton';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Tooltip from '@mui/material/Tooltip';
import type { ComponentType } from 'react';

/**
 * An icon button in a table row: the tooltip names the action, the accessible name also names
 * the row (a screen reader lists "Delete the invitation of Ada", not ten "Delete").
 */
export function RowAction({
  icon: Icon,
  title,
  label,
  onClick,
}: {
  icon: ComponentType<SvgIconProps>;
  title: string;
  label: string;
  onClick: () => void;
}) {
  return (
    <Tooltip title={title}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        <Icon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
