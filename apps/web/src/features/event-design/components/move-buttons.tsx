import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { Direction } from '../list-order';

/**
 * "Move up" and "Move down" for one entry of an ordered list: real buttons named after the
 * entry, so keyboard and screen reader users reorder as easily as anyone (no drag needed).
 */
export function MoveButtons({
  name,
  index,
  count,
  onMove,
  disabled = false,
}: {
  /** The entry, as the buttons' names say it: "Move Keynote up". */
  name: string;
  index: number;
  count: number;
  onMove: (direction: Direction) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('design');
  return (
    <Stack direction="row" spacing={0.25}>
      <IconButton
        size="small"
        aria-label={t('list.moveUp', { name })}
        disabled={disabled || index === 0}
        onClick={() => onMove('up')}
      >
        <ArrowUpwardRounded fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        aria-label={t('list.moveDown', { name })}
        disabled={disabled || index >= count - 1}
        onClick={() => onMove('down')}
      >
        <ArrowDownwardRounded fontSize="small" />
      </IconButton>
    </Stack>
  );
}
