import { referralsMessages as T, type TReferralsInfoResponse } from '@colete/contract';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { visuallyHidden } from '@mui/utils';
import { formatDate, formatMoneyBani } from '../../../lib/format';

type Info = TReferralsInfoResponse['referralInfo'];
const short = (day: string) => formatDate(day).slice(0, 5);
const lei = (bani: number) => formatMoneyBani(bani);

/** One chart, with its figures as a table for screen readers (the drawing is hidden from them). */
function DayChart({ title, id, days, values, format }: { title: string; id: string; days: string[]; values: number[]; format: (v: number) => string }) {
  const any = values.some((v) => v !== 0);
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 0 }} component="section" aria-labelledby={id}>
      <Typography variant="h2" id={id} sx={{ fontSize: '1.1rem', mb: 1 }}>
        {title}
      </Typography>
      {!any && <Typography color="text.secondary">{T.chartEmpty}</Typography>}
      <Box aria-hidden sx={{ width: '100%', height: 240 }}>
        <BarChart
          height={240}
          xAxis={[{ scaleType: 'band', data: days.map(short), tickLabelStyle: { fontSize: 11 } }]}
          yAxis={[{ width: 48, tickMinStep: format === lei ? 100 : 1, valueFormatter: (v: number) => (format === lei ? String(Math.round(v / 100)) : String(v)) }]}
          series={[{ data: values, valueFormatter: (v) => format(v ?? 0), color: '#1565c0' }]}
          margin={{ left: 0, right: 8, top: 16, bottom: 0 }}
        />
      </Box>
      <table style={visuallyHidden}>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{T.day}</th>
            <th scope="col">{format === lei ? T.amount : T.users}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d, i) => (
            <tr key={d}>
              <th scope="row">{formatDate(d)}</th>
              <td>{format(values[i] ?? 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Paper>
  );
}

/** The bonus and the new clients per day (MUI X Charts; this file is its own chunk, loaded by the referrals page only). */
export default function ReferralCharts({ info }: { info: Info }) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <DayChart title={T.amountsByDay} id="chart-amounts" days={info.amountsByDay.map((d) => d.day)} values={info.amountsByDay.map((d) => d.amount)} format={lei} />
      <DayChart title={T.usersByDay} id="chart-users" days={info.usersByDay.map((d) => d.day)} values={info.usersByDay.map((d) => d.users)} format={(v) => String(v)} />
    </Stack>
  );
}
