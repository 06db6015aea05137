import { dashboardMessages as T } from '@colete/contract';
import { Box } from '@mui/material';
import { PageHeader } from '../../../components/page-header';
import { useSelectedClient } from '../../../lib/selected-client';
import { AttentionTile, EInvoiceTile, MoneyTile, RepaymentsTile, StoreTile } from '../components/client-tiles';
import { CodChartTile, ShipmentsChartTile, SpendingChartTile } from '../components/dashboard-charts';
import { PlatformDashboard } from '../components/platform-dashboard';

/**
 * /profile/dashboard (issue 27), where a client lands after signing in: what needs them today, each
 * figure linking to the page where it is done. Every tile asks its own call, so a slow or failing
 * one never blanks the others. An admin acting for a client sees that client's; without one, the platform's.
 */
export default function DashboardPage({ isAdmin }: { isAdmin: boolean }) {
  const { client } = useSelectedClient();
  if (isAdmin && !client) return <PlatformDashboard />;
  return (
    <>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }}>
        <MoneyTile />
        <AttentionTile />
        <RepaymentsTile />
        <StoreTile />
        <EInvoiceTile />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(3, minmax(0, 1fr))' } }}>
        <ShipmentsChartTile />
        <CodChartTile />
        <SpendingChartTile />
      </Box>
    </>
  );
}
