import { REPAYMENT_SHEET_MESSAGES as M, type TSheet } from '@colete/contract';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, FormHelperText, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { DateField } from '../../../components/date-field/date-field';
import { bucharestDay, formatDate, formatMoneyBani } from '../../../lib/format';
import { useSnackbar } from '../../../lib/snackbar';
import { useMarkUnprocessed } from '../api/repayments-api';

export const MARK_UNPROCESSED = 'Marcheaza ca neprocesat';

/**
 * Admin: a paid sheet marked unprocessed (spec 002 section 4.6): type 1 bank error, or type 2 the
 * money came back to the account (its date required, not before the sheet's); markForPayment.
 */
export function MarkUnprocessedDialog({ sheet, onClose }: { sheet: TSheet; onClose: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const mark = useMarkUnprocessed();
  const [type, setType] = useState<1 | 2 | null>(null);
  const [date, setDate] = useState('');
  const [markForPayment, setMarkForPayment] = useState(false);
  const dateError = type === 2 && (!date ? M.dateRequired : date < sheet.sheetDate ? M.dateBeforeSheet : undefined);
  const valid = type !== null && !dateError;
  const submit = () =>
    mark.mutate(
      { id: sheet.id, type: type!, date: type === 2 ? date : null, markForPayment },
      {
        onSuccess: (res) => {
          enqueueSnackbar(res.message ?? (markForPayment ? M.markedForPayment : M.marked), { variant: 'success', autoHideDuration: 5_000 });
          onClose();
        },
        onError: () => enqueueSnackbar(M.error, { variant: 'error', autoHideDuration: 5_000 }),
      },
    );
  return (
    <Dialog open onClose={mark.isPending ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="mark-unprocessed-title" slotProps={{ paper: { sx: { maxWidth: 500 } } }}>
      <DialogTitle id="mark-unprocessed-title">{MARK_UNPROCESSED}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>
          Borderoul din {formatDate(sheet.sheetDate)} · {formatMoneyBani(sheet.amount)} · {sheet.bankAccount}
        </Typography>
        <RadioGroup aria-label="Motiv" value={type ?? ''} onChange={(e) => setType(Number(e.target.value) as 1 | 2)}>
          <FormControlLabel value={1} control={<Radio />} label="Eroare bancara (plata nu a plecat)" />
          <FormControlLabel value={2} control={<Radio />} label="Banii au revenit in cont" />
        </RadioGroup>
        {type === null && <FormHelperText>{M.typeRequired}</FormHelperText>}
        {type === 2 && (
          <Stack sx={{ mt: 2 }}>
            <DateField label="Data returnarii" value={date} onChange={setDate} min={sheet.sheetDate} max={bucharestDay()} error={!!dateError} helperText={dateError || undefined} required />
          </Stack>
        )}
        <FormControlLabel
          sx={{ mt: 1 }}
          control={<Checkbox checked={markForPayment} onChange={(e) => setMarkForPayment(e.target.checked)} />}
          label="Marcheaza rambursurile pentru plata"
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={mark.isPending}>
          Renunta
        </Button>
        <Button variant="contained" color="error" onClick={submit} disabled={!valid || mark.isPending}>
          {MARK_UNPROCESSED}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
