import type { TSubscription, TSubscriptionAmounts } from '@colete/contract';
import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { DialogFormActions } from '../../../components/form-actions';
import { parseAmounts, SubscriptionAmounts, type AmountsDraft } from './subscription-amounts';

const draftOf = (s: TSubscription): AmountsDraft => {
  const refill = String(Number(s.paymentAmount));
  return { refill, trigger: String(Number(s.triggerAmount)), custom: ![50, 200, 500, 1000].includes(Number(refill)) };
};

/** Edit (or re-enable) a subscription's trigger and refill. */
export function SubscriptionAmountsDialog({
  subscription,
  title,
  confirmLabel,
  pending,
  onSave,
  onClose,
}: {
  subscription: TSubscription;
  title: string;
  confirmLabel: string;
  pending: boolean;
  onSave: (amounts: TSubscriptionAmounts) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<AmountsDraft>(() => draftOf(subscription));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = () => {
    const parsed = parseAmounts(draft);
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    onSave(parsed.value);
  };
  return (
    <Dialog open onClose={pending ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="subscription-dialog-title">
      <DialogTitle id="subscription-dialog-title">{title}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <SubscriptionAmounts
          value={draft}
          onChange={(next) => {
            setDraft(next);
            if (Object.keys(errors).length) {
              const checked = parseAmounts(next);
              setErrors(checked.ok ? {} : checked.errors);
            }
          }}
          errors={errors}
        />
      </DialogContent>
      <DialogFormActions pending={pending} onCancel={onClose} label={confirmLabel} onConfirm={save} />
    </Dialog>
  );
}
