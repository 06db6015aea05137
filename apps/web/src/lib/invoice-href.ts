import { useActingParams } from './selected-client';

/** An invoice PDF's address for the acting client (an admin's download names the client). */
export function useInvoiceHref() {
  const { selectedClient } = useActingParams();
  return (pdfUrl: string) => (selectedClient ? `${pdfUrl}?selectedClient=${selectedClient}` : pdfUrl);
}
