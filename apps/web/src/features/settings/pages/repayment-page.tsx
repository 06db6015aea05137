import {
  REPAYMENT_INTERVAL_CONTRACTUAL,
  REPAYMENT_MIN_AMOUNTS,
  REPAYMENT_NO_LIMIT,
  ZRepaymentSettings,
  bankNameFromIban,
  isValidRomanianIban,
  messages,
  type TProfile,
  type TRepaymentSettings,
} from '@colete/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, MenuItem, Stack, TextField } from '@mui/material';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useProfile } from '../../../lib/profile-query';
import { useSaveProfile } from '../api/save-profile';
import { SettingsFrame } from '../components/settings-frame';
import { applyServerErrors } from '../../../lib/form-errors';
import { stripProfile, useSettingsFeedback } from '../components/use-settings-feedback';
import { SaveBar } from '../../../components/form-actions';
import { formatMoney } from '../../../lib/format';

const FIELDS = ['bankAccount', 'bankAccountHolder', 'repaymentSendInterval', 'repaymentSendMinAmount', 'repaymentWaitPending'] as const;
const intervalLabel = (days: number) => (days === 1 ? 'Zilnic' : `La fiecare ${days} zile`);
const amountLabel = (amount: number) => (amount === REPAYMENT_NO_LIMIT ? 'Fara suma minima' : formatMoney(amount));

function RepaymentForm({ profile }: { profile: TProfile }) {
  const save = useSaveProfile();
  const feedback = useSettingsFeedback();
  const contractual = (profile.repaymentSendInterval ?? 0) >= REPAYMENT_INTERVAL_CONTRACTUAL;
  const form = useForm<TRepaymentSettings>({
    resolver: zodResolver(ZRepaymentSettings),
    defaultValues: {
      bankAccount: profile.bankAccount ?? '',
      bankAccountHolder: profile.bankAccountHolder ?? '',
      repaymentSendInterval: profile.repaymentSendInterval ?? 7,
      repaymentSendMinAmount: profile.repaymentSendMinAmount ?? REPAYMENT_MIN_AMOUNTS[0],
      repaymentWaitPending: profile.repaymentWaitPending ?? 1,
    },
  });
  const { errors } = form.formState;
  const iban = useWatch({ control: form.control, name: 'bankAccount' });
  const bank = iban && isValidRomanianIban(iban) ? bankNameFromIban(iban) : null;

  const onSubmit = form.handleSubmit(
    (values) =>
      save.mutate(values, {
        onSuccess: () => feedback.saved(messages.settings.repaymentSaved),
        onError: (error) => {
          applyServerErrors(error, form.setError, FIELDS, stripProfile);
          feedback.failed(error);
        },
      }),
    () => feedback.invalid(),
  );

  const numberSelect = (name: 'repaymentSendInterval' | 'repaymentSendMinAmount' | 'repaymentWaitPending', label: string, options: { value: number; label: string }[], disabled = false, helper?: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <TextField
          select
          label={label}
          value={field.value}
          onChange={(e) => field.onChange(Number(e.target.value))}
          onBlur={field.onBlur}
          inputRef={field.ref}
          disabled={disabled}
          error={!!errors[name]}
          helperText={errors[name]?.message ?? helper}
        >
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  const intervalOptions = contractual
    ? [{ value: profile.repaymentSendInterval!, label: `Conform contractului (la ${profile.repaymentSendInterval} zile)` }]
    : Array.from({ length: REPAYMENT_INTERVAL_CONTRACTUAL - 1 }, (_, i) => ({ value: i + 1, label: intervalLabel(i + 1) }));

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Cont de rambursare">
      <Stack spacing={2.5}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField label="Titular cont" autoComplete="name" {...form.register('bankAccountHolder')} error={!!errors.bankAccountHolder} helperText={errors.bankAccountHolder?.message ?? 'Maxim 32 de caractere, litere si cifre'} />
          <TextField
            label="Cont IBAN"
            {...form.register('bankAccount')}
            error={!!errors.bankAccount}
            helperText={errors.bankAccount?.message ?? (bank ? `Banca: ${bank}` : 'Cont in lei, la o banca din Romania (RO..., 24 de caractere)')}
            slotProps={{ htmlInput: { style: { textTransform: 'uppercase' }, spellCheck: false } }}
          />
          {numberSelect('repaymentSendInterval', 'Cat de des primiti banii', intervalOptions, contractual, contractual ? messages.settings.intervalContractual : undefined)}
          {numberSelect('repaymentSendMinAmount', 'Suma minima pentru plata', REPAYMENT_MIN_AMOUNTS.map((a) => ({ value: a, label: amountLabel(a) })))}
          {numberSelect('repaymentWaitPending', 'Asteptare rambursuri in procesare', [
            { value: 0, label: 'Nu astept' },
            { value: 1, label: 'Astept maxim o zi' },
          ])}
        </Box>
        <Alert severity="info">
          Rambursurile se platesc cand suma adunata depaseste suma minima, dar nu mai tarziu de intervalul ales. Plata poate fi amanata cu o zi cat timp alte rambursuri sunt in procesare.
        </Alert>
        <SaveBar pending={save.isPending} />
      </Stack>
    </form>
  );
}

export default function RepaymentPage() {
  const profile = useProfile();
  return (
    <SettingsFrame
      title="Rambursuri"
      subtitle="Contul bancar in care primiti banii incasati de curieri la livrare si cat de des ii primiti."
      status={profile.status}
      onRetry={() => void profile.refetch()}
    >
      {profile.data && <RepaymentForm key={profile.data.id} profile={profile.data} />}
    </SettingsFrame>
  );
}
