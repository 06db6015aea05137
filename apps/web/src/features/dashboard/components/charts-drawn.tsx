import type { TDashboardCodChart, TDashboardShipmentsChart, TDashboardSpendingChart } from '@colete/contract';
import { dashboardMessages as T } from '@colete/contract';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { formatMoneyBani } from '../../../lib/format';

/*
 * The dashboard's drawn charts (MUI X Charts), in a chunk of their own that only the dashboard
 * loads, after its tiles. Each is hidden from screen readers: its ChartTable says the same in text.
 * Without a width the charts take their box's, so they fit a 390 px phone.
 */

const HEIGHT = 240;
/** 'YYYY-MM-DD' as 'dd.mm' on the axis (the year is the window's). */
const shortDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}`;
const lei = (bani: number | null) => (bani === null ? '' : formatMoneyBani(bani));

export function ShipmentsChart({ data }: { data: TDashboardShipmentsChart }) {
  return (
    <BarChart
      height={HEIGHT}
      xAxis={[{ scaleType: 'band', data: data.days.map(shortDay) }]}
      series={data.couriers.map((c) => ({ data: c.counts, label: c.name, stack: 'total' }))}
      margin={{ left: 0, right: 8 }}
    />
  );
}

export function CodChart({ data }: { data: TDashboardCodChart }) {
  return (
    <LineChart
      height={HEIGHT}
      xAxis={[{ scaleType: 'point', data: data.days.map((d) => shortDay(d.day)) }]}
      yAxis={[{ valueFormatter: (v: number) => String(Math.round(v / 100)) }]}
      series={[
        { data: data.days.map((d) => d.collected), label: T.charts.codCollected, valueFormatter: lei, showMark: false },
        { data: data.days.map((d) => d.paid), label: T.charts.codPaid, valueFormatter: lei, showMark: false },
      ]}
      margin={{ left: 8, right: 8 }}
    />
  );
}

export function SpendingChart({ data }: { data: TDashboardSpendingChart }) {
  return (
    <BarChart
      height={HEIGHT}
      xAxis={[{ scaleType: 'band', data: data.months.map((m) => `${m.month.slice(5, 7)}.${m.month.slice(2, 4)}`) }]}
      yAxis={[{ valueFormatter: (v: number) => String(Math.round(v / 100)) }]}
      series={[{ data: data.months.map((m) => m.amount), label: T.charts.spendingAmount, valueFormatter: lei }]}
      margin={{ left: 8, right: 8 }}
    />
  );
}
