import { dashboardMessages as T } from '@colete/contract';
import { Box } from '@mui/material';
import { PageHeader } from '../../../components/page-header';
import { formatMoneyBani } from '../../../lib/format';
import { usePlatformDashboard } from '../api/dashboard-tiles';
import { Figure, Tile } from './tile';

/** An admin without a chosen client: the platform at a glance, each figure linking to its admin page. */
export function PlatformDashboard() {
  const platform = usePlatformDashboard();
  return (
    <>
      <PageHeader title={T.platformTitle} subtitle={T.platformSubtitle} />
      <Box sx={{ maxWidth: 640 }}>
        <Tile title={T.platformTitle} query={platform} testId="tile-platform">
          {(d) => (
            <>
              <Figure label={T.platform.clients} value={d.clients} to="/profile/admin/payments" />
              <Figure label={T.platform.shipmentsToday} value={d.shipmentsToday} to="/profile/admin/payments" />
              <Figure label={T.platform.shipments30} value={d.shipments30} to="/profile/admin/payments" />
              <Figure label={T.platform.moneyDue} value={formatMoneyBani(d.moneyDue.amount)} to="/profile/admin/payments" strong />
              <Figure label={T.platform.flagged} value={d.flagged} to="/profile/admin/reconciliation" strong={d.flagged > 0} />
            </>
          )}
        </Tile>
      </Box>
    </>
  );
}
