import { TEMPLATE_TABLE_COLUMNS, TABLE_COLUMN_LENGTH, TEXT_DECORATIONS, TEXT_INPUT_LENGTH, TEXT_POSITIONS, TEXT_WEIGHTS, TITLE_SIZES, messages, type TReturnField } from '@colete/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Box, Button, Checkbox, FormControlLabel, FormHelperText, IconButton, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { newFieldId } from './return-form-model';

const LABELS = {
  size: { small: 'Mic', medium: 'Mediu', large: 'Mare' },
  position: { left: 'Stanga', center: 'Centru', right: 'Dreapta' },
  weight: { unset: 'Normal', bold: 'Ingrosat', lighter: 'Subtire' },
  decoration: { none: 'Fara', underline: 'Subliniat', overline: 'Linie deasupra', 'line-through': 'Taiat' },
} as const;

type Config = Record<string, unknown>;
type Props = { field: TReturnField; onChange: (config: Config) => void; errors: Record<string, string>; idPrefix: string };

const asNumber = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));
const numberText = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : '');

/** The configuration of one builder field (spec 001 section 2 table), with the section 8 messages under each input. */
export function FieldConfigEditor({ field, onChange, errors, idPrefix }: Props) {
  const config = field.config as Config;
  const set = (patch: Config) => onChange({ ...config, ...patch });
  const id = (name: string) => `${idPrefix}-${name}`;

  const text = (name: string, label: string, opts: { multiline?: boolean } = {}) => (
    <TextField
      id={id(name)}
      label={label}
      value={(config[name] as string) ?? ''}
      onChange={(e) => set({ [name]: e.target.value })}
      error={!!errors[name]}
      helperText={errors[name]}
      multiline={opts.multiline}
      minRows={opts.multiline ? 2 : undefined}
      size="small"
      autoComplete="off"
    />
  );
  const number = (name: string, label: string, min: number, max: number) => (
    <TextField
      id={id(name)}
      label={label}
      type="number"
      value={numberText(config[name])}
      onChange={(e) => set({ [name]: asNumber(e.target.value) })}
      error={!!errors[name]}
      helperText={errors[name]}
      size="small"
      slotProps={{ htmlInput: { min, max, inputMode: 'numeric' } }}
    />
  );
  const toggle = (name: string, label: string) => (
    <FormControlLabel control={<Switch checked={!!config[name]} onChange={(e) => set({ [name]: e.target.checked })} />} label={label} />
  );
  const select = <K extends keyof typeof LABELS>(name: K, label: string, values: readonly (keyof (typeof LABELS)[K])[]) => (
    <TextField id={id(name)} select label={label} value={config[name] as string} onChange={(e) => set({ [name]: e.target.value })} size="small">
      {values.map((v) => (
        <MenuItem key={String(v)} value={String(v)}>
          {(LABELS[name] as Record<string, string>)[String(v)]}
        </MenuItem>
      ))}
    </TextField>
  );
  const grid = (children: ReactNode) => <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>{children}</Box>;
  const style = (
    <>
      {select('position', 'Pozitie', TEXT_POSITIONS)}
      {select('weight', 'Grosime', TEXT_WEIGHTS)}
      {select('decoration', 'Decor', TEXT_DECORATIONS)}
    </>
  );

  switch (field.type) {
    case 'title':
      return (
        <Stack spacing={1.5}>
          {text('text', 'Text')}
          {grid(
            <>
              {select('size', 'Marime', TITLE_SIZES)}
              {style}
            </>,
          )}
        </Stack>
      );
    case 'paragraph':
      return (
        <Stack spacing={1.5}>
          {text('text', 'Text', { multiline: true })}
          {grid(style)}
        </Stack>
      );
    case 'text-input':
      return (
        <Stack spacing={1.5}>
          {grid(
            <>
              {text('label', 'Eticheta')}
              {text('placeholder', 'Text ajutator in camp')}
            </>,
          )}
          {text('description', 'Descriere')}
          {grid(
            <>
              {number('minLength', 'Lungime minima', 0, TEXT_INPUT_LENGTH.max)}
              {number('maxLength', 'Lungime maxima', 1, TEXT_INPUT_LENGTH.max)}
            </>,
          )}
          {toggle('isMandatory', 'Obligatoriu')}
        </Stack>
      );
    case 'email-input':
      return (
        <Stack spacing={1.5}>
          {grid(
            <>
              {text('label', 'Eticheta')}
              {text('placeholder', 'Text ajutator in camp')}
            </>,
          )}
          {toggle('isMandatory', 'Obligatoriu')}
        </Stack>
      );
    case 'phone-input':
      return (
        <Stack spacing={1.5}>
          {grid(
            <>
              {text('label', 'Eticheta')}
              {text('placeholder', 'Text ajutator in camp')}
            </>,
          )}
          {text('description', 'Descriere')}
          {toggle('isMandatory', 'Obligatoriu')}
        </Stack>
      );
    case 'bank-account-input':
      return (
        <Stack spacing={1.5}>
          {text('label', 'Eticheta')}
          {text('description', 'Descriere')}
          <Typography variant="body2" color="text.secondary">
            Contul bancar este mereu obligatoriu si trebuie sa fie un IBAN valid.
          </Typography>
        </Stack>
      );
    case 'date-picker':
      return (
        <Stack spacing={1.5}>
          {text('label', 'Eticheta')}
          {toggle('isMandatory', 'Obligatoriu')}
        </Stack>
      );
    case 'checkbox':
      return <CheckboxItems config={field.config} set={set} errors={errors} idPrefix={idPrefix} />;
    case 'radio-buttons':
      return (
        <Stack spacing={1.5}>
          {text('label', 'Eticheta')}
          {toggle('isMandatory', 'Obligatoriu')}
          <RadioMethods config={field.config} set={set} errors={errors} idPrefix={idPrefix} />
        </Stack>
      );
    case 'fields-table':
      return (
        <Stack spacing={1.5}>
          {text('addButtonText', 'Textul butonului de adaugare')}
          <TableColumns config={field.config} set={set} errors={errors} idPrefix={idPrefix} />
        </Stack>
      );
  }
}

