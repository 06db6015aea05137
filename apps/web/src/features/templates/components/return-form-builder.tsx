import { BUILDER_DEBOUNCE_MS, RETURN_FIELD_TYPES, defaultReturnField, type ReturnFieldType, type TReturnAnswers, type TReturnField } from '@colete/contract';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Box, Button, Card, CardContent, IconButton, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { FieldConfigEditor } from './field-config-editor';
import { builderErrors, FIELD_TYPE_LABELS, initialAnswers, newFieldId } from './return-form-model';
import { ReturnFormView } from './return-form-view';

const move = <T,>(list: readonly T[], from: number, to: number) => {
  const next = [...list];
  next.splice(to, 0, ...next.splice(from, 1));
  return next;
};

/**
 * The return-form builder (spec 001 section 2): fields added, configured, reordered and removed;
 * the changes reach the template (and the live preview) after the spec's 500 ms pause.
 * `latestRef` always holds the newest fields, so a save right after typing sends them.
 */
export function ReturnFormBuilder({
  value,
  onChange,
  latestRef,
  showAllErrors,
}: {
  value: TReturnField[];
  onChange: (fields: TReturnField[]) => void;
  latestRef: RefObject<TReturnField[]>;
  showAllErrors: boolean;
}) {
  const [draft, setDraft] = useState<TReturnField[]>(value);
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [newType, setNewType] = useState<ReturnFieldType>('text-input');
  const applied = useDebouncedValue(draft, BUILDER_DEBOUNCE_MS);
  const lastApplied = useRef(value);

  useEffect(() => {
    if (applied === lastApplied.current) return;
    lastApplied.current = applied;
    onChange(applied);
    // onChange comes from the editor and writes the form; only a new draft drives it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [applied]);

  const update = (next: TReturnField[]) => {
    latestRef.current = next;
    setDraft(next);
  };
  const errors = useMemo(() => builderErrors(applied), [applied]);

  const add = () => {
    const id = newFieldId();
    update([...draft, defaultReturnField(newType, id, newFieldId)]);
  };
  const setConfig = (id: string, config: Record<string, unknown>) => {
    setTouched((t) => (t.has(id) ? t : new Set(t).add(id)));
    update(draft.map((f) => (f.id === id ? ({ ...f, config } as TReturnField) : f)));
  };

  return (
    <Stack spacing={2}>
      {draft.length === 0 && <Typography color="text.secondary">Formularul nu are inca niciun camp. Alegeti tipul campului si apasati „Adauga camp”.</Typography>}
      {draft.map((field, i) => {
        const label = `${i + 1}. ${FIELD_TYPE_LABELS[field.type]}`;
        return (
          <Card key={field.id} component="section" aria-label={`Campul ${label}`} variant="outlined">
            <CardContent sx={{ p: { xs: 1.5, sm: 2 } }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 1.5 }}>
                <Typography variant="h3" component="h4" sx={{ flex: 1, fontSize: '1rem' }}>
                  {label}
                </Typography>
                <IconButton aria-label={`Muta in sus campul ${i + 1}`} disabled={i === 0} onClick={() => update(move(draft, i, i - 1))} size="small">
                  <ArrowUpwardIcon fontSize="small" />
                </IconButton>
                <IconButton aria-label={`Muta in jos campul ${i + 1}`} disabled={i === draft.length - 1} onClick={() => update(move(draft, i, i + 1))} size="small">
                  <ArrowDownwardIcon fontSize="small" />
                </IconButton>
                <IconButton aria-label={`Sterge campul ${i + 1}`} color="error" onClick={() => update(draft.filter((f) => f.id !== field.id))} size="small">
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </Box>
              <FieldConfigEditor
                field={field}
                idPrefix={`builder-${field.id}`}
                onChange={(config) => setConfig(field.id, config)}
                errors={showAllErrors || touched.has(field.id) ? (errors[field.id] ?? {}) : {}}
              />
            </CardContent>
          </Card>
        );
      })}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField select label="Tip camp" value={newType} onChange={(e) => setNewType(e.target.value as ReturnFieldType)} size="small" sx={{ width: { xs: '100%', sm: 260 } }}>
          {RETURN_FIELD_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {FIELD_TYPE_LABELS[t]}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={add}>
          Adauga camp
        </Button>
      </Box>
    </Stack>
  );
}

/** The form as the customer will see it, from the fields the builder has applied. */
export function ReturnFormPreview({ fields }: { fields: TReturnField[] }) {
  const [answers, setAnswers] = useState<TReturnAnswers>(() => initialAnswers(fields));
  const [seen, setSeen] = useState(fields);
  if (seen !== fields) {
    setSeen(fields);
    setAnswers((a) => ({ ...initialAnswers(fields), ...a }));
  }
  return (
    <Paper component="section" aria-labelledby="return-preview-title" variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 }, bgcolor: 'background.default' }}>
      <Typography id="return-preview-title" variant="h3" component="h4" sx={{ mb: 0.5 }}>
        Previzualizare
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Asa vede clientul formularul pe pagina de retur.
      </Typography>
      {fields.length === 0 ? (
        <Typography color="text.secondary">Formularul este gol.</Typography>
      ) : (
        <ReturnFormView fields={fields} answers={answers} onChange={(id, a) => setAnswers((prev) => ({ ...prev, [id]: a }))} idPrefix="preview" />
      )}
    </Paper>
  );
}
