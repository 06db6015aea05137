import { quantityError, type PackingPlace } from '@colete/contract';
import { useDroppable } from '@dnd-kit/core';
import { useSortable } from '@dnd-kit/sortable';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { lineDragId } from './package-dnd';

/** A line's drag handle (spec 001 "Store product table"): pointer, touch and keyboard (Space / Enter, arrows, Space / Enter). */
export function LineHandle({ place, lineItemId, name, disabled }: { place: PackingPlace; lineItemId: string; name: string; disabled?: boolean }) {
  const { attributes, listeners, setNodeRef, isDragging } = useSortable({ id: lineDragId(place, lineItemId), disabled });
  return (
    <Box
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      aria-roledescription="produs care poate fi mutat"
      aria-label={`Muta ${name}`}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: 40,
        height: 40,
        borderRadius: 1,
        cursor: disabled ? 'default' : 'grab',
        touchAction: 'none',
        color: disabled ? 'text.disabled' : 'text.secondary',
        opacity: isDragging ? 0.4 : 1,
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
      }}
    >
      <DragIndicatorIcon />
    </Box>
  );
}

/** A drop target: a package, or one of the two zones (dashed, highlighted while a line is over it). */
export function DropArea({ id, label, children, dashed, disabled }: { id: string; label: string; children: ReactNode; dashed?: boolean; disabled?: boolean }) {
  const { setNodeRef, isOver } = useDroppable({ id, disabled });
  return (
    <Box
      ref={setNodeRef}
      component="section"
      aria-label={label}
      sx={{
        border: dashed ? '2px dashed' : '1px solid',
        borderColor: isOver ? 'primary.main' : 'divider',
        bgcolor: isOver ? 'action.hover' : 'transparent',
        borderRadius: 1,
        p: dashed ? 2 : 1,
        textAlign: dashed ? 'center' : 'left',
        color: dashed ? 'text.secondary' : 'text.primary',
      }}
    >
      {children}
    </Box>
  );
}

/** One of the two zones: 'Trageti aici produsele ...'. */
export function DropZone({ id, text, disabled }: { id: string; text: string; disabled?: boolean }) {
  return (
    <DropArea id={id} label={text} dashed disabled={disabled}>
      <Typography variant="body2">{text}</Typography>
    </DropArea>
  );
}

/**
 * 'Atentie' (spec 001 section 2 "Quantity to move", section 5): how many of the line to move, 1 to
 * the line's quantity ('Puteti muta maxim {quantity} produse!'); 'Continua' disabled while invalid.
 */
export function QuantityDialog({ max, onMove, onClose }: { max: number; onMove: (quantity: number) => void; onClose: () => void }) {
  const [text, setText] = useState(String(max));
  const quantity = Number(text.trim());
  const error = text.trim() === '' ? null : quantityError(quantity, max);
  const valid = text.trim() !== '' && error === null;
  const submit = () => valid && onMove(quantity);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="quantity-dialog-title">
      <DialogTitle id="quantity-dialog-title">Atentie</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>Urmeaza sa efectuati o actiune care cuprinde mai multe produse. Va rugam sa precizati cantitatea.</DialogContentText>
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <TextField
            label="Cantitate"
            value={text}
            autoFocus
            fullWidth
            onChange={(e) => setText(e.target.value.replace(/[^\d]/g, ''))}
            error={!!error}
            helperText={error ?? `Intre 1 si ${max}`}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Inapoi</Button>
        <Button variant="contained" onClick={submit} disabled={!valid}>
          Continua
        </Button>
      </DialogActions>
    </Dialog>
  );
}
