import { balanceMessages as T } from '@colete/contract';
import { SectionTabs } from '../../../components/section-tabs';

export const BALANCE_TABS = [
  { label: T.tabs.invoices, path: '/profile/balance/invoices' },
  { label: T.tabs.available, path: '/profile/balance/available' },
  { label: T.tabs.bonus, path: '/profile/balance/bonus' },
  { label: T.tabs.general, path: '/profile/balance/general' },
];

/** Tabs between the four balance views (spec 002 section 2.4). */
export const BalanceTabs = () => <SectionTabs label={T.title} tabs={BALANCE_TABS} />;
