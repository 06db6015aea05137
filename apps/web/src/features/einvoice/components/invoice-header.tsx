import type { TBillingData } from '@colete/contract';
import { MenuItem, Stack, TextField } from '@mui/material';
import { DateField } from '../../../components/date-field/date-field';
import { dueDateProblem, withDueDate, withIssueDate, type HeaderDraft } from './invoice-draft';

/*
 * The invoice's own fields (issue 26): the issuing company, the kind, series and number, the dates
 * in dd.mm.yyyy (the due date a month after the issue date until the user chooses it), the currency
 * with its rate, and for a credit note the invoice it corrects.
 */

type Props = {
  draft: HeaderDraft;
  onChange: (draft: HeaderDraft) => void;
  /** The issuing company shown (the first connected one until the user picks another). */
  company: string;
  companies: TBillingData[];
  currencies: string[];
  errors: Record<string, string>;
  /** A field the user changed: its old message goes. */
  onEdited: (path: string) => void;
};

export function InvoiceHeader({ draft: d, onChange, company, companies, currencies, errors, onEdited }: Props) {
  const set = (patch: Partial<HeaderDraft>, path: string) => {
    onChange({ ...d, ...patch });
    onEdited(path);
  };
  const field = (key: 'kind' | 'series' | 'number' | 'currency' | 'exchangeRate' | 'creditedNumber', label: string, path: string, extra: { select?: string[][]; width?: number; numeric?: boolean } = {}) => (
    <TextField
      label={label}
      select={!!extra.select}
      value={d[key]}
      onChange={(e) => set({ [key]: e.target.value }, path)}
      error={!!errors[path]}
      helperText={errors[path]}
      sx={{ minWidth: extra.width ?? 160, flex: 1 }}
      slotProps={{ htmlInput: extra.numeric ? { inputMode: 'decimal' } : undefined }}
    >
      {extra.select?.map(([value, text]) => (
        <MenuItem key={value} value={value}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
  const dueProblem = dueDateProblem(d);

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField select label="Firma emitenta" value={company} onChange={(e) => set({ company: e.target.value }, 'identificationCode')} sx={{ minWidth: 240, flex: 2 }}>
          {companies.map((c) => (
            <MenuItem key={c.entityData.identificationCode} value={c.entityData.identificationCode}>
              {c.entityData.name} ({c.entityData.identificationCode})
            </MenuItem>
          ))}
        </TextField>
        {field('kind', 'Tip document', 'kind', { select: [['invoice', 'Factura'], ['creditNote', 'Nota de credit']] })}
        {field('series', 'Serie', 'series', { width: 100 })}
        {field('number', 'Numar', 'number', { width: 120, numeric: true })}
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <DateField
          id="invoice-issue-date"
          label="Data facturii"
          value={d.issueDate}
          onChange={(day) => {
            onChange(withIssueDate(d, day));
            onEdited('issueDate');
          }}
          error={!!errors.issueDate}
          helperText={errors.issueDate}
          sx={{ minWidth: 160, flex: 1 }}
        />
        <DateField
          id="invoice-due-date"
          label="Data scadentei"
          value={d.dueDate}
          min={d.issueDate}
          onChange={(day) => {
            onChange(withDueDate(d, day));
            onEdited('dueDate');
          }}
          error={!!(errors.dueDate ?? dueProblem)}
          helperText={errors.dueDate ?? dueProblem ?? (d.dueChosen ? undefined : 'La o luna dupa data facturii')}
          sx={{ minWidth: 160, flex: 1 }}
        />
        {field('currency', 'Moneda', 'currency', { select: currencies.map((c) => [c, c]) })}
        {d.currency !== 'RON' && field('exchangeRate', 'Curs RON', 'exchangeRate', { numeric: true })}
      </Stack>
      {d.kind === 'creditNote' && (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          {field('creditedNumber', 'Factura corectata (serie si numar)', 'creditedInvoice.number')}
          <DateField
            id="invoice-credited-date"
            label="Data facturii corectate"
            value={d.creditedDate}
            max={d.issueDate}
            onChange={(day) => set({ creditedDate: day }, 'creditedInvoice.issueDate')}
            error={!!errors['creditedInvoice.issueDate']}
            helperText={errors['creditedInvoice.issueDate']}
            clearable
            sx={{ minWidth: 160, flex: 1 }}
          />
        </Stack>
      )}
    </Stack>
  );
}
