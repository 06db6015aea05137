import { messages, ZPackagingTemplateAddRequest, type TPackagingTemplate } from '@colete/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Box, Button, IconButton, MenuItem, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useAddPackagingTemplate } from '../../../components/packaging/packaging-api';
import { useEditPackagingTemplate } from '../api/edit-packaging-template';
import { MeasureDialog, useMeasureSave } from './measure-dialog';
import { AXES_FIELDS, axesToNumbers, axesToText, checkWith, EMPTY_AXES, type AxesText } from './measure-form';

const m = messages.packaging;
type PackageRow = AxesText & { name: string };

/** Adds a packaging template ('Marfa ambalata') or changes one: name, content, parcel or envelope, and its packages. */
export function PackagingTemplateDialog({ item, onClose }: { item: TPackagingTemplate | 'new'; onClose: () => void }) {
  const editing = item === 'new' ? null : item;
  const [name, setName] = useState(editing?.name ?? '');
  const [content, setContent] = useState(editing?.template.content ?? '');
  const [envelope, setEnvelope] = useState(editing?.template.envelope ?? false);
  const [rows, setRows] = useState<PackageRow[]>(editing ? editing.template.packages.map((p) => ({ name: p.name, ...axesToText(p) })) : [{ name: '', ...EMPTY_AXES }]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useAddPackagingTemplate();
  const edit = useEditPackagingTemplate();
  const submit = useMeasureSave({ saved: m.templateSaved, onClose, setErrors });
  const pending = add.isPending || edit.isPending;
  const fieldError = (path: string) => errors[path];

  const save = () => {
    const template = { content, envelope, isDocuments: editing?.template.isDocuments ?? false, packages: rows.map((r) => ({ name: r.name, ...axesToNumbers(r) })) };
    const checked = checkWith(ZPackagingTemplateAddRequest, { name, template });
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    if (editing) submit(edit.mutate, { id: editing.id, ...checked.data }, m.saveError);
    else submit(add.mutate, checked.data, m.saveError);
  };

  const setRow = (i: number, change: Partial<PackageRow>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...change } : r)));
  const listError = fieldError('template.packages');

  return (
    <MeasureDialog title={editing ? 'Modifica sablonul de ambalare' : 'Sablon de ambalare nou'} maxWidth="md" pending={pending} onClose={onClose} onSave={save}>
      <Box sx={{ display: 'grid', gap: 2, pt: 1, gridTemplateColumns: { xs: '1fr', sm: '2fr 2fr 1fr' } }}>
        <TextField label="Nume" value={name} onChange={(e) => setName(e.target.value)} error={!!fieldError('name')} helperText={fieldError('name')} slotProps={{ htmlInput: { maxLength: 100 } }} autoFocus />
        <TextField label="Continut" value={content} onChange={(e) => setContent(e.target.value)} error={!!fieldError('template.content')} helperText={fieldError('template.content')} slotProps={{ htmlInput: { maxLength: 100 } }} />
        <TextField select label="Tip pachet" value={envelope ? '1' : '2'} onChange={(e) => setEnvelope(e.target.value === '1')}>
          <MenuItem value="2">Colet</MenuItem>
          <MenuItem value="1">Plic</MenuItem>
        </TextField>
      </Box>
      {rows.map((row, i) => (
        <Box key={i} component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 3 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
            <Typography component="legend" sx={{ fontWeight: 600, flex: 1 }}>
              {envelope ? 'Plic' : `Pachet ${i + 1}`}
            </Typography>
            {rows.length > 1 && (
              <IconButton aria-label={`Sterge pachetul ${i + 1}`} onClick={() => setRows(rows.filter((_, j) => j !== i))} color="error">
                <DeleteOutlineIcon />
              </IconButton>
            )}
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' } }}>
            {AXES_FIELDS.map((f) => {
              const error = fieldError(`template.packages.${i}.${f.key}`);
              return (
                <TextField
                  key={f.key}
                  label={f.label}
                  value={row[f.key]}
                  onChange={(e) => setRow(i, { [f.key]: e.target.value })}
                  error={!!error}
                  helperText={error}
                  slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `${f.label}, pachetul ${i + 1}` } }}
                />
              );
            })}
          </Box>
        </Box>
      ))}
      {listError && (
        <Typography color="error" variant="body2" sx={{ mt: 2 }}>
          {listError}
        </Typography>
      )}
      {!envelope && (
        <Button startIcon={<AddIcon />} sx={{ mt: 2 }} onClick={() => setRows([...rows, { name: '', ...EMPTY_AXES }])}>
          Adauga pachet
        </Button>
      )}
    </MeasureDialog>
  );
}
