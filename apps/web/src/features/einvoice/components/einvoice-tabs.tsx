import { Tab, Tabs } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';

/* e-Factura's lists (spec 002 section 2.7): 'Facturi primite' and 'Facturi trimise', as tabs that are links. */

const TABS = [
  { label: 'Facturi primite', to: '/profile/invoicing-system/system-invoices/received/list' },
  { label: 'Facturi trimise', to: '/profile/invoicing-system/system-invoices/sent/list' },
  { label: 'Trimite factura', to: '/profile/invoicing-system/system-invoices/send' },
] as const;

export function EInvoiceTabs() {
  const { pathname, search } = useLocation();
  const current = TABS.findIndex((t) => pathname.startsWith(t.to.replace(/\/list$/, '')));
  // The chosen company follows from one list to the other.
  const company = new URLSearchParams(search).get('company');
  return (
    <Tabs value={current === -1 ? false : current} aria-label="Liste e-Factura" sx={{ mb: 2, borderBottom: 1, borderColor: 'divider', maxWidth: 1200 }} variant="scrollable" allowScrollButtonsMobile>
      {TABS.map((t) => (
        <Tab key={t.to} label={t.label} component={RouterLink} to={company ? `${t.to}?company=${encodeURIComponent(company)}` : t.to} />
      ))}
    </Tabs>
  );
}
