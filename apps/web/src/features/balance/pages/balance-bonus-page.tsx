import { LedgerView } from '../components/ledger-view';

/** /profile/balance/bonus (spec 002 section 2.4). */
export default function BalanceBonusPage({ isAdmin }: { isAdmin: boolean }) {
  return <LedgerView view="bonus" isAdmin={isAdmin} />;
}
