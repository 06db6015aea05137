import { ZReturnSubmission, messages, validateReturnForm, type TPublicTemplate, type TReturnAnswer, type TReturnAnswers, type TReturnField } from '@colete/contract';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import LinkOffOutlinedIcon from '@mui/icons-material/LinkOffOutlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import { Alert, Box, Button, Card, CardContent, Container, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { z } from 'zod';
import { AddressFields, EMPTY_ADDRESS } from '../../../components/address-form/address-fields';
import { ADDRESS_PART_FIELDS, EMPTY_PARTY_CONTACT } from '../../../components/address-form/entry-values';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePublicTemplate } from '../api/get-public-template';
import { useSubmitReturn } from '../api/submit-return';
import { initialAnswers } from '../components/return-form-model';
import { focusFirstAnswerError, ReturnFormView } from '../components/return-form-view';
import { SafeHtml } from '../components/safe-html';
import { ContactFields } from '../../../components/contact-fields';
import { formResolver, type FormValuesOf } from '../../../lib/form-resolver';

const m = messages.templates;

// The page asks for no second phone.
type Values = Omit<FormValuesOf<z.input<typeof valuesSchema>>, 'contactPhone2'>;
const EMPTY: Values = { ...EMPTY_ADDRESS, ...EMPTY_PARTY_CONTACT, clientReference: '' };
/** The return page asks the customer, not a contact person; its email is required. */
const RETURN_CONTACT_LABELS = { contactName: 'Nume si prenume', contactEmail: 'Email' };
const FIELDS = ['contactName', 'contactCompany', 'contactPhone', 'contactEmail', 'clientReference', ...ADDRESS_PART_FIELDS] as const;

/**
 * After a refused submit (every message is shown at once), the customer is taken to the first
 * field with a message: the form's own answers first, in their order (a radio or checkbox group
 * or a table included), then the contact and the address.
 */
const focusFirstError = (fields: readonly TReturnField[], answerErrors: Record<string, string>) =>
  setTimeout(() => {
    const main = document.querySelector('main');
    if (!main || focusFirstAnswerError(main, fields, answerErrors)) return;
    const first = main.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
    first?.scrollIntoView({ block: 'center' });
  }, 0);

/** The customer's part of the request (the contract's schema): their address and contact, and the reference. */
const valuesSchema = ZReturnSubmission.shape.address.extend({ clientReference: ZReturnSubmission.shape.clientReference });

function Shell({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', px: 2, py: 1.5, display: 'flex', alignItems: 'center', gap: 1 }}>
        <LocalShippingOutlinedIcon aria-hidden />
        <Typography component="p" sx={{ fontWeight: 700 }}>
          Colete Online
        </Typography>
      </Box>
      <Container component="main" maxWidth="md" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 } }}>
        {children}
      </Container>
    </Box>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h2" id={id} sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function NotFound() {
  useDocumentTitle(m.notFound);
  return (
    <Shell>
      <Box sx={{ textAlign: 'center', py: 8 }}>
        <LinkOffOutlinedIcon sx={{ fontSize: 64, color: 'text.secondary' }} aria-hidden />
        <Typography variant="h1" sx={{ my: 1 }}>
          {m.notFound}
        </Typography>
        <Typography color="text.secondary">Link-ul de retur nu este valid sau nu mai este activ. Verificati link-ul primit de la comerciant.</Typography>
      </Box>
    </Shell>
  );
}

