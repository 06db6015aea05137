import type { TReturnAnswer, TReturnAnswers, TReturnField, TReturnFieldOf } from '@colete/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import {
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  IconButton,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { answerKey, emptyRow, styleOf, TITLE_FONT_SIZES } from './return-form-model';
import { DateField } from '../../../components/date-field/date-field';

type Props = {
  fields: readonly TReturnField[];
  answers: TReturnAnswers;
  onChange: (fieldId: string, answer: TReturnAnswer) => void;
  /** Errors keyed as validateReturnAnswers keys them ('answers.{id}', 'answers.{id}.bankAccount', 'answers.{id}.{row}.{col}'). */
  errors?: Record<string, string>;
  /** Makes the inputs' ids unique when the same form shows twice (the builder's preview). */
  idPrefix: string;
  disabled?: boolean;
};

type FieldProps<T extends TReturnField['type']> = Omit<Props, 'fields' | 'answers' | 'onChange'> & {
  field: TReturnFieldOf<T>;
  answer: TReturnAnswer | undefined;
  set: (answer: TReturnAnswer) => void;
};

const text = (answer: TReturnAnswer | undefined) => (typeof answer === 'string' ? answer : '');

function TextAnswer({ field, answer, set, errors = {}, idPrefix, disabled }: FieldProps<'text-input' | 'email-input' | 'phone-input' | 'bank-account-input' | 'date-picker'>) {
  const error = errors[answerKey(field.id)];
  const c = field.config as { label: string; placeholder?: string; description?: string; isMandatory?: boolean; maxLength?: number };
  const mandatory = field.type === 'bank-account-input' || !!c.isMandatory;
  const type = { 'text-input': 'text', 'email-input': 'email', 'phone-input': 'tel', 'bank-account-input': 'text', 'date-picker': 'text' }[field.type];
  const autoComplete = { 'text-input': 'off', 'email-input': 'email', 'phone-input': 'tel', 'bank-account-input': 'off', 'date-picker': 'off' }[field.type];
  if (field.type === 'date-picker') {
    // dd.mm.yyyy in Romanian whatever the customer's browser language; the answer stays 'YYYY-MM-DD'.
    return (
      <DateField
        id={`${idPrefix}-${field.id}`}
        label={c.label || ' '}
        required={mandatory}
        value={text(answer)}
        onChange={set}
        clearable
        error={!!error}
        helperText={error ?? (c.description || undefined)}
        disabled={disabled}
      />
    );
  }
  return (
    <TextField
      id={`${idPrefix}-${field.id}`}
      label={c.label || ' '}
      type={type}
      autoComplete={autoComplete}
      placeholder={c.placeholder || undefined}
      required={mandatory}
      value={text(answer)}
      onChange={(e) => set(e.target.value)}
      error={!!error}
      helperText={error ?? (c.description || undefined)}
      disabled={disabled}
      slotProps={{
        htmlInput: field.type === 'text-input' && c.maxLength ? { maxLength: c.maxLength } : undefined,
      }}
    />
  );
}

