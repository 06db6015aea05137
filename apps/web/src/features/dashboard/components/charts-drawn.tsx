import type { TDashboardCodChart, TDashboardShipmentsChart, TDashboardSpendingChart } from '@colete/contract';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { formatDayMonth } from '../../../lib/format';

/*
 * The dashboard's drawn charts (MUI X Charts), in a chunk of their own that only the dashboard
 * loads, after its tiles. Each is hidden from screen readers: its ChartTable says the same in text.
 * Without a width the charts take their box's, so they fit a 390 px phone. Labels and the money
 * format come from the caller: this chunk holds the charts and nothing the page already has.
 */

type Money = (bani: number) => string;

const HEIGHT = 240;
/** 'YYYY-MM-DD' as 'dd.mm' on the axis (the year is the window's). */
const shortDay = formatDayMonth;

export function ShipmentsChart({ data }: { data: TDashboardShipmentsChart }) {
  return (
    <BarChart
      height={HEIGHT}
      xAxis={[{ scaleType: 'band', data: data.days.map(shortDay) }]}
      yAxis={[{ tickMinStep: 1 }]}
      series={data.couriers.map((c) => ({ data: c.counts, label: c.name, stack: 'total' }))}
      margin={{ left: 0, right: 8 }}
    />
  );
}

export function CodChart({ data, labels, money }: { data: TDashboardCodChart; labels: { collected: string; paid: string }; money: Money }) {
  const lei = (bani: number | null) => (bani === null ? '' : money(bani));
  return (
    <LineChart
      height={HEIGHT}
      xAxis={[{ scaleType: 'point', data: data.days.map((d) => shortDay(d.day)) }]}
      yAxis={[{ valueFormatter: (v: number) => String(Math.round(v / 100)) }]}
      series={[
        { data: data.days.map((d) => d.collected), label: labels.collected, valueFormatter: lei, showMark: false, curve: 'linear' },
        { data: data.days.map((d) => d.paid), label: labels.paid, valueFormatter: lei, showMark: false, curve: 'linear' },
      ]}
      margin={{ left: 8, right: 8 }}
    />
  );
}

export function SpendingChart({ data, label, money }: { data: TDashboardSpendingChart; label: string; money: Money }) {
  const lei = (bani: number | null) => (bani === null ? '' : money(bani));
  return (
    <BarChart
      height={HEIGHT}
      xAxis={[{ scaleType: 'band', data: data.months.map((m) => `${m.month.slice(5, 7)}.${m.month.slice(2, 4)}`) }]}
      yAxis={[{ valueFormatter: (v: number) => String(Math.round(v / 100)) }]}
      series={[{ data: data.months.map((m) => m.amount), label, valueFormatter: lei }]}
      margin={{ left: 8, right: 8 }}
    />
  );
}
