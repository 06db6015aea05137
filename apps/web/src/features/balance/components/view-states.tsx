import { balanceMessages as T } from '@colete/contract';
import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import type { ReactNode } from 'react';
import { EmptyState, ListStates, type ListQuery } from '../../../components/list-states';

/** A balance view's card: the lists' states, a refused period named by fromDate. */
export function ViewStates({ query, children }: { query: ListQuery; children: ReactNode }) {
  return (
    <ListStates query={query} loadingLabel={T.loading} errorMessage={T.loadError} rangeField="fromDate" maxWidth={1200}>
      {children}
    </ListStates>
  );
}

/** No row in the period (the previous line and the totals still show). */
export function EmptyRows() {
  return <EmptyState icon={<AccountBalanceOutlinedIcon aria-hidden />} text={T.empty} testId="balance-empty" compact />;
}
