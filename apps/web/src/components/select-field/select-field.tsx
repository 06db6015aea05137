import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import type { SxProps, Theme } from '@mui/material';
import { lazy, Suspense } from 'react';
import { TextInput } from '../text-input';

/** MUI's select (Select, Menu, Popover, Modal) is its own chunk: no list's first load pays for it. */
const MuiSelectField = lazy(() => import('./mui-select-field'));

export type SelectFieldProps = {
  label: string;
  /** The chosen option's value; '' for the option without a value (e.g. 'Toate'). */
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  sx?: SxProps<Theme>;
};

/**
 * A list filter's select: MUI's TextField select with its options, loaded on first render. Until it
 * arrives a read-only field of the same size shows the same label, choice and arrow, so the filters
 * do not move (as the date field does).
 */
export function SelectField(props: SelectFieldProps) {
  const fallback = (
    <TextInput
      label={props.label}
      value={props.options.find((option) => option.value === props.value)?.label ?? ''}
      sx={props.sx}
      slotProps={{
        htmlInput: { readOnly: true, style: { paddingRight: 32 } },
        inputLabel: { shrink: true },
        input: {
          endAdornment: (
            <ArrowDropDownIcon aria-hidden sx={{ position: 'absolute', right: 7, top: 'calc(50% - .5em)', pointerEvents: 'none', color: 'action.active' }} />
          ),
          sx: { pr: 0 },
        },
      }}
    />
  );
  return (
    <Suspense fallback={fallback}>
      <MuiSelectField {...props} />
    </Suspense>
  );
}
