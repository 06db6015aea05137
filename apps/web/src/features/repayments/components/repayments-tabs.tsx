import { REPAYMENTS_LIST_MESSAGES as T } from '@colete/contract';
import { SectionTabs } from '../../../components/section-tabs';

/** The three repayments routes (spec 002 section 2.3): list, sheet, awaiting. */
export function RepaymentsTabs() {
  return (
    <SectionTabs
      label={T.title}
      tabs={[
        { label: T.tabList, path: '/profile/repayments/list' },
        { label: T.tabSheets, path: '/profile/repayments/sheet' },
        { label: T.tabAwaiting, path: '/profile/repayments/awaiting' },
      ]}
    />
  );
}