type ListProps<T> = { config: T; set: (patch: Config) => void; errors: Record<string, string>; idPrefix: string };
type CheckboxConfig = Extract<TReturnField, { type: 'checkbox' }>['config'];
type RadioConfig = Extract<TReturnField, { type: 'radio-buttons' }>['config'];
type TableConfig = Extract<TReturnField, { type: 'fields-table' }>['config'];

function ItemRow({ children, onRemove, removeLabel }: { children: ReactNode; onRemove: () => void; removeLabel: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <Box sx={{ flex: 1, display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr auto' }, alignItems: 'center' }}>{children}</Box>
      <IconButton aria-label={removeLabel} onClick={onRemove}>
        <DeleteOutlineIcon />
      </IconButton>
    </Box>
  );
}

function CheckboxItems({ config, set, errors, idPrefix }: ListProps<CheckboxConfig>) {
  const items = config.checkboxesArray;
  const put = (next: typeof items) => set({ checkboxesArray: next });
  return (
    <Stack spacing={1.5}>
      <FormControlLabel control={<Switch checked={config.isMultiple} onChange={(e) => set({ isMultiple: e.target.checked })} />} label="Se pot bifa mai multe casute" />
      {items.map((item, i) => (
        <ItemRow key={item.id} onRemove={() => put(items.filter((x) => x.id !== item.id))} removeLabel={`Sterge casuta ${i + 1}`}>
          <TextField
            id={`${idPrefix}-cb-${item.id}`}
            size="small"
            label={`Text casuta ${i + 1}`}
            value={item.description}
            onChange={(e) => put(items.map((x) => (x.id === item.id ? { ...x, description: e.target.value } : x)))}
            error={!!errors[`checkboxesArray.${i}.description`]}
            helperText={errors[`checkboxesArray.${i}.description`]}
            autoComplete="off"
          />
          <FormControlLabel
            control={<Checkbox checked={item.default} onChange={(e) => put(items.map((x) => (x.id === item.id ? { ...x, default: e.target.checked } : x)))} />}
            label={`Bifata implicit (casuta ${i + 1})`}
          />
        </ItemRow>
      ))}
      {errors.checkboxesArray && <FormHelperText error>{errors.checkboxesArray}</FormHelperText>}
      <Box>
        <Button size="small" startIcon={<AddIcon />} onClick={() => put([...items, { id: newFieldId(), description: '', default: false }])}>
          Adauga casuta
        </Button>
      </Box>
    </Stack>
  );
}

function RadioMethods({ config, set, errors, idPrefix }: ListProps<RadioConfig>) {
  const items = config.methodsArray;
  const put = (next: typeof items) => set({ methodsArray: next });
  return (
    <Stack spacing={1.5}>
      {items.map((item, i) => (
        <ItemRow key={item.id} onRemove={() => put(items.filter((x) => x.id !== item.id))} removeLabel={`Sterge optiunea ${i + 1}`}>
          <TextField
            id={`${idPrefix}-rb-${item.id}`}
            size="small"
            label={`Optiunea ${i + 1}`}
            value={item.name}
            onChange={(e) => put(items.map((x) => (x.id === item.id ? { ...x, name: e.target.value } : x)))}
            error={!!errors[`methodsArray.${i}.name`]}
            helperText={errors[`methodsArray.${i}.name`]}
            autoComplete="off"
          />
          <FormControlLabel
            control={<Switch checked={item.showBankAccount} onChange={(e) => put(items.map((x) => (x.id === item.id ? { ...x, showBankAccount: e.target.checked } : x)))} />}
            label={`Cere IBAN (optiunea ${i + 1})`}
          />
        </ItemRow>
      ))}
      {errors.methodsArray && <FormHelperText error>{errors.methodsArray}</FormHelperText>}
      <Box>
        <Button size="small" startIcon={<AddIcon />} onClick={() => put([...items, { id: newFieldId(), name: '', showBankAccount: false }])}>
          Adauga optiune
        </Button>
      </Box>
    </Stack>
  );
}

function TableColumns({ config, set, errors, idPrefix }: ListProps<TableConfig>) {
  const columns = config.columnsArray;
  const put = (next: typeof columns) => set({ columnsArray: next });
  // Adding a sixth column is refused with the spec's message rather than by a silently disabled button.
  const [tooMany, setTooMany] = useState(false);
  const patch = (colId: string, p: Record<string, unknown>) => put(columns.map((x) => (x.id === colId ? { ...x, ...p } : x)));
  const add = () => {
    if (columns.length >= TEMPLATE_TABLE_COLUMNS.max) return setTooMany(true);
    put([...columns, { id: newFieldId(), name: '', minLength: TABLE_COLUMN_LENGTH.minDefault, maxLength: TABLE_COLUMN_LENGTH.maxDefault, isMandatory: false }]);
  };
  const columnsError = errors.columnsArray ?? (tooMany && columns.length >= TEMPLATE_TABLE_COLUMNS.max ? messages.templates.columnsMax : undefined);
  return (
    <Stack spacing={1.5}>
      {columns.map((col, i) => {
        const err = (name: string) => errors[`columnsArray.${i}.${name}`];
        return (
          <Box key={col.id} role="group" aria-label={`Coloana ${i + 1}`} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <Box sx={{ flex: 1, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' } }}>
              <TextField id={`${idPrefix}-col-${col.id}`} size="small" label={`Nume coloana ${i + 1}`} value={col.name} onChange={(e) => patch(col.id, { name: e.target.value })} error={!!err('name')} helperText={err('name')} autoComplete="off" />
              <TextField
                id={`${idPrefix}-col-${col.id}-min`}
                size="small"
                type="number"
                label={`Lungime minima (coloana ${i + 1})`}
                value={numberText(col.minLength)}
                onChange={(e) => patch(col.id, { minLength: asNumber(e.target.value) })}
                error={!!err('minLength')}
                helperText={err('minLength')}
              />
              <TextField
                id={`${idPrefix}-col-${col.id}-max`}
                size="small"
                type="number"
                label={`Lungime maxima (coloana ${i + 1})`}
                value={numberText(col.maxLength)}
                onChange={(e) => patch(col.id, { maxLength: asNumber(e.target.value) })}
                error={!!err('maxLength')}
                helperText={err('maxLength')}
              />
              <FormControlLabel control={<Switch checked={col.isMandatory} onChange={(e) => patch(col.id, { isMandatory: e.target.checked })} />} label={`Obligatorie (coloana ${i + 1})`} />
            </Box>
            <IconButton aria-label={`Sterge coloana ${i + 1}`} onClick={() => { setTooMany(false); put(columns.filter((x) => x.id !== col.id)); }}>
              <DeleteOutlineIcon />
            </IconButton>
          </Box>
        );
      })}
      {columnsError && <FormHelperText error>{columnsError}</FormHelperText>}
      <Box>
        <Button size="small" startIcon={<AddIcon />} onClick={add}>
          Adauga coloana
        </Button>
      </Box>
    </Stack>
  );
}
