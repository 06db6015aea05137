import BillingDataPage from '../../features/billing/pages/billing-data-page';
import { EInvoiceChip, EInvoiceConnectButton, EInvoiceReturnNotice } from '../../features/einvoice/components/einvoice-connect-dialog';

/**
 * The billing data list with e-invoicing on each company's card: billing and e-invoicing are separate
 * features (a feature never imports another), so the app puts them together here, in the page's chunk.
 */
export default function BillingDataRoute() {
  return (
    <>
      {/* Back from the e-Factura consent page: its outcome as a snackbar. */}
      <EInvoiceReturnNotice />
      <BillingDataPage extras={{ badge: (entry) => <EInvoiceChip entry={entry} />, action: (entry) => <EInvoiceConnectButton entry={entry} /> }} />
    </>
  );
}
