import { einvoiceFormMessages, messages } from '@colete/contract';
import SearchIcon from '@mui/icons-material/Search';
import { Alert, Button, CircularProgress } from '@mui/material';
import { lookupCodeError, lookupFailureMessage, useLookupCompany } from '../../../components/company-lookup/lookup-company';
import { customerOfCompany, type CustomerPick } from './invoice-draft';

/*
 * 'Cauta dupa CUI' beside the customer's CUI (issue 26): the register's look-up the billing data
 * uses (GET user/billing/company-lookup), its office placed in the nomenclature by the server. The
 * messages of a failure are the billing page's own.
 */

const b = messages.billing;
/** What the look-up did: filled the customer (whether the address is whole, whether the company is active), or failed. */
export type LookupOutcome = { kind: 'filled'; complete: boolean; active: boolean } | { kind: 'failed'; message: string };

export function CustomerLookupButton(props: { cui: string; onPick: (customer: CustomerPick) => void; onOutcome: (outcome: LookupOutcome | null) => void; onCodeError: (message: string) => void }) {
  const lookup = useLookupCompany();
  const onClick = () => {
    props.onOutcome(null);
    lookup.mutate(props.cui.trim(), {
      onSuccess: ({ company }) => {
        props.onPick(customerOfCompany(company));
        props.onOutcome({ kind: 'filled', complete: !!company.address?.complete, active: company.active });
      },
      onError: (error) => {
        const codeError = lookupCodeError(error);
        if (codeError) props.onCodeError(codeError);
        else props.onOutcome({ kind: 'failed', message: lookupFailureMessage(error) });
      },
    });
  };
  return (
    <Button
      variant="outlined"
      onClick={onClick}
      disabled={lookup.isPending}
      startIcon={lookup.isPending ? <CircularProgress size={16} aria-hidden /> : <SearchIcon />}
      sx={{ mt: 1, flexShrink: 0, whiteSpace: 'nowrap' }}
    >
      {lookup.isPending ? 'Se cauta...' : 'Cauta dupa CUI'}
    </Button>
  );
}

/** Under the customer's code: filled (and whether the address needs a look), refused, or a struck-off company. */
export function CustomerLookupNotice({ outcome }: { outcome: LookupOutcome }) {
  if (outcome.kind === 'failed') return <Alert severity="error">{outcome.message}</Alert>;
  return (
    <>
      <Alert severity={outcome.complete ? 'success' : 'info'}>{outcome.complete ? einvoiceFormMessages.lookupFilled : b.lookupAddressPartial}</Alert>
      {!outcome.active && <Alert severity="warning">{b.lookupInactive}</Alert>}
    </>
  );
}
