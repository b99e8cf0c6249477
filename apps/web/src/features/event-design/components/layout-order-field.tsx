import type { LayoutItem } from '@livent/shared';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import NotesRounded from '@mui/icons-material/NotesRounded';
import OndemandVideoOutlined from '@mui/icons-material/OndemandVideoOutlined';
import WebAssetOutlined from '@mui/icons-material/WebAssetOutlined';
import Box from '@mui/material/Box';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId, type ComponentType } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { IconTile } from '../../../components/page/icon-tile';
import { completeLayoutOrder, moveItem, neighbourIndex, toggleLayoutOrder } from '../list-order';
import { MoveButtons } from './move-buttons';

const ICONS: Record<LayoutItem, ComponentType<SvgIconProps>> = {
  player: OndemandVideoOutlined,
  extraFrame: WebAssetOutlined,
  messages: ChatBubbleOutlineRounded,
  extraImage: ImageOutlined,
  content: NotesRounded,
  highlights: AutoAwesomeOutlined,
};

/**
 * The custom layout order (docs/product-spec.md section 3; `CUSTOM_LAYOUT`, enterprise): a switch between the
 * layout's own order (null) and an order of the six blocks that the list below sets, block by
 * block with "move up" and "move down".
 */
export function LayoutOrderField<Values extends FieldValues>({
  control,
  name,
  disabled = false,
}: {
  control: Control<Values>;
  name: Path<Values>;
  disabled?: boolean;
}) {
  const { t } = useTranslation('design');
  const labelId = useId();
  const descriptionId = useId();
  const { field } = useController({ control, name });
  const order = field.value as LayoutItem[] | null;
  const items = order ? completeLayoutOrder(order) : null;
  return (
    <Box>
      <Box
        sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography id={labelId} sx={{ fontSize: '0.875rem', fontWeight: 500 }}>
            {t('appearance.layoutOrder.use')}
          </Typography>
          <Typography
            id={descriptionId}
            variant="body2"
            sx={{ color: 'text.secondary', fontSize: '0.8125rem', mt: 0.25 }}
          >
            {t('appearance.layoutOrder.useHint')}
          </Typography>
        </Box>
        <Switch
          checked={order !== null}
          disabled={disabled}
          onChange={(event) => field.onChange(toggleLayoutOrder(order, event.target.checked))}
          onBlur={field.onBlur}
          sx={{ flexShrink: 0, mt: -0.75 }}
          slotProps={{
            input: {
              ref: field.ref,
              'aria-labelledby': labelId,
              'aria-describedby': descriptionId,
            } as object,
          }}
        />
      </Box>
      {items && (
        <Box
          component="ol"
          aria-label={t('appearance.layoutOrder.listLabel')}
          sx={{
            listStyle: 'none',
            m: 0,
            mt: 2,
            p: 0,
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
            overflow: 'hidden',
          }}
        >
          {items.map((item, index) => {
            const label = t(`appearance.layoutOrder.items.${item}`);
            return (
              <Box
                component="li"
                key={item}
                data-testid="layout-item"
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1.5,
                  px: 1.5,
                  py: 1,
                  bgcolor: 'background.paper',
                  '& + &': { borderTop: 1, borderColor: 'divider' },
                }}
              >
                <Typography
                  aria-hidden="true"
                  sx={{
                    width: 20,
                    textAlign: 'right',
                    color: 'text.secondary',
                    fontSize: '0.8125rem',
                  }}
                >
                  {index + 1}
                </Typography>
                <IconTile icon={ICONS[item]} size={32} tone="neutral" />
                <Typography
                  sx={{ flexGrow: 1, fontSize: '0.875rem', fontWeight: 500, minWidth: 0 }}
                >
                  {label}
                </Typography>
                <MoveButtons
                  name={label}
                  index={index}
                  count={items.length}
                  disabled={disabled}
                  onMove={(direction) => {
                    const target = neighbourIndex(items.length, index, direction);
                    if (target !== undefined) field.onChange(moveItem(items, index, target));
                  }}
                />
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
