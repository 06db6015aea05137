import { messages, type TReturnField, type TTemplateDetail } from '@colete/contract';
import { Alert, Box, Button, Card, CardContent, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSaveTemplate } from '../api/save-template';
import { useUpdateAddressEntry } from '../api/update-address-entry';
import { useUploadTemplateLogo } from '../api/upload-template-logo';
import { addressInputOf } from '../../../components/address-form/entry-values';
import { AddressSection } from './address-section';
import {
  ADDRESS_FIELDS,
  addressChanged,
  buildSaveRequest,
  editorResolver,
  formPathOf,
  initialEditorState,
  invalidFormMessage,
  isLocked,
  type AddressSource,
  type EditorValues,
} from './editor-form';
import { ExtraOptionsSwitches } from './extra-options-switches';
import { LogoSection, type LogoState } from './logo-section';
import { ReturnFormBuilder, ReturnFormPreview } from './return-form-builder';
import { setOption } from './template-options';
import { TermsSection } from './terms-section';

const m = messages.templates;
const LIST = '/profile/templates/orders/list';
const SERVER_FIELDS = ['name', 'uniqueId', 'options.terms', 'options.return.fields', ...ADDRESS_FIELDS] as const;

function Section({ id, title, children, hint }: { id: string; title: string; children: ReactNode; hint?: string }) {
  return (
    <Card component="section" aria-labelledby={`${id}-title`}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h2" id={`${id}-title`} sx={{ mb: hint ? 0.5 : 2 }}>
          {title}
        </Typography>
        {hint && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {hint}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}

/** The order-template editor (spec 001 section 2): create without a template, edit with one (the name locked). */
export function TemplateEditor({ detail, isAdmin }: { detail?: TTemplateDetail; isAdmin: boolean }) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [initial] = useState(() => initialEditorState(detail));
  const [source, setSourceState] = useState<AddressSource>(initial.source);
  // The resolver runs outside render and reads the address source from this holder.
  const [context] = useState(() => ({ source: initial.source, id: detail?.id }));
  const [resolver] = useState(() => editorResolver(() => context));
  const setSource = (s: AddressSource) => {
    Object.assign(context, { source: s });
    setSourceState(s);
  };
  const [logo, setLogo] = useState<LogoState>({ file: null, removed: false });
  const latestFields = useRef<TReturnField[]>(initial.values.options.return.fields);
  const [saving, setSaving] = useState(false);

  const form = useForm<EditorValues>({ resolver, defaultValues: initial.values });
  const { errors, submitCount } = form.formState;
  const options = useWatch({ control: form.control, name: 'options' });
  const save = useSaveTemplate();
  const upload = useUploadTemplateLogo();
  const updateEntry = useUpdateAddressEntry();

  const onValid = async (values: EditorValues) => {
    setSaving(true);
    try {
      if (source.entry && source.mode === 'modify' && !isLocked(source) && addressChanged(source, values)) {
        await updateEntry.mutateAsync({ id: source.entry.id, input: addressInputOf(values) });
      }
      const saved = await save.mutateAsync(buildSaveRequest(values, source, { id: detail?.id, removeLogo: logo.removed && !logo.file }));
      if (logo.file) {
        try {
          await upload.mutateAsync({ uniqueId: saved.uniqueId, file: logo.file });
        } catch (error) {
          enqueueSnackbar(error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : m.logoSaveError, { variant: 'error' });
          if (!detail) navigate(`/profile/templates/orders/edit/${saved.id}`, { replace: true });
          return;
        }
      }
      enqueueSnackbar(m.saved, { variant: 'success' });
      navigate(LIST);
    } catch (error) {
      applyServerErrors(error, form.setError, SERVER_FIELDS, formPathOf);
      enqueueSnackbar(error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : m.saveError, { variant: 'error' });
    } finally {
      setSaving(false);
    }
  };
  const onSubmit = (e: FormEvent) => {
    // The builder applies its changes after a pause: a save right after typing takes the newest.
    form.setValue('options.return.fields', latestFields.current);
    return form.handleSubmit(onValid, (errs) => enqueueSnackbar(invalidFormMessage(errs), { variant: 'error' }))(e);
  };

  const returnError = (errors.options as { return?: { fields?: { message?: string } } } | undefined)?.return?.fields?.message;
  const toggle = (name: 'options.return.enabled' | 'options.return.isMandatory', label: string, disabled = false) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => <FormControlLabel control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} inputRef={field.ref} disabled={disabled} />} label={label} />}
    />
  );

  return (
    <FormProvider {...form}>
      <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'grid', gap: 3, maxWidth: 1200 }}>
        <Section id="tpl-name" title="1. Nume">
          <TextField
            label="Nume sablon"
            {...form.register('name')}
            disabled={!!detail}
            error={!!errors.name}
            helperText={errors.name?.message}
            autoComplete="off"
            sx={{ maxWidth: 520 }}
          />
          {detail && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Numele unui sablon salvat nu se mai poate schimba.
            </Typography>
          )}
        </Section>

        <Section id="tpl-address" title="2. Adresa" hint="Adresa la care ajung retururile: alegeti una din agenda sau completati-o.">
          <AddressSection source={source} onSource={setSource} />
        </Section>

        <Section id="tpl-options" title="3. Optiuni extra" hint="Serviciile pe care clientii le pot folosi cu acest sablon.">
          <ExtraOptionsSwitches options={options} label="Optiuni extra" onChange={(key, value) => form.setValue('options', setOption(form.getValues('options'), key, value), { shouldDirty: true })} />
        </Section>

        <Section id="tpl-logo" title="4. Logo" hint="Apare pe pagina de retur, langa numele dumneavoastra.">
          <LogoSection saved={detail?.logo ?? null} state={logo} onChange={setLogo} />
        </Section>

        <Section id="tpl-return" title="5. Formular de retur" hint="Intrebarile la care raspunde clientul cand cere un retur.">
          <Box sx={{ display: 'flex', flexDirection: 'column', mb: 2 }}>
            {toggle('options.return.enabled', 'Activeaza formularul de retur')}
            {toggle('options.return.isMandatory', 'Formularul este obligatoriu', !options.return.enabled)}
          </Box>
          {returnError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {returnError}
            </Alert>
          )}
          {options.return.enabled && (
            <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
              <ReturnFormBuilder
                value={options.return.fields}
                latestRef={latestFields}
                showAllErrors={submitCount > 0}
                onChange={(fields) => form.setValue('options.return.fields', fields, { shouldDirty: true, shouldValidate: submitCount > 0 })}
              />
              <Box sx={{ position: { lg: 'sticky' }, top: { lg: 88 } }}>
                <ReturnFormPreview fields={options.return.fields} />
              </Box>
            </Box>
          )}
        </Section>

        {isAdmin && (
          <Section id="tpl-terms" title="6. Termeni si aprobare" hint="Vizibil doar administratorilor.">
            <TermsSection editing={!!detail} />
          </Section>
        )}

        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={LIST} disabled={saving}>
            Renunta
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? 'Se salveaza...' : 'Salveaza sablonul'}
          </Button>
        </Stack>
      </Box>
    </FormProvider>
  );
}
