import { PREPAY_PRESETS, SUBSCRIPTION_ERRORS, ZSubscriptionAmounts, refillAfterTriggerChange, type TSubscriptionAmounts } from '@colete/contract';
import { Box, Chip, Stack, TextField, Typography } from '@mui/material';
import { formatMoney } from '../../../lib/format';

export type AmountsDraft = { refill: string; trigger: string; custom: boolean };

const toNumber = (s: string) => (s.trim() === '' ? Number.NaN : Number(s.replace(',', '.')));

/** The draft as the contract's amounts, or the fields' messages (the spec's error keys in Romanian). */
export function parseAmounts(draft: AmountsDraft): { ok: true; value: TSubscriptionAmounts } | { ok: false; errors: Record<string, string> } {
  const parsed = ZSubscriptionAmounts.safeParse({ recurringAmount: toNumber(draft.refill), recurringMinBalance: toNumber(draft.trigger) });
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'recurringMinBalance' ? 'trigger' : 'refill';
    errors[field] ??= field === 'trigger' && draft.trigger.trim() === '' ? 'Pragul de declansare este obligatoriu!' : (SUBSCRIPTION_ERRORS[issue.message] ?? issue.message);
  }
  return { ok: false, errors };
}

/**
 * Trigger and refill of an automatic top-up (spec 000 section 5): when the trigger changes and the
 * refill is below it, the refill becomes the smallest preset at or above the trigger, or a custom
 * amount holding the trigger when no preset is high enough.
 */
export function SubscriptionAmounts({ value, onChange, errors = {} }: { value: AmountsDraft; onChange: (v: AmountsDraft) => void; errors?: Record<string, string> }) {
  const setTrigger = (trigger: string) => {
    const t = toNumber(trigger);
    const r = toNumber(value.refill);
    if (Number.isFinite(t) && Number.isFinite(r) && r < t) {
      const next = refillAfterTriggerChange(r, t);
      onChange({ trigger, refill: String(next.refill), custom: next.custom });
    } else onChange({ ...value, trigger });
  };
  return (
    <Stack spacing={2}>
      <TextField
        label="Reincarca atunci cand soldul scade sub (lei)"
        value={value.trigger}
        onChange={(e) => setTrigger(e.target.value)}
        error={!!errors.trigger}
        helperText={errors.trigger}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <Box>
        <Typography id="refill-label" variant="body2" sx={{ mb: 1 }}>
          Suma reincarcata
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} role="group" aria-labelledby="refill-label">
          {PREPAY_PRESETS.map((p) => {
            const chosen = !value.custom && value.refill === String(p);
            return (
              <Chip
                key={p}
                label={formatMoney(p)}
                color={chosen ? 'primary' : 'default'}
                variant={chosen ? 'filled' : 'outlined'}
                aria-pressed={chosen}
                onClick={() => onChange({ ...value, refill: String(p), custom: false })}
              />
            );
          })}
          <Chip
            label="Alta suma"
            color={value.custom ? 'primary' : 'default'}
            variant={value.custom ? 'filled' : 'outlined'}
            aria-pressed={value.custom}
            onClick={() => onChange({ ...value, custom: true })}
          />
        </Stack>
        {value.custom && (
          <TextField
            sx={{ mt: 2 }}
            label="Suma reincarcata (lei)"
            value={value.refill}
            onChange={(e) => onChange({ ...value, refill: e.target.value })}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        )}
        {errors.refill && (
          <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
            {errors.refill}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}
