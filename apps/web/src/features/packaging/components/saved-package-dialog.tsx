import { messages, ZSavedPackageAddRequest, type TSavedPackage } from '@colete/contract';
import { Box, TextField } from '@mui/material';
import { useState } from 'react';
import { useAddSavedPackage } from '../../../components/packaging/packaging-api';
import { useEditSavedPackage } from '../api/edit-saved-package';
import { MeasureDialog, useMeasureSave } from './measure-dialog';
import { AXES_FIELDS, axesToNumbers, axesToText, checkWith, EMPTY_AXES, type AxesText } from './measure-form';

const m = messages.packaging;

/** Adds a saved package ('Tipuri ambalaje') or changes one: its name, weight and sizes. */
export function SavedPackageDialog({ item, onClose }: { item: TSavedPackage | 'new'; onClose: () => void }) {
  const editing = item === 'new' ? null : item;
  const [name, setName] = useState(editing?.name ?? '');
  const [axes, setAxes] = useState<AxesText>(editing ? axesToText(editing) : EMPTY_AXES);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useAddSavedPackage();
  const edit = useEditSavedPackage();
  const submit = useMeasureSave({ saved: m.packageSaved, onClose, setErrors });
  const pending = add.isPending || edit.isPending;

  const save = () => {
    const checked = checkWith(ZSavedPackageAddRequest, { name, ...axesToNumbers(axes) });
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    if (editing) submit(edit.mutate, { id: editing.id, ...checked.data }, m.saveError);
    else submit(add.mutate, checked.data, m.saveError);
  };

  return (
    <MeasureDialog title={editing ? 'Modifica pachetul salvat' : 'Pachet salvat nou'} maxWidth="sm" pending={pending} onClose={onClose} onSave={save}>
      <Box sx={{ display: 'grid', gap: 2, pt: 1, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' } }}>
        <TextField
          label="Nume"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={!!errors.name}
          helperText={errors.name}
          slotProps={{ htmlInput: { maxLength: 100 } }}
          sx={{ gridColumn: '1 / -1' }}
          autoFocus
        />
        {AXES_FIELDS.map((f) => (
          <TextField
            key={f.key}
            label={f.label}
            value={axes[f.key]}
            onChange={(e) => setAxes({ ...axes, [f.key]: e.target.value })}
            error={!!errors[f.key]}
            helperText={errors[f.key]}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        ))}
      </Box>
    </MeasureDialog>
  );
}
