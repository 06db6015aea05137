import { PACKAGE_FIELDS, PACKING_MEASURES, type PackingMeasure, type PackingPackage } from '@colete/contract';
import { Box, InputAdornment, TextField } from '@mui/material';
import { useState } from 'react';

const LABELS: Record<PackingMeasure, [string, string]> = { weight: ['Greutate', 'kg'], width: ['Latime', 'cm'], length: ['Lungime', 'cm'], height: ['Inaltime', 'cm'] };
const text = (n: number) => String(n).replace('.', ',');
/** A typed measure as a number ('1,5' too); empty or not a number: NaN. */
const toNumber = (t: string) => (t.trim() === '' ? Number.NaN : Number(t.trim().replace(',', '.')));

/**
 * A package's footer (spec 001 "Store product table", section 5 "Package fields"): its weight (kg)
 * and sides (cm), editable, an invalid one highlighted with the rule's message. Typing a measure
 * hands it on (an empty or unreadable one as 0, which the rules refuse); the package then stops
 * being calculated automatically. A field shows the package's measure except while it is typed into.
 */
export function PackageMeasures({ pkg, label, disabled, onMeasure }: { pkg: PackingPackage; label: string; disabled?: boolean; onMeasure: (measure: PackingMeasure, value: number) => void }) {
  // What is being typed into a field (until it loses focus); otherwise the field shows the package's measure.
  const [drafts, setDrafts] = useState<Partial<Record<PackingMeasure, string>>>({});
  const shown = (m: PackingMeasure) => drafts[m] ?? text(pkg[m]);

  return (
    <Box role="group" aria-label={label} sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, pt: 1.5 }}>
      {PACKING_MEASURES.map((m) => {
        const [name, unit] = LABELS[m];
        const n = toNumber(shown(m));
        const parsed = PACKAGE_FIELDS[m].safeParse(Number.isNaN(n) ? undefined : n);
        const error = parsed.success ? null : parsed.error.issues[0]!.message;
        return (
          <TextField
            key={m}
            size="small"
            label={name}
            value={shown(m)}
            disabled={disabled}
            onChange={(e) => {
              const t = e.target.value.replace(/[^\d.,]/g, '');
              setDrafts((x) => ({ ...x, [m]: t }));
              const typed = toNumber(t);
              onMeasure(m, Number.isFinite(typed) ? typed : 0);
            }}
            onBlur={() => setDrafts(({ [m]: _, ...rest }) => rest)}
            error={!!error}
            helperText={error ?? undefined}
            slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `${name} (${unit}) ${label}` }, input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } }}
          />
        );
      })}
    </Box>
  );
}
