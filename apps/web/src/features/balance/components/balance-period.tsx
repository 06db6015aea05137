import { balanceMessages as T } from '@colete/contract';
import { DateField } from '../../../components/date-field/date-field';
import { bucharestDay, monthBefore } from '../../../lib/format';
import { tableParam, useTableQuery } from '../../../lib/use-table-query';

const PERIOD_TABLE = { from: tableParam.day(), to: tableParam.day(), page: tableParam.page() };

/** The period of a balance view from the URL: one month back to today by default (spec 002 section 9). */
export function usePeriod() {
  const { values, update } = useTableQuery(PERIOD_TABLE);
  const toDate = values.to || bucharestDay();
  const fromDate = values.from || monthBefore(toDate);
  return { fromDate, toDate, page: values.page, update };
}

type Props = { fromDate: string; toDate: string; error?: string; onChange: (next: { from?: string; to?: string }) => void };

/** The two day fields of a period (both ends included). */
export function PeriodFields({ fromDate, toDate, error, onChange }: Props) {
  return (
    <>
      <DateField label={T.from} value={fromDate} onChange={(day) => onChange({ from: day })} max={toDate} error={!!error} helperText={error} />
      <DateField label={T.to} value={toDate} onChange={(day) => onChange({ to: day })} min={fromDate} />
    </>
  );
}
