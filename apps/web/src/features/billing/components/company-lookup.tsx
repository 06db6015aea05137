import { messages, type TCompanyLookupResponse } from '@colete/contract';
import SearchIcon from '@mui/icons-material/Search';
import { Alert, Button } from '@mui/material';
import { useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { lookupCodeError, lookupFailureMessage, useLookupCompany } from '../../../components/company-lookup/lookup-company';

const b = messages.billing;
type Company = TCompanyLookupResponse['company'];
/** What the look-up did: filled the form (with what it found), or failed with a message. */
export type LookupOutcome = { kind: 'filled'; company: Company; address: boolean } | { kind: 'failed'; message: string };

/** The billing form's values the look-up fills (the address at the top level, as the shared address fields keep it). */
type Filled = {
  'entityData.name': string;
  'entityData.tradeRegister': string;
  'entityData.isVatPayer': boolean;
  countyCode: string;
  city: string;
  postalCode: string;
  street: string;
  number: string;
};

/**
 * 'Cauta la ANAF' beside the CUI: asks the register for the typed CUI and fills the name, the trade
 * register, VAT and the registered office (the parts the nomenclature could place).
 */
export function CompanyLookupButton({ onOutcome }: { onOutcome: (outcome: LookupOutcome) => void }) {
  const form = useFormContext();
  const lookup = useLookupCompany();

  const fill = (company: Company) => {
    const values: Partial<Filled> = {
      'entityData.name': company.name,
      'entityData.tradeRegister': company.tradeRegister ?? '',
      'entityData.isVatPayer': company.isVatPayer,
    };
    if (company.address) {
      const { countyCode, city, postalCode, street, number } = company.address;
      Object.assign(values, { countyCode, city, postalCode, street, number });
    }
    for (const [name, value] of Object.entries(values)) form.setValue(name as Path<FieldValues>, value, { shouldDirty: true });
    form.clearErrors(Object.keys(values) as Path<FieldValues>[]);
    form.clearErrors('entityData.identificationCode');
  };

  const onClick = () =>
    lookup.mutate(String(form.getValues('entityData.identificationCode') ?? ''), {
      onSuccess: ({ company }) => {
        fill(company);
        onOutcome({ kind: 'filled', company, address: !!company.address });
      },
      onError: (error) => {
        const fieldError = lookupCodeError(error);
        if (fieldError) {
          form.setError('entityData.identificationCode', { type: 'server', message: fieldError });
          return;
        }
        onOutcome({ kind: 'failed', message: lookupFailureMessage(error) });
      },
    });

  return (
    <Button variant="outlined" onClick={onClick} disabled={lookup.isPending} startIcon={<SearchIcon />} sx={{ mt: 1, flexShrink: 0, whiteSpace: 'nowrap' }}>
      {lookup.isPending ? 'Se cauta...' : 'Cauta la ANAF'}
    </Button>
  );
}

/** What the look-up did, under the code: filled (and whether the address needs a look), refused, or a struck-off company. */
export function LookupNotice({ outcome }: { outcome: LookupOutcome }) {
  if (outcome.kind === 'failed') return <Alert severity="error">{outcome.message}</Alert>;
  const { company } = outcome;
  const complete = !!company.address?.complete;
  return (
    <>
      <Alert severity={complete ? 'success' : 'info'}>{complete ? b.lookupFilled : b.lookupAddressPartial}</Alert>
      {!company.active && <Alert severity="warning">{b.lookupInactive}</Alert>}
    </>
  );
}
