import { PICKUP_ADD_SUCCESS_MS, messages } from '@colete/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, AlertTitle, Box, Button, Card, CardContent, Stack, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, type FieldErrors } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import {
  EMPTY_PICKUP_FORM,
  STEP_FIELDS,
  formFieldOfServerPath,
  pickupFormSchema,
  toPickupRequest,
  useAddPickupPoint,
  type PickupFormValues,
} from '../api/add-pickup-point';
import { PickupAddressStep } from '../components/pickup-address-step';
import { PickupCourierStep } from '../components/pickup-courier-step';
import { PickupDetailsStep } from '../components/pickup-details-step';
import type { z } from 'zod';
import { formResolver } from '../../../lib/form-resolver';

const p = messages.pickupPoints;
const STEPS = [
  { key: 'address', label: 'Adresa', title: 'Pasul 1: adresa punctului de ridicare' },
  { key: 'courier', label: 'Curier', title: 'Pasul 2: curierul' },
  { key: 'details', label: 'Detalii', title: 'Pasul 3: expeditii, zile de ridicare si imprimanta' },
] as const;
const ALL_FIELDS = [...STEP_FIELDS.address, ...STEP_FIELDS.courier, ...STEP_FIELDS.details];

/** What is missing, one line per part of the request (spec 000 section 8: the form's errors list them). */
function missingParts(errors: FieldErrors<PickupFormValues>): string[] {
  const out: string[] = [];
  if (errors.addressId) out.push(errors.addressId.message ?? p.addressRequired);
  else if (STEP_FIELDS.address.some((f) => errors[f])) out.push(p.addressInvalid);
  for (const f of [...STEP_FIELDS.courier, ...STEP_FIELDS.details]) {
    const message = errors[f]?.message;
    if (message) out.push(message);
  }
  return out;
}

/** /profile/pick-up-points/add: the request in three steps (spec 000 section 2). */
export default function PickupAddPage() {
  const form = useForm<PickupFormValues, unknown, z.output<typeof pickupFormSchema>>({ resolver: formResolver<PickupFormValues>()(pickupFormSchema), defaultValues: EMPTY_PICKUP_FORM });
  const [step, setStep] = useState(0);
  const [showMissing, setShowMissing] = useState(false);
  const add = useAddPickupPoint();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // Each step starts at its heading, so a keyboard or screen reader user knows where they are.
  useEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = true;
  }, [step]);

  // After a refused step, the step is checked again on every change: fixed fields lose their errors, the list shrinks.
  useEffect(() => {
    if (!showMissing) return;
    const fields = [...STEP_FIELDS[STEPS[step]!.key]];
    // Only a field's own change (it carries the field's name), never the errors the check itself sets.
    return form.subscribe({ formState: { values: true }, callback: ({ name }) => name && void form.trigger(fields) });
  }, [showMissing, step, form]);

  const goTo = (next: number) => {
    setShowMissing(false);
    setStep(next);
  };
  const onNext = async () => {
    if (await form.trigger([...STEP_FIELDS[STEPS[step]!.key]])) goTo(step + 1);
    else setShowMissing(true);
  };

  const onSubmit = form.handleSubmit(
    (values) =>
      add.mutate(toPickupRequest(values), {
        onSuccess: (data) => {
          enqueueSnackbar(data.message, { variant: 'success', autoHideDuration: PICKUP_ADD_SUCCESS_MS });
          navigate('/profile/pick-up-points/list');
        },
        onError: (error) => {
          if (applyServerErrors(error, form.setError, ALL_FIELDS, formFieldOfServerPath)) {
            const errors = form.formState.errors;
            const back = STEPS.findIndex((s) => STEP_FIELDS[s.key].some((f) => errors[f]));
            if (back >= 0 && back !== step) setStep(back);
            setShowMissing(true);
          }
          enqueueSnackbar(error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : p.addError, { variant: 'error' });
        },
      }),
    () => setShowMissing(true),
  );

  const missing = showMissing ? missingParts(form.formState.errors) : [];
  const last = step === STEPS.length - 1;

  return (
    <>
      <Button component={RouterLink} to="/profile/pick-up-points/list" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        Puncte de ridicare
      </Button>
      <PageHeader title="Cerere punct de ridicare" subtitle="Curierul va ridica regulat coletele de la adresa aleasa; dupa aprobare, comenzile trimise de acolo primesc reducere." />
      <Card sx={{ maxWidth: 1000 }}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
            {STEPS.map((s) => (
              <Step key={s.key}>
                <StepLabel>{s.label}</StepLabel>
              </Step>
            ))}
          </Stepper>
          <FormProvider {...form}>
            <form
              onSubmit={
                last
                  ? onSubmit
                  : (e) => {
                      e.preventDefault();
                      void onNext();
                    }
              }
              noValidate
            >
              <Typography variant="h2" component="h2" ref={heading} tabIndex={-1} sx={{ mb: 2, fontSize: '1.15rem', outline: 'none' }}>
                {STEPS[step]!.title}
              </Typography>
              {missing.length > 0 && (
                <Alert severity="error" sx={{ mb: 2 }}>
                  <AlertTitle>{messages.common.incompleteForm}</AlertTitle>
                  <Box component="ul" sx={{ m: 0, pl: 2 }}>
                    {missing.map((text) => (
                      <li key={text}>{text}</li>
                    ))}
                  </Box>
                </Alert>
              )}
              {step === 0 && <PickupAddressStep />}
              {step === 1 && <PickupCourierStep />}
              {step === 2 && <PickupDetailsStep />}
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', mt: 4 }}>
                <Button onClick={() => goTo(step - 1)} disabled={step === 0 || add.isPending}>
                  Inapoi
                </Button>
                <Button type="submit" variant="contained" disabled={add.isPending}>
                  {last ? (add.isPending ? 'Se trimite...' : p.submit) : 'Continua'}
                </Button>
              </Stack>
            </form>
          </FormProvider>
        </CardContent>
      </Card>
    </>
  );
}
