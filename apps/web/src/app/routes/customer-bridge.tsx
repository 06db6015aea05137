import type { TCustomer } from '@colete/contract';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { apiErrorMessage } from '../../lib/api-client';
import { useCustomer } from '../../features/customers/api/get-customer';
import type { CustomerPick } from '../../features/einvoice/components/invoice-draft';
import type { PartyValues } from '../../features/shipments/components/party-form';

/*
 * The customer book's customer on the pages of other features (issue 27): a new shipment to them
 * and 'Trimite factura' to them (?customer={id}), and the book's picker in the invoice's customer
 * section. Features never import one another, so the app joins them here, in the pages' chunks.
 */

/** A Romanian customer's address in the shared address fields' names. */
const addressOf = (c: TCustomer) => {
  const a = c.address;
  return a ? { countyCode: a.countyCode, city: a.city, postalCode: a.postalCode, street: a.street, number: a.number, block: a.block, entrance: a.entrance, floor: a.floor, apartment: a.apartment, additionalInfo: a.additionalInfo } : {};
};

/** The customer as a shipment's recipient: the person (or the company as the contact), phone, email and address. */
export function recipientOf(c: TCustomer): Partial<PartyValues> {
  return {
    contactName: c.name,
    contactCompany: c.type === 'company' ? c.name : '',
    ...(c.phone ? { contactPhone: c.phone } : {}),
    contactEmail: c.email,
    ...(c.country === 'RO' ? addressOf(c) : {}),
  };
}

/** The customer as the invoice form's buyer. */
export const buyerOf = (c: TCustomer): CustomerPick => ({
  type: c.type,
  name: c.name,
  identification: c.identification,
  country: c.country,
  address: c.country === 'RO' ? addressOf(c) : { street: [c.address?.street, c.address?.number].filter(Boolean).join(' '), city: c.address?.city ?? '', postalCode: c.address?.postalCode ?? '' },
});

/** Waits for ?customer={id} (when there is one) and hands it to the page. */
export function WithCustomer({ render }: { render: (customer: TCustomer | undefined) => React.ReactNode }) {
  const raw = useSearchParams()[0].get('customer');
  const id = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const customer = useCustomer(id);
  if (id === null) return render(undefined);
  if (customer.isPending) return <LoadingState />;
  if (customer.isError) return <ErrorState message={apiErrorMessage(customer.error)} onRetry={() => void customer.refetch()} />;
  return render(customer.data);
}
