import { Box, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import type { EditorValues } from './editor-form';
import { SafeHtml } from './safe-html';

type AdminSwitch = 'options.showInShopList' | 'options.approved' | 'options.isSpecialTemplate';

/** Section 6 (admins only, spec 001 section 6): HTML terms, shop list, approval, special template, uniqueId. */
export function TermsSection({ editing }: { editing: boolean }) {
  const form = useFormContext<EditorValues>();
  const { errors } = form.formState;
  const terms = useWatch({ control: form.control, name: 'options.terms' });
  const toggle = (name: AdminSwitch, label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => <FormControlLabel control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} inputRef={field.ref} />} label={label} />}
    />
  );
  return (
    <Stack spacing={2}>
      <TextField
        label="Termeni si conditii (HTML)"
        multiline
        minRows={4}
        {...form.register('options.terms')}
        error={!!errors.options?.terms}
        helperText={errors.options?.terms?.message ?? 'Scripturile si atributele periculoase sunt eliminate la salvare.'}
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
      {terms && (
        <Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            Asa apar termenii pe pagina de retur:
          </Typography>
          <SafeHtml html={terms} sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, overflowWrap: 'anywhere' }} />
        </Box>
      )}
      <Box sx={{ display: 'flex', flexDirection: 'column' }}>
        {toggle('options.showInShopList', 'Afiseaza in lista de magazine')}
        {toggle('options.approved', 'Aprobat')}
        {toggle('options.isSpecialTemplate', 'Sablon special')}
      </Box>
      <TextField
        label="Identificator unic (uniqueId)"
        {...form.register('uniqueId')}
        error={!!errors.uniqueId}
        helperText={errors.uniqueId?.message ?? (editing ? 'Schimbarea lui schimba link-ul public.' : 'Gol: se genereaza automat.')}
        autoComplete="off"
        sx={{ maxWidth: 420 }}
      />
    </Stack>
  );
}
