import NewShipmentPage from '../../features/shipments/pages/new-shipment-page';
import { recipientOf, WithCustomer } from './customer-bridge';

/** The new-shipment page; with ?customer={id} its recipient is that customer of the book (issue 27). */
export default function NewShipmentRoute() {
  return <WithCustomer render={(c) => <NewShipmentPage key={c?.id ?? 'new'} initialRecipient={c ? recipientOf(c) : undefined} />} />;
}
