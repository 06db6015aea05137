import { apiUrl } from './api-client';
import { useActingClientId } from './selected-client';

/** An invoice PDF's address for the acting client (an admin's download names the client). */
export function useInvoiceHref() {
  // Read through the hook so the links follow a change of client on the next render.
  const acting = useActingClientId();
  return (pdfUrl: string) => apiUrl(pdfUrl, acting);
}
