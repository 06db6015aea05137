import { SectionTabs } from '../../../components/section-tabs';

export const BILLING_TABS = [
  { label: 'Date facturare', path: '/profile/billing/data/list' },
  { label: 'Setari facturare', path: '/profile/billing/settings' },
];

/** Tabs between the billing data list and the invoicing settings. */
export const BillingTabs = () => <SectionTabs label="Facturare" tabs={BILLING_TABS} />;
