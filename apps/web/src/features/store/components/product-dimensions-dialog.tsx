import { PRODUCT_DIMENSION_FIELDS, type TStoreProduct } from '@colete/contract';
import { Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, InputAdornment, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { z } from 'zod';
import type { ProductDimensions } from './product-lines-table';

const SIDES = [
  ['width', 'Latime'],
  ['length', 'Lungime'],
  ['height', 'Inaltime'],
] as const;
type Side = (typeof SIDES)[number][0];

/** The contract's rule for a product's sides (spec 001 section 5: each required, at least 1). */
const ZSides = z.object({ width: PRODUCT_DIMENSION_FIELDS.width, length: PRODUCT_DIMENSION_FIELDS.length, height: PRODUCT_DIMENSION_FIELDS.height });
/** A typed side as a number ('12,5' too); empty is no number (the rule says it is required). */
const toNumber = (text: string) => (text.trim() === '' ? undefined : Number(text.trim().replace(',', '.')));

/** What 'Modifica' hands back: the sides, and whether they are saved for the variant's later orders. */
export type DimensionsSubmit = { dimensions: ProductDimensions; save: boolean };

/**
 * 'Adauga dimensiuni produs' / 'Modifica dimensiuni produs' (spec 001 section 2). Without saved
 * dimensions, 'Modifica' saves them for the variant. With saved ones (a mutation id), the checkbox
 * 'Salveaza dimensiuni produs' (ticked at first) chooses between changing the saved dimensions and
 * using the new ones for this order only. 'Sterge dimensiuni' when the product has dimensions.
 * Rendered only while open, so each opening starts from the product's current dimensions.
 */
export function ProductDimensionsDialog({
  product,
  current,
  mutationId,
  busy,
  onSubmit,
  onDelete,
  onClose,
}: {
  product: TStoreProduct;
  current: ProductDimensions | null;
  mutationId: number | null;
  busy: boolean;
  onSubmit: (submit: DimensionsSubmit) => void;
  onDelete: () => void;
  onClose: () => void;
}) {
  const [values, setValues] = useState<Record<Side, string>>({
    width: current ? String(current.width) : '',
    length: current ? String(current.length) : '',
    height: current ? String(current.height) : '',
  });
  const [save, setSave] = useState(true);
  const [errors, setErrors] = useState<Partial<Record<Side, string>>>({});
  const title = current ? 'Modifica dimensiuni produs' : 'Adauga dimensiuni produs';

  const submit = () => {
    const parsed = ZSides.safeParse({ width: toNumber(values.width), length: toNumber(values.length), height: toNumber(values.height) });
    if (!parsed.success) {
      const next: Partial<Record<Side, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Side] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    onSubmit({ dimensions: parsed.data, save: mutationId === null || save });
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="product-dimensions-title">
      <DialogTitle id="product-dimensions-title">{title}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {product.name}
          {product.sku ? ` · ${product.sku}` : ''}
        </Typography>
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}
        >
          {SIDES.map(([side, label], i) => (
            <TextField
              key={side}
              label={label}
              value={values[side]}
              autoFocus={i === 0}
              onChange={(e) => setValues((v) => ({ ...v, [side]: e.target.value }))}
              error={!!errors[side]}
              helperText={errors[side]}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'decimal' }, input: { endAdornment: <InputAdornment position="end">cm</InputAdornment> } }}
            />
          ))}
          <button type="submit" hidden />
        </Box>
        {mutationId !== null ? (
          <FormControlLabel sx={{ mt: 1 }} control={<Checkbox checked={save} onChange={(e) => setSave(e.target.checked)} />} label="Salveaza dimensiuni produs" />
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {current ? (
          <Button color="error" onClick={onDelete} disabled={busy} sx={{ mr: 'auto' }}>
            Sterge dimensiuni
          </Button>
        ) : null}
        <Button onClick={onClose} disabled={busy}>
          Inchide
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy}>
          {busy ? 'Se salveaza...' : 'Modifica'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
