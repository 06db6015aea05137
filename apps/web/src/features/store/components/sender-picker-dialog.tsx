import { STORE_MUTATION_MESSAGES, normalizeText, type TAddressEntry } from '@colete/contract';
import {
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Link,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { entryAddressLine } from '../../../components/address-form/address-text';
import { renderAddressEntryOption } from '../../../components/address-book/address-entry-option';
import { useSenderAddressBook } from '../api/store-mutations';

/** What 'Alege' hands back: the entry, and whether the association is to be saved for later orders. */
export type SenderChoice = { entry: TAddressEntry; save: boolean };

/** The text an entry shows in the box, and what the search looks in (spec 001: the full address text, any case). */
const renderSenderOption = renderAddressEntryOption(entryAddressLine);
const optionLabel = (e: TAddressEntry) => `${e.shortName} - ${entryAddressLine(e)}`;
const searchText = (e: TAddressEntry) => normalizeText(`${e.shortName} ${e.contactName} ${e.contactCompany ?? ''} ${entryAddressLine(e)}`);
/** Spec 001: entries that are a courier's shipping point are disabled (the address book holds none today). */
const isShippingPoint = (e: TAddressEntry) => (e as TAddressEntry & { shippingPointId?: unknown }).shippingPointId != null;

/**
 * 'Alege o adresa' (spec 001 section 2): the sender of a fulfillment order chosen from the address
 * book, optionally saved for the location's later orders; 'Sterge asociere adresa' when one is saved.
 * Rendered only while open, so each opening starts from the current sender.
 */
export function SenderPickerDialog({
  currentAddressId,
  associated,
  busy,
  onChoose,
  onDeleteAssociation,
  onClose,
}: {
  currentAddressId: number | null;
  associated: boolean;
  busy: boolean;
  onChoose: (choice: SenderChoice) => void;
  onDeleteAssociation: () => void;
  onClose: () => void;
}) {
  const book = useSenderAddressBook(true);
  const entries = useMemo(() => book.data?.addresses ?? [], [book.data]);
  const [picked, setPicked] = useState<TAddressEntry | null>(null);
  const [touchedPick, setTouchedPick] = useState(false);
  const [input, setInput] = useState<string | null>(null);
  const [save, setSave] = useState(false);
  const [showError, setShowError] = useState(false);

  // Until the user picks, the current sender (when it is an entry of the book) is the value.
  const value = touchedPick ? picked : (entries.find((e) => e.id === currentAddressId) ?? null);
  const text = input ?? (value ? optionLabel(value) : '');
  const fromList = value !== null && text === optionLabel(value);

  const choose = () => {
    if (!value || !fromList || isShippingPoint(value)) {
      setShowError(true);
      return;
    }
    onChoose({ entry: value, save });
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="sender-picker-title">
      <DialogTitle id="sender-picker-title">Alege o adresa</DialogTitle>
      <DialogContent>
        {book.isError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {STORE_MUTATION_MESSAGES.genericError}
          </Alert>
        ) : null}
        <Autocomplete<TAddressEntry>
          value={value}
          onChange={(_, entry) => {
            setTouchedPick(true);
            setPicked(entry);
            setInput(null);
            setShowError(false);
          }}
          inputValue={text}
          onInputChange={(_, v, reason) => {
            // Typed text is kept (a blur does not put the entry back, so a changed value is refused);
            // choosing an option, even the current one again, shows that option.
            if (reason === 'input' || reason === 'clear') setInput(v);
            else if (reason === 'selectOption') {
              setInput(null);
              setShowError(false);
            }
          }}
          options={entries}
          filterOptions={(options, state) => {
            const q = normalizeText(state.inputValue);
            // The box showing the chosen entry lists the whole book.
            if (!q || (value && state.inputValue === optionLabel(value))) return options;
            return options.filter((e) => searchText(e).includes(q));
          }}
          getOptionLabel={optionLabel}
          getOptionKey={(e) => e.id}
          getOptionDisabled={isShippingPoint}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          loading={book.isFetching}
          loadingText="Se incarca agenda..."
          noOptionsText="Nicio adresa gasita"
          renderOption={renderSenderOption}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Cautare in agenda"
              autoFocus
              error={showError && !fromList}
              helperText={showError && !fromList ? STORE_MUTATION_MESSAGES.pickFromList : undefined}
              slotProps={{
                input: {
                  ...params.InputProps,
                  endAdornment: (
                    <>
                      {book.isFetching ? <CircularProgress size={18} aria-label="Se incarca agenda" /> : null}
                      {params.InputProps.endAdornment}
                    </>
                  ),
                },
              }}
            />
          )}
          sx={{ mt: 1 }}
        />
        <Typography variant="body2" sx={{ mt: 1.5 }}>
          Adresa nu este in agenda?{' '}
          <Link component={RouterLink} to="/profile/addresses">
            Adauga o adresa noua
          </Link>
        </Typography>
        <FormControlLabel
          sx={{ mt: 1 }}
          control={<Checkbox checked={save} onChange={(e) => setSave(e.target.checked)} />}
          label="Salveaza asocierea si pentru comenzile viitoare"
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {associated ? (
          <Button color="error" onClick={onDeleteAssociation} disabled={busy} sx={{ mr: 'auto' }}>
            Sterge asociere adresa
          </Button>
        ) : null}
        <Button onClick={onClose} disabled={busy}>
          Inchide
        </Button>
        <Button variant="contained" onClick={choose} disabled={busy}>
          {busy ? 'Se salveaza...' : 'Alege'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
