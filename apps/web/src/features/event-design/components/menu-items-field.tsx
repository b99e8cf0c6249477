import { MENU_ITEMS_MAX, validationMessage, type MenuItem } from '@livent/shared';
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import {
  useController,
  useFieldArray,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldText } from '../../../components/forms/form-field';
import { SelectField } from '../../../components/forms/select-field';
import { TextInputField } from '../../../components/forms/text-input-field';
import { translateMessage } from '../../../lib/forms/messages';
import { neighbourIndex } from '../list-order';
import { MoveButtons } from './move-buttons';

/** The form values the menu items live in. */
export interface MenuItemsValues {
  menuItems: MenuItem[];
}

const NEW_ITEM: MenuItem = { name: '', link: '', newWindow: false };

/** "Same window" or "New window": a select over the item's boolean `newWindow`. */
function WindowSelect({ control, index }: { control: Control<MenuItemsValues>; index: number }) {
  const { t } = useTranslation('design');
  const {
    field: { ref, ...field },
  } = useController({ control, name: `menuItems.${index}.newWindow` });
  return (
    <SelectField
      label={t('navigation.menu.target')}
      name={field.name}
      ref={ref}
      value={field.value ? 'new' : 'same'}
      onChange={(event) => field.onChange(event.target.value === 'new')}
      onBlur={field.onBlur}
      options={[
        { value: 'same', label: t('navigation.menu.sameWindow') },
        { value: 'new', label: t('navigation.menu.newWindow') },
      ]}
    />
  );
}

/**
 * The menu items of the event page (docs/product-spec.md section 3: name, link, same or new window), as an
 * editable list: add (up to `MENU_ITEMS_MAX`, then "must not exceed {max} entries"), remove,
 * move up and down. Each field's message shows at the field.
 */
export function MenuItemsField({
  control,
  register,
  errors,
}: {
  control: Control<MenuItemsValues>;
  register: UseFormRegister<MenuItemsValues>;
  errors: FieldErrors<MenuItemsValues>;
}) {
  const { t } = useTranslation('design');
  const countId = useId();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'menuItems' });
  const atMax = fields.length >= MENU_ITEMS_MAX;
  const maxMessage = validationMessage('maxEntries', { max: MENU_ITEMS_MAX });
  const listError = errors.menuItems?.message ?? errors.menuItems?.root?.message;
  return (
    <Stack spacing={2}>
      {fields.length === 0 ? (
        <Box
          sx={{
            py: 4,
            px: 2,
            textAlign: 'center',
            border: '1px dashed',
            borderColor: 'divider',
            borderRadius: 2,
            color: 'text.secondary',
          }}
        >
          <Typography variant="body2">{t('navigation.menu.empty')}</Typography>
        </Box>
      ) : (
        <Box
          component="ol"
          aria-label={t('navigation.menu.listLabel')}
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
        >
          {fields.map((item, index) => {
            const itemErrors = errors.menuItems?.[index];
            const itemFields = {
              name: register(`menuItems.${index}.name`),
              link: register(`menuItems.${index}.link`),
            };
            const name = t('navigation.menu.itemName', { number: index + 1 });
            return (
              <Box
                component="li"
                key={item.id}
                data-testid="menu-item"
                aria-label={name}
                sx={{
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 2,
                  p: { xs: 1.5, sm: 2 },
                  bgcolor: '#FCFCFD',
                }}
              >
                <Stack
                  direction="row"
                  sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}
                >
                  <Typography
                    sx={{ fontSize: '0.8125rem', fontWeight: 600, color: 'text.secondary' }}
                  >
                    {name}
                  </Typography>
                  <Stack direction="row" spacing={0.5}>
                    <MoveButtons
                      name={name}
                      index={index}
                      count={fields.length}
                      onMove={(direction) => {
                        const target = neighbourIndex(fields.length, index, direction);
                        if (target !== undefined) move(index, target);
                      }}
                    />
                    <IconButton
                      size="small"
                      aria-label={t('navigation.menu.remove', { name })}
                      onClick={() => remove(index)}
                      sx={{ '&:hover': { color: 'error.main' } }}
                    >
                      <DeleteOutlineOutlined fontSize="small" />
                    </IconButton>
                  </Stack>
                </Stack>
                <Box
                  sx={{
                    display: 'grid',
                    gap: 2,
                    gridTemplateColumns: { xs: '1fr', md: '1fr 1.4fr 180px' },
                  }}
                >
                  <TextInputField
                    label={t('navigation.menu.name')}
                    autoComplete="off"
                    error={itemErrors?.name?.message}
                    {...itemFields.name}
                  />
                  <TextInputField
                    label={t('navigation.menu.link')}
                    type="url"
                    inputMode="url"
                    autoComplete="off"
                    spellCheck={false}
                    error={itemErrors?.link?.message}
                    {...itemFields.link}
                  />
                  <WindowSelect control={control} index={index} />
                </Box>
              </Box>
            );
          })}
        </Box>
      )}
      {listError && (
        <FieldText id={`${countId}-error`} error>
          {translateMessage(listError)}
        </FieldText>
      )}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <Button
          variant="outlined"
          startIcon={<AddRounded />}
          disabled={atMax}
          aria-describedby={countId}
          onClick={() => append(NEW_ITEM, { focusName: `menuItems.${fields.length}.name` })}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('navigation.menu.add')}
        </Button>
        <Typography
          id={countId}
          variant="body2"
          sx={{ color: atMax ? 'warning.dark' : 'text.secondary' }}
        >
          {atMax
            ? translateMessage(maxMessage)
            : t('navigation.menu.count', { count: fields.length, max: MENU_ITEMS_MAX })}
        </Typography>
      </Stack>
    </Stack>
  );
}
