import { LedgerView } from '../components/ledger-view';

/** /profile/balance/available (spec 002 section 2.4). */
export default function BalanceAvailablePage({ isAdmin }: { isAdmin: boolean }) {
  return <LedgerView view="available" isAdmin={isAdmin} />;
}
