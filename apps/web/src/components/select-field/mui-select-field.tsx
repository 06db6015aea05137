import { MenuItem, TextField } from '@mui/material';
import type { SelectFieldProps } from './select-field';

/** The select itself (select-field.tsx loads it): an outlined TextField select, its label always up. */
export default function MuiSelectField({ label, value, options, onChange, sx }: SelectFieldProps) {
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={sx}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