function ReturnForm({ template, uniqueId }: { template: TPublicTemplate; uniqueId: string }) {
  useDocumentTitle(`Retur ${template.merchantName}`);
  const form = useForm<Values, unknown, z.output<typeof valuesSchema>>({ resolver: formResolver<Values>()(valuesSchema), defaultValues: EMPTY, shouldFocusError: false });
  const { errors } = form.formState;
  const fields = template.returnForm.enabled ? template.returnForm.fields : [];
  const [answers, setAnswers] = useState<TReturnAnswers>(() => initialAnswers(fields));
  const [answerErrors, setAnswerErrors] = useState<Record<string, string>>({});
  const [checked, setChecked] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = useSubmitReturn(uniqueId);
  // 'Fill in every field' speaks of the marked fields: once none is left (a postal code that arrived
  // after the click, the last answer given), it is not shown, so no stale message stays on the page.
  const nothingMarked = Object.keys(errors).length === 0 && Object.keys(answerErrors).length === 0;
  const shownProblem = problem === messages.common.incompleteForm && nothingMarked ? null : problem;

  const validateAnswers = (next: TReturnAnswers) => validateReturnForm(template.returnForm, next);
  const onAnswer = (id: string, answer: TReturnAnswer) => {
    const next = { ...answers, [id]: answer };
    setAnswers(next);
    // After a first try, a fixed answer loses its message at once.
    if (checked) setAnswerErrors(validateAnswers(next));
  };

  const onSubmit = (e: FormEvent) => {
    const found = validateAnswers(answers);
    setAnswerErrors(found);
    setChecked(true);
    setProblem(null);
    const answersOk = Object.keys(found).length === 0;
    return form.handleSubmit(
      (values) => {
        if (!answersOk) {
          setProblem(messages.common.incompleteForm);
          return focusFirstError(fields, found);
        }
        const { clientReference, ...address } = values;
        submit.mutate(
          { address, answers, clientReference: template.offers.allowClientReference ? clientReference : null },
          {
            onError: (error) => {
              applyServerErrors(error, form.setError, FIELDS, (p) => p.replace(/^address\./, ''));
              if (error instanceof ApiError && error.errors) {
                const fromServer = Object.fromEntries(Object.entries(error.errors).filter(([k]) => k.startsWith('answers.')));
                if (Object.keys(fromServer).length) setAnswerErrors(fromServer);
              }
              setProblem(error instanceof ApiError ? (error.status === 429 ? error.message || m.returnTooMany : error.status < 500 && error.status > 0 ? error.message : m.returnError) : m.returnError);
            },
          },
        );
      },
      () => {
        setProblem(messages.common.incompleteForm);
        focusFirstError(fields, found);
      },
    )(e);
  };

  if (submit.isSuccess) {
    return (
      <Box role="status" sx={{ textAlign: 'center', py: 6 }}>
        <CheckCircleOutlineIcon color="success" sx={{ fontSize: 64 }} aria-hidden />
        <Typography variant="h2" component="p" sx={{ my: 1 }}>
          {submit.data.message}
        </Typography>
        <Typography>
          Referinta cererii: <strong>{submit.data.reference}</strong>
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {template.merchantName} va programa ridicarea coletului de la adresa indicata.
        </Typography>
      </Box>
    );
  }

  return (
    <FormProvider {...form}>
      <Stack component="form" onSubmit={onSubmit} noValidate spacing={3}>
        {fields.length > 0 && (
          <Section id="return-form-title" title="Formular de retur">
            <ReturnFormView fields={fields} answers={answers} onChange={onAnswer} errors={answerErrors} idPrefix="answer" />
          </Section>
        )}
        <Section id="return-contact-title" title="Datele dumneavoastra">
          <ContactFields fields={['contactName', 'contactCompany', 'contactPhone', 'contactEmail']} labels={RETURN_CONTACT_LABELS}>
            {template.offers.allowClientReference && (
              <TextField
                label="Referinta comanda (optional)"
                autoComplete="off"
                {...form.register('clientReference')}
                error={!!errors.clientReference}
                helperText={errors.clientReference?.message}
              />
            )}
          </ContactFields>
        </Section>
        <Section id="return-address-title" title="Adresa de ridicare">
          <AddressFields />
        </Section>
        {template.terms && (
          <Section id="return-terms-title" title="Termeni si conditii">
            <SafeHtml html={template.terms} sx={{ overflowWrap: 'anywhere', '& :first-of-type': { mt: 0 } }} />
          </Section>
        )}
        {shownProblem && <Alert severity="error">{shownProblem}</Alert>}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" size="large" disabled={submit.isPending} sx={{ width: { xs: '100%', sm: 'auto' } }}>
            {submit.isPending ? 'Se trimite...' : 'Trimite cererea de retur'}
          </Button>
        </Box>
      </Stack>
    </FormProvider>
  );
}

/** /order/return/{uniqueId}: the public return page a merchant shares (no sign-in). */
export default function PublicReturnPage() {
  const uniqueId = useParams().uniqueId ?? '';
  const template = usePublicTemplate(uniqueId);
  if (template.isPending) return <LoadingState fullPage label="Se incarca formularul de retur..." />;
  if (template.isError) {
    if (template.error instanceof ApiError && (template.error.status === 404 || template.error.status === 400)) return <NotFound />;
    return (
      <Shell>
        <ErrorState message={template.error instanceof ApiError && template.error.status === 429 ? template.error.message : undefined} onRetry={() => void template.refetch()} />
      </Shell>
    );
  }
  const t = template.data;
  return (
    <Shell>
      {/* The logo at its own size, up to 96 px high and 200-240 px wide (above the name on a phone, so neither is squeezed). */}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, mb: 3 }}>
        {t.logo && (
          <Box
            component="img"
            src={t.logo}
            alt={`Logo ${t.merchantName}`}
            sx={{ display: 'block', width: 'auto', height: 'auto', maxWidth: { xs: 200, sm: 240 }, maxHeight: 96, objectFit: 'contain', bgcolor: 'background.paper', borderRadius: 2, border: 1, borderColor: 'divider', p: 0.5, flexShrink: 0 }}
          />
        )}
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
            {t.merchantName}
          </Typography>
          <Typography color="text.secondary">Cerere de retur · {t.name}</Typography>
        </Box>
      </Stack>
      <ReturnForm template={t} uniqueId={uniqueId} />
    </Shell>
  );
}
