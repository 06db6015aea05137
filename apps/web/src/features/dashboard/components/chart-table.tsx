import { dashboardMessages as T } from '@colete/contract';
import { Box } from '@mui/material';

/** Out of sight, still read by screen readers (the usual visually-hidden rules). */
const visuallyHidden = { border: 0, clip: 'rect(0 0 0 0)', height: '1px', margin: '-1px', overflow: 'hidden', padding: 0, position: 'absolute', whiteSpace: 'nowrap', width: '1px' } as const;

/** A chart's text equivalent for screen readers: its data as a table, hidden from sight. */
export function ChartTable({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    // The table sits in a clipped box: a table grows to its content whatever its own width says.
    <Box sx={visuallyHidden}>
      <table>
        <caption>
          {caption}: {T.charts.table}
        </caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={String(r[0])}>
              {r.map((c, i) => (i === 0 ? <th key={i} scope="row">{c}</th> : <td key={i}>{c}</td>))}
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}
