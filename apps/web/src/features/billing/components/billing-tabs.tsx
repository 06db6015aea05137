import { SectionTabs } from '../../../components/section-tabs';

export const BILLING_TABS = [
  { label: 'Date facturare', path: '/profile/billing/data/list' },
  { label: 'Setari facturare', path: '/profile/billing/settings' },
  { label: 'Facturi', path: '/profile/invoices' },
];

/** Tabs between the billing data list, the invoicing settings and the invoices. */
export const BillingTabs = () => <SectionTabs label="Facturare" tabs={BILLING_TABS} />;
