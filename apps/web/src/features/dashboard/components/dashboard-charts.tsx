import { dashboardMessages as T } from '@colete/contract';
import { Box, Skeleton } from '@mui/material';
import { lazy, Suspense, type ReactNode } from 'react';
import { formatDate, formatMoneyBani } from '../../../lib/format';
import { useDashboardTile } from '../api/dashboard-tiles';
import { ChartTable } from './chart-table';
import { Tile } from './tile';

// MUI X Charts only here, in their own chunk: no other page's first load carries them.
const drawn = () => import('./charts-drawn');
const ShipmentsChart = lazy(() => drawn().then((m) => ({ default: m.ShipmentsChart })));
const CodChart = lazy(() => drawn().then((m) => ({ default: m.CodChart })));
const SpendingChart = lazy(() => drawn().then((m) => ({ default: m.SpendingChart })));

/** The drawn chart, hidden from screen readers (the table beside it says the same), its place kept while its code loads. */
function Drawn({ children }: { children: ReactNode }) {
  return (
    <Box aria-hidden sx={{ width: '100%', minWidth: 0 }}>
      <Suspense fallback={<Skeleton variant="rectangular" height={240} />}>{children}</Suspense>
    </Box>
  );
}

const monthLabel = (month: string) => `${month.slice(5, 7)}.${month.slice(0, 4)}`;

export function ShipmentsChartTile() {
  return (
    <Tile title={T.charts.shipments} query={useDashboardTile('charts/shipments')} testId="chart-shipments">
      {(d) => (
        <>
          <ChartTable
            caption={T.charts.shipments}
            head={[T.charts.day, ...d.couriers.map((c) => c.name)]}
            rows={d.days.map((day, i) => [formatDate(day), ...d.couriers.map((c) => c.counts[i] ?? 0)])}
          />
          <Drawn>
            <ShipmentsChart data={d} />
          </Drawn>
        </>
      )}
    </Tile>
  );
}

export function CodChartTile() {
  return (
    <Tile title={T.charts.cod} query={useDashboardTile('charts/cod')} testId="chart-cod">
      {(d) => (
        <>
          <ChartTable
            caption={T.charts.cod}
            head={[T.charts.day, T.charts.codCollected, T.charts.codPaid]}
            rows={d.days.map((x) => [formatDate(x.day), formatMoneyBani(x.collected), formatMoneyBani(x.paid)])}
          />
          <Drawn>
            <CodChart data={d} labels={{ collected: T.charts.codCollected, paid: T.charts.codPaid }} money={formatMoneyBani} />
          </Drawn>
        </>
      )}
    </Tile>
  );
}

export function SpendingChartTile() {
  return (
    <Tile title={T.charts.spending} query={useDashboardTile('charts/spending')} testId="chart-spending">
      {(d) => (
        <>
          <ChartTable caption={T.charts.spending} head={[T.charts.month, T.charts.spendingAmount]} rows={d.months.map((m) => [monthLabel(m.month), formatMoneyBani(m.amount)])} />
          <Drawn>
            <SpendingChart data={d} label={T.charts.spendingAmount} money={formatMoneyBani} />
          </Drawn>
        </>
      )}
    </Tile>
  );
}
