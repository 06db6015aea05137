import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { roRO } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/ro';
import { useEffect, useRef, useState } from 'react';
import type { DateFieldProps } from './date-field';

const ISO = 'YYYY-MM-DD';
const localeText = roRO.components.MuiLocalizationProvider.defaultProps.localeText;
const toDay = (iso: string | undefined) => (iso && /^\d{4}-\d{2}-\d{2}$/.test(iso) ? dayjs(iso) : null);
/** A typed day is applied once the typing pauses (each digit makes a valid day on the way). */
const TYPING_PAUSE_MS = 500;

/** The lazy half of DateField: the DatePicker in Romanian (months, weekdays, buttons), dd.mm.yyyy. */
export default function DatePickerField({ label, value, onChange, min, max, error, helperText, sx, id, required, disabled, clearable }: DateFieldProps) {
  // What the field shows while typing; the parent's day replaces it when it changes from outside.
  const [draft, setDraft] = useState<Dayjs | null>(() => toDay(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setDraft(toDay(value));
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (v: Dayjs | null) => {
    clearTimeout(timer.current);
    if (v === null && clearable && value !== '') onChange('');
    if (v?.isValid() && v.year() >= 1000 && v.format(ISO) !== value) onChange(v.format(ISO));
  };
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="ro" localeText={localeText}>
      <DatePicker
        label={label}
        value={draft}
        onChange={(v) => {
          setDraft(v);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => commit(v), TYPING_PAUSE_MS);
        }}
        onAccept={commit}
        minDate={toDay(min) ?? undefined}
        maxDate={toDay(max) ?? undefined}
        format="DD.MM.YYYY"
        enableAccessibleFieldDOMStructure={false}
        sx={sx}
        disabled={disabled}
        slotProps={{ textField: { id, required, error: error || undefined, helperText, onBlur: () => commit(draft) } }}
      />
    </LocalizationProvider>
  );
}
