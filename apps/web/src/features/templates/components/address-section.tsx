import type { TAddressEntry } from '@colete/contract';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Alert, FormControlLabel, Radio, RadioGroup } from '@mui/material';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { AddressFields } from '../../../components/address-form/address-fields';
import { ADDRESS_ENTRY_FIELDS, addressEntryValues, addressInputOf } from '../../../components/address-form/entry-values';
import { AddressBookPicker } from '../../../components/address-book/address-book-picker';
import { isLocked, type AddressSource, type EditorValues } from './editor-form';
import { CONTACT_FIELDS_BOOK, ContactFields } from '../../../components/contact-fields';

/**
 * Section 2 (spec 001): an address-book entry fills the form, locks its name and defaults to
 * 'modify existing'; an entry of type 10 (a pick-up point) locks the whole form; or the form is
 * filled by hand (the shared address fields).
 */
export function AddressSection({ source, onSource }: { source: AddressSource; onSource: (s: AddressSource) => void }) {
  const form = useFormContext<EditorValues>();
  const locked = isLocked(source);
  const [picked, setPicked] = useState<TAddressEntry | null>(null);
  // The shared address fields read the county and city once, when they mount: a new entry remounts them.
  const [generation, setGeneration] = useState(0);

  const choose = (entry: TAddressEntry | null) => {
    setPicked(entry);
    if (!entry) return onSource({ entry: null, mode: 'new', snapshot: null });
    const values = addressEntryValues(entry);
    for (const k of ADDRESS_ENTRY_FIELDS) form.setValue(k, values[k], { shouldDirty: true });
    form.clearErrors([...ADDRESS_ENTRY_FIELDS]);
    onSource({ entry: { id: entry.id, type: entry.type }, mode: 'modify', snapshot: addressInputOf(form.getValues()) });
    setGeneration((g) => g + 1);
  };

  return (
    <>
      <AddressBookPicker label="Cautare in agenda" value={picked} onChange={choose} />
      {source.entry && !locked && (
        <RadioGroup
          row
          aria-label="Ce se intampla cu adresa din agenda"
          value={source.mode}
          onChange={(e) => onSource({ ...source, mode: e.target.value as 'modify' | 'new' })}
          sx={{ mt: 1 }}
        >
          <FormControlLabel value="modify" control={<Radio />} label="Modifica adresa existenta" />
          <FormControlLabel value="new" control={<Radio />} label="Salveaza ca adresa noua" />
        </RadioGroup>
      )}
      {locked && (
        <Alert severity="info" icon={<LockOutlinedIcon />} sx={{ mt: 2 }}>
          Adresa este folosita ca punct de ridicare si nu poate fi modificata. Sablonul o foloseste asa cum este.
        </Alert>
      )}
      {/* Remounted with each entry: an uncontrolled field reads its value (and floats its label) when it mounts. */}
      <ContactFields
        key={`contact-${generation}`}
        fields={CONTACT_FIELDS_BOOK}
        // The name of an entry being modified stays; a pick-up point's whole entry does.
        disabled={locked || { shortName: !!source.entry && source.mode === 'modify' }}
        sx={{ my: 2 }}
      />
      <AddressFields key={`address-${generation}`} disabled={locked} />
    </>
  );
}
