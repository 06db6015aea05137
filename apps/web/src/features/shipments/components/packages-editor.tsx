import { PACKAGE_LIMITS, type TPackagingTemplate, type TSavedPackage } from '@colete/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Alert, Box, Button, IconButton, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { PackagingTemplatePicker, SavedPackagePicker } from './packaging-pickers';
import { SavePackageButton, SaveTemplateButton } from './packaging-actions';
import { fromPackagingTemplate, fromSavedPackage } from './packaging-values';
import { EMPTY_PACKAGE, type PackageValues, type ShipmentErrorFor, type ShipmentFormValues } from './shipment-form';
import { formatNumber } from '../../../lib/format';

const L = PACKAGE_LIMITS;

const FIELDS: { name: keyof PackageValues; label: string }[] = [
  { name: 'weight', label: 'Greutate (kg)' },
  { name: 'length', label: 'Lungime (cm)' },
  { name: 'width', label: 'Latime (cm)' },
  { name: 'height', label: 'Inaltime (cm)' },
];

/**
 * An envelope (one, within the envelope limits) or one or more parcels, each with its weight and
 * sizes. The messages are the contract's (spec 001 sections 5 and 9), shown once a field is touched.
 * The packages can be filled from a packaging template (all of them, and the content) or one package
 * from a saved package, and kept as either (issue 6).
 */
export function PackagesEditor({ form, errorFor }: { form: UseFormReturn<ShipmentFormValues>; errorFor: ShipmentErrorFor }) {
  const packages = useFieldArray({ control: form.control, name: 'packages' });
  const type = useWatch({ control: form.control, name: 'packageType' });
  // Values set from a template or a saved package reach the inputs without an input event: their labels follow the values.
  const typed = useWatch({ control: form.control, name: 'packages' });
  const envelope = type === 'envelope';

  const chooseType = (next: ShipmentFormValues['packageType'] | null) => {
    if (!next || next === type) return;
    form.setValue('packageType', next, { shouldDirty: true });
    // One envelope per shipment: keep the first package only.
    if (next === 'envelope' && packages.fields.length > 1) packages.replace([form.getValues('packages.0')]);
  };

  const { enqueueSnackbar } = useSnackbar();
  // Shows the messages of a package's fields, as if each had been touched.
  const touchPackage = (i: number) => {
    for (const f of FIELDS) form.setValue(`packages.${i}.${f.name}`, form.getValues(`packages.${i}.${f.name}`), { shouldTouch: true });
  };
  const touchAll = () => form.getValues('packages').forEach((_, i) => touchPackage(i));
  const fill = (i: number, values: PackageValues) => {
    for (const f of FIELDS) form.setValue(`packages.${i}.${f.name}`, values[f.name], { shouldDirty: true, shouldTouch: true });
  };
  const applyTemplate = (template: TPackagingTemplate) => {
    const next = fromPackagingTemplate(template);
    form.setValue('packageType', next.packageType, { shouldDirty: true });
    packages.replace(next.packages);
    next.packages.forEach((_, i) => touchPackage(i));
    if (next.content) form.setValue('content', next.content, { shouldDirty: true, shouldTouch: true });
    enqueueSnackbar(`Coletele au fost completate din sablonul „${template.name}”.`, { variant: 'success' });
  };
  const applySaved = (i: number, item: TSavedPackage) => fill(i, fromSavedPackage(item));

  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Box sx={{ flex: '1 1 260px', maxWidth: { sm: 420 } }}>
          <PackagingTemplatePicker onPick={applyTemplate} />
        </Box>
        <SaveTemplateButton values={() => form.getValues()} onInvalid={touchAll} />
      </Box>
      <ToggleButtonGroup exclusive value={type} onChange={(_, v: ShipmentFormValues['packageType'] | null) => chooseType(v)} aria-label="Tip expediere" size="small" sx={{ mb: 1 }}>
        <ToggleButton value="parcel">Colet</ToggleButton>
        <ToggleButton value="envelope">Plic</ToggleButton>
      </ToggleButtonGroup>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {envelope
          ? `Un singur plic: maxim ${formatNumber(L.envelope.maxWeightKg)} kg, ${L.envelope.maxLengthCm} x ${L.envelope.maxWidthCm} cm si ${L.envelope.maxHeightCm} cm inaltime.`
          : `Minim ${formatNumber(L.minWeightKg)} kg, latimea si lungimea minim ${L.minWidthCm} cm, inaltimea minim ${L.minHeightCm} cm. Maxim ${L.maxPackages} colete.`}
      </Typography>
      {errorFor('packages') && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorFor('packages')}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2 }}>
        {packages.fields.map((field, i) => {
          const name = envelope ? 'Plic' : `Colet ${i + 1}`;
          return (
            <Box key={field.id} role="group" aria-labelledby={`package-${field.id}`} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 1, mb: 1.5, minHeight: 40 }}>
                <Typography id={`package-${field.id}`} sx={{ fontWeight: 600, flex: 1 }}>
                  {name}
                </Typography>
                <Box sx={{ flex: { xs: '1 1 100%', sm: '0 1 320px' }, order: { xs: 1, sm: 0 }, minWidth: 0 }}>
                  <SavedPackagePicker onPick={(item) => applySaved(i, item)} />
                </Box>
                {/* 'Plic' is the envelope toggle's name: this button's name must not contain it. */}
                <SavePackageButton
                  label={envelope ? 'Salveaza dimensiunile ca pachet' : `Salveaza ${name.toLowerCase()} ca pachet`}
                  value={() => form.getValues(`packages.${i}`)}
                  onInvalid={() => touchPackage(i)}
                />
                {packages.fields.length > 1 && (
                  <IconButton aria-label={`Sterge ${name.toLowerCase()}`} onClick={() => packages.remove(i)} size="small">
                    <DeleteOutlineIcon />
                  </IconButton>
                )}
              </Box>
              <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' } }}>
                {FIELDS.map((f) => {
                  const path = `packages.${i}.${f.name}` as const;
                  const error = errorFor(path);
                  return (
                    <TextField
                      key={f.name}
                      label={f.label}
                      {...form.register(path)}
                      error={!!error}
                      helperText={error}
                      autoComplete="off"
                      slotProps={{ htmlInput: { inputMode: 'decimal' }, inputLabel: { shrink: typed[i]?.[f.name] ? true : undefined } }}
                    />
                  );
                })}
              </Box>
            </Box>
          );
        })}
      </Box>
      {!envelope && (
        <Button startIcon={<AddIcon />} onClick={() => packages.append(EMPTY_PACKAGE)} disabled={packages.fields.length >= L.maxPackages} sx={{ mt: 1.5 }}>
          Adauga colet
        </Button>
      )}
    </Box>
  );
}
