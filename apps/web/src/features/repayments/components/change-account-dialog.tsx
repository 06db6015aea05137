import { REPAYMENT_SHEET_MESSAGES as M, isValidBankHolder, isValidRomanianIban, normalizeIban, settingsMessages } from '@colete/contract';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useState } from 'react';
import { apiErrorMessage } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { useChangeAccount } from '../api/repayments-api';

export const CHANGE_ACCOUNT = 'Schimba contul asociat rambursului';

/**
 * The selected awaiting repayments to another account (POST user/repayment/change-order-repayment):
 * the holder at least 3 characters with a space, the IBAN by the shared rule; confirm disabled
 * while either is invalid or the call is under way (spec 002 section 5).
 */
export function ChangeAccountDialog({ ids, onClose, onDone }: { ids: number[]; onClose: () => void; onDone: () => void }) {
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const change = useChangeAccount();
  const [holder, setHolder] = useState('');
  const [iban, setIban] = useState('');
  const [keepValue, setKeepValue] = useState(true);
  const [touched, setTouched] = useState({ holder: false, iban: false });
  const holderOk = isValidBankHolder(holder);
  const ibanOk = isValidRomanianIban(iban);
  const submit = () =>
    change.mutate(
      { data: ids, bankAccount: normalizeIban(iban), bankName: holder.trim(), keepValue },
      {
        onSuccess: (res) => {
          enqueueSnackbar(res.message ?? M.done, { variant: 'success', autoHideDuration: 5_000 });
          onDone();
        },
        onError: (err) => enqueueSnackbar(apiErrorMessage(err), { variant: 'error', autoHideDuration: 5_000 }),
      },
    );
  return (
    <Dialog open onClose={change.isPending ? undefined : onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="change-account-title" slotProps={{ paper: { sx: { maxWidth: { sm: 500 } } } }}>
      <DialogTitle id="change-account-title">{CHANGE_ACCOUNT}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{ids.length === 1 ? 'Un ramburs selectat.' : `${ids.length} rambursuri selectate.`}</Typography>
        <Stack spacing={2}>
          <TextField
            label="Titular cont"
            value={holder}
            onChange={(e) => setHolder(e.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, holder: true }))}
            error={touched.holder && !holderOk}
            helperText={touched.holder && !holderOk ? M.invalidBankName : ' '}
            slotProps={{ htmlInput: { maxLength: 32 } }}
          />
          <TextField
            label="Cont IBAN"
            value={iban}
            onChange={(e) => setIban(e.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, iban: true }))}
            error={touched.iban && !ibanOk}
            helperText={touched.iban && !ibanOk ? (iban.trim() ? settingsMessages.ibanInvalid : settingsMessages.ibanRequired) : ' '}
            slotProps={{ htmlInput: { maxLength: 40 } }}
          />
          <FormControlLabel control={<Checkbox checked={keepValue} onChange={(e) => setKeepValue(e.target.checked)} />} label="Foloseste acest cont si pentru rambursurile viitoare" />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={change.isPending}>
          Renunta
        </Button>
        <Button variant="contained" onClick={submit} disabled={!holderOk || !ibanOk || change.isPending}>
          Confirma
        </Button>
      </DialogActions>
    </Dialog>
  );
}
