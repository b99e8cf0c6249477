import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/**
 * A server list's filter (ServerTable's `filters`): a select whose empty value is "all", shown as
 * the value rather than hidden under the label.
 */
export function FilterSelect<Value extends string>({
  label,
  allLabel,
  value,
  options,
  onChange,
}: {
  label: string;
  allLabel: string;
  value: Value | '';
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value | '') => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      onChange={(event) => onChange(event.target.value as Value | '')}
      sx={{ minWidth: 200 }}
    >
      <MenuItem value="">{allLabel}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
