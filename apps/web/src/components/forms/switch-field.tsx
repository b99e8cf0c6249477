import Box from '@mui/material/Box';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

/**
 * An on/off setting: title and description on the left, the switch beside them (also on
 * phones). Bound to a boolean field of a react-hook-form form by `control` and `name`.
 */
export function SwitchField<Values extends FieldValues>({
  control,
  name,
  label,
  description,
  disabled,
}: {
  control: Control<Values>;
  name: Path<Values>;
  label: string;
  description?: ReactNode;
  disabled?: boolean;
}) {
  const labelId = useId();
  const descriptionId = useId();
  const { field } = useController({ control, name });
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2 }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography id={labelId} sx={{ fontSize: '0.875rem', fontWeight: 500, lineHeight: 1.4 }}>
          {label}
        </Typography>
        {description && (
          <Typography
            id={descriptionId}
            component="div"
            variant="body2"
            sx={{ color: 'text.secondary', mt: 0.25, fontSize: '0.8125rem' }}
          >
            {description}
          </Typography>
        )}
      </Box>
      <Switch
        checked={Boolean(field.value)}
        onChange={(event) => field.onChange(event.target.checked)}
        onBlur={field.onBlur}
        name={field.name}
        disabled={disabled}
        sx={{ flexShrink: 0, mt: -0.75 }}
        slotProps={{
          input: {
            ref: field.ref,
            'aria-labelledby': labelId,
            'aria-describedby': description ? descriptionId : undefined,
          } as object,
        }}
      />
    </Box>
  );
}
