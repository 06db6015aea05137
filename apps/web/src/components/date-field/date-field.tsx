import { lazy, Suspense } from 'react';
import { formatDate } from '../../lib/format';
import { TextInput } from '../text-input';

/** The picker (MUI X and dayjs) is its own chunk: no list's first load pays for it. */
const DatePickerField = lazy(() => import('./date-picker-field'));

export type DateFieldProps = {
  label: string;
  /** A calendar day, 'YYYY-MM-DD' (as URLs and the API carry it), or '' for none. */
  value: string;
  /** Called with a complete, valid day as 'YYYY-MM-DD'. */
  onChange: (day: string) => void;
  /** The earliest and latest days offered, 'YYYY-MM-DD'. */
  min?: string;
  max?: string;
  error?: boolean;
  helperText?: string;
  sx?: object;
  /** The input's id (a form focuses its first invalid field by it). */
  id?: string;
  required?: boolean;
  disabled?: boolean;
  /** Emptying the field calls onChange('') (a form's optional answer); a list's filter keeps its day. */
  clearable?: boolean;
};

/**
 * A date field in Romanian, dd.mm.yyyy, whatever the browser's language (issue 16 item 14):
 * MUI X's DatePicker with the Romanian locale, loaded on first render. Until it arrives a read-only
 * field of the same size shows the same day, so the filters do not move.
 */
export function DateField(props: DateFieldProps) {
  const fallback = (
    <TextInput
      id={props.id}
      label={props.label}
      required={props.required}
      disabled={props.disabled}
      value={props.value ? formatDate(props.value) : ''}
      error={props.error}
      helperText={props.helperText}
      sx={props.sx}
      slotProps={{ htmlInput: { readOnly: true, placeholder: 'zz.ll.aaaa' }, inputLabel: { shrink: true } }}
    />
  );
  return (
    <Suspense fallback={fallback}>
      <DatePickerField {...props} />
    </Suspense>
  );
}