function CheckboxAnswer({ field, answer, set, errors = {}, disabled }: FieldProps<'checkbox'>) {
  const checked = Array.isArray(answer) ? (answer as string[]) : [];
  const error = errors[answerKey(field.id)];
  const toggle = (id: string, on: boolean) => {
    if (!field.config.isMultiple) return set(on ? [id] : []);
    set(on ? [...checked, id] : checked.filter((c) => c !== id));
  };
  return (
    <FormControl error={!!error} component="fieldset" variant="standard">
      <FormGroup>
        {field.config.checkboxesArray.map((box) => (
          <FormControlLabel
            key={box.id}
            control={<Checkbox checked={checked.includes(box.id)} onChange={(e) => toggle(box.id, e.target.checked)} disabled={disabled} slotProps={{ input: { 'aria-invalid': !!error } }} />}
            label={box.description || ' '}
          />
        ))}
      </FormGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}

function RadioAnswer({ field, answer, set, errors = {}, idPrefix, disabled }: FieldProps<'radio-buttons'>) {
  const value = answer && typeof answer === 'object' && !Array.isArray(answer) ? answer : { methodId: '', bankAccount: '' };
  const method = field.config.methodsArray.find((m) => m.id === value.methodId);
  const error = errors[answerKey(field.id)];
  const bankError = errors[answerKey(field.id, 'bankAccount')];
  const labelId = `${idPrefix}-${field.id}-label`;
  return (
    <FormControl error={!!error} required={field.config.isMandatory} component="fieldset" variant="standard">
      <FormLabel id={labelId} component="legend">
        {field.config.label}
      </FormLabel>
      <RadioGroup aria-labelledby={labelId} value={value.methodId} onChange={(e) => set({ methodId: e.target.value, bankAccount: value.bankAccount ?? '' })}>
        {field.config.methodsArray.map((m) => (
          <FormControlLabel key={m.id} value={m.id} control={<Radio disabled={disabled} slotProps={{ input: { 'aria-invalid': !!error } }} />} label={m.name || ' '} />
        ))}
      </RadioGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
      {method?.showBankAccount && (
        <TextField
          id={`${idPrefix}-${field.id}-iban`}
          label="Cont bancar (IBAN)"
          required
          autoComplete="off"
          value={value.bankAccount ?? ''}
          onChange={(e) => set({ methodId: value.methodId, bankAccount: e.target.value })}
          error={!!bankError}
          helperText={bankError}
          disabled={disabled}
          sx={{ mt: 1 }}
        />
      )}
    </FormControl>
  );
}

function TableAnswer({ field, answer, set, errors = {}, idPrefix, disabled }: FieldProps<'fields-table'>) {
  const rows = Array.isArray(answer) ? (answer as Array<Record<string, string>>) : [];
  const columns = field.config.columnsArray;
  const error = errors[answerKey(field.id)];
  const setCell = (i: number, col: string, v: string) => set(rows.map((r, j) => (j === i ? { ...r, [col]: v } : r)));
  return (
    <Box>
      <Stack spacing={1.5}>
        {rows.map((row, i) => (
          <Box key={i} role="group" aria-label={`Randul ${i + 1}`} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
            <Box sx={{ flex: 1, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: `repeat(${Math.min(columns.length, 3)}, 1fr)` } }}>
              {columns.map((col) => {
                const cellError = errors[answerKey(field.id, i, col.id)];
                return (
                  <TextField
                    key={col.id}
                    id={`${idPrefix}-${field.id}-${i}-${col.id}`}
                    label={`${col.name || ' '} (randul ${i + 1})`}
                    required={col.isMandatory}
                    size="small"
                    autoComplete="off"
                    value={row[col.id] ?? ''}
                    onChange={(e) => setCell(i, col.id, e.target.value)}
                    error={!!cellError}
                    helperText={cellError}
                    disabled={disabled}
                    slotProps={{ htmlInput: { maxLength: col.maxLength || undefined } }}
                  />
                );
              })}
            </Box>
            <IconButton aria-label={`Sterge randul ${i + 1}`} onClick={() => set(rows.filter((_, j) => j !== i))} disabled={disabled}>
              <DeleteOutlineIcon />
            </IconButton>
          </Box>
        ))}
      </Stack>
      {error && (
        <FormHelperText error sx={{ mt: 1 }}>
          {error}
        </FormHelperText>
      )}
      <Button startIcon={<AddIcon />} onClick={() => set([...rows, emptyRow(field)])} disabled={disabled} sx={{ mt: 1 }}>
        {field.config.addButtonText}
      </Button>
    </Box>
  );
}

/**
 * A return form as the customer sees it: the builder's live preview and the public return page
 * both render it, so what the merchant builds is what their customer fills in.
 */
export function ReturnFormView({ fields, answers, onChange, errors, idPrefix, disabled }: Props) {
  return (
    <Stack spacing={2.5}>
      {fields.map((field) => {
        const common = { answer: answers[field.id], set: (a: TReturnAnswer) => onChange(field.id, a), errors, idPrefix, disabled };
        const view = fieldView(field, common);
        // Each answer is marked, so a page can take the customer to the first one with a message.
        return field.type === 'title' || field.type === 'paragraph' ? (
          view
        ) : (
          <div key={field.id} data-answer-field={field.id}>
            {view}
          </div>
        );
      })}
    </Stack>
  );
}

function fieldView(field: TReturnField, common: Omit<FieldProps<'text-input'>, 'field'>) {
  switch (field.type) {
    case 'title':
      return (
        <Typography key={field.id} component="p" role="heading" aria-level={3} sx={{ ...styleOf(field.config), fontSize: TITLE_FONT_SIZES[field.config.size], lineHeight: 1.3 }}>
          {field.config.text}
        </Typography>
      );
    case 'paragraph':
      return (
        <Typography key={field.id} sx={{ ...styleOf(field.config), whiteSpace: 'pre-line' }}>
          {field.config.text}
        </Typography>
      );
    case 'checkbox':
      return <CheckboxAnswer key={field.id} field={field} {...common} />;
    case 'radio-buttons':
      return <RadioAnswer key={field.id} field={field} {...common} />;
    case 'fields-table':
      return <TableAnswer key={field.id} field={field} {...common} />;
    default:
      return <TextAnswer key={field.id} field={field} {...common} />;
  }
}

/**
 * Focuses the first answer (in the form's order) that has a message: its first invalid input, or
 * its first control (a table without rows: its add button). False when no answer has a message.
 */
export function focusFirstAnswerError(root: ParentNode, fields: readonly TReturnField[], errors: Record<string, string>): boolean {
  const keys = Object.keys(errors);
  const field = fields.find((f) => keys.some((k) => k === answerKey(f.id) || k.startsWith(`${answerKey(f.id)}.`)));
  const box = field && root.querySelector(`[data-answer-field="${CSS.escape(field.id)}"]`);
  const target = box?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? box?.querySelector<HTMLElement>('input, button');
  if (!target) return false;
  target.focus();
  target.scrollIntoView({ block: 'center' });
  return true;
}
