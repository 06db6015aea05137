import { INVOICE_UNIT_CODES, invoiceFormTotals, invoiceLineNetBani } from '@colete/contract';
import { formatMoneyBani as money } from '../../../lib/format';
import { baniOf, emptyLine, quantityOf, type LineDraft } from './invoice-draft';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Box, Button, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';

/* The invoice form's lines (issue 26): name, quantity (1), unit, VAT (the standard rate first), unit price; each line's total and the totals per rate. */

/** Where the contract says a line field's message ('lines.0.unitPriceBani'). */
const FIELD_PATHS: Record<keyof LineDraft, string> = { name: 'name', quantity: 'quantity', unitCode: 'unitCode', vatRate: 'vatRate', price: 'unitPriceBani' };

export function InvoiceLines(props: {
  lines: LineDraft[];
  onChange: (lines: LineDraft[]) => void;
  vatRates: number[];
  currency: string;
  errors: Record<string, string>;
  /** A field the user changed: its old message goes. */
  onEdited: (...paths: string[]) => void;
}) {
  const { lines, onChange, vatRates, currency, errors, onEdited } = props;
  const set = (i: number, patch: Partial<LineDraft>) => {
    onChange(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
    onEdited(...Object.keys(patch).map((k) => `lines.${i}.${FIELD_PATHS[k as keyof LineDraft]}`));
  };
  const numeric = lines.map((l) => ({ quantity: quantityOf(l.quantity) || 0, unitPriceBani: baniOf(l.price) || 0, vatRate: l.vatRate }));
  const totals = invoiceFormTotals(numeric);
  return (
    <Box>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1.5 }}>
        Produse si servicii
      </Typography>
      {lines.map((l, i) => (
        <Stack key={i} direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ mb: 1.5 }} alignItems={{ md: 'flex-start' }}>
          <TextField label="Denumire" value={l.name} onChange={(e) => set(i, { name: e.target.value })} error={!!errors[`lines.${i}.name`]} helperText={errors[`lines.${i}.name`]} sx={{ flex: 3 }} />
          <TextField label="Cantitate" value={l.quantity} onChange={(e) => set(i, { quantity: e.target.value })} error={!!errors[`lines.${i}.quantity`]} helperText={errors[`lines.${i}.quantity`]} sx={{ flex: 1 }} inputProps={{ inputMode: 'decimal' }} />
          <TextField select label="U.M." value={l.unitCode} onChange={(e) => set(i, { unitCode: e.target.value })} error={!!errors[`lines.${i}.unitCode`]} helperText={errors[`lines.${i}.unitCode`]} sx={{ flex: 1.2 }}>
            {Object.entries(INVOICE_UNIT_CODES).map(([code, label]) => (
              <MenuItem key={code} value={code}>
                {label}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label="TVA" value={l.vatRate} onChange={(e) => set(i, { vatRate: Number(e.target.value) })} error={!!errors[`lines.${i}.vatRate`]} helperText={errors[`lines.${i}.vatRate`]} sx={{ flex: 0.8 }}>
            {vatRates.map((r) => (
              <MenuItem key={r} value={r}>
                {r}%
              </MenuItem>
            ))}
          </TextField>
          <TextField label={`Pret unitar (${currency === 'RON' ? 'lei' : currency})`} value={l.price} onChange={(e) => set(i, { price: e.target.value })} error={!!errors[`lines.${i}.unitPriceBani`]} helperText={errors[`lines.${i}.unitPriceBani`]} sx={{ flex: 1.2 }} inputProps={{ inputMode: 'decimal' }} />
          <Typography sx={{ flex: 1, pt: 1, textAlign: 'right' }} aria-label={`Total linia ${i + 1}`}>
            {money(invoiceLineNetBani(numeric[i]!), currency)}
          </Typography>
          <IconButton aria-label={`Sterge linia ${i + 1}`} disabled={lines.length === 1} onClick={() => onChange(lines.filter((_, j) => j !== i))}>
            <DeleteOutlineIcon />
          </IconButton>
        </Stack>
      ))}
      {errors.lines && (
        <Typography color="error" variant="body2">
          {errors.lines}
        </Typography>
      )}
      <Button startIcon={<AddIcon />} onClick={() => onChange([...lines, emptyLine(vatRates[0] ?? 21)])}>
        Adauga linie
      </Button>
      <Box sx={{ mt: 2, textAlign: 'right' }}>
        {totals.rates.map((r) => (
          <Typography key={r.vatRate} variant="body2">
            Baza TVA {r.vatRate}%: {money(r.netBani, currency)}, TVA: {money(r.vatBani, currency)}
          </Typography>
        ))}
        <Typography variant="subtitle1">
          Total: {money(totals.totalBani, currency)}
        </Typography>
      </Box>
    </Box>
  );
}
