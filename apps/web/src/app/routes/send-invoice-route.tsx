import { CustomerPicker } from '../../features/customers/components/customer-picker';
import SendInvoicePage from '../../features/einvoice/pages/send-invoice-page';
import { buyerOf, WithCustomer } from './customer-bridge';

/** 'Trimite factura' with the customer book's picker in its customer section; with ?customer={id} that customer filled in (issue 27). */
export default function SendInvoiceRoute() {
  return (
    <WithCustomer
      render={(c) => (
        <SendInvoicePage key={c?.id ?? 'new'} initialCustomer={c ? buyerOf(c) : undefined} picker={(pick) => <CustomerPicker onPick={(picked) => pick(buyerOf(picked))} />} />
      )}
    />
  );
}
