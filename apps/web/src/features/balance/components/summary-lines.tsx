import { Box, Typography } from '@mui/material';
import { formatMoneyBani } from '../../../lib/format';

export type SummaryLine = { label: string; bani: number; strong?: boolean; testId?: string };

/** Footer totals as label / amount lines (they wrap on a phone). */
export function SummaryLines({ lines, label }: { lines: SummaryLine[]; label: string }) {
  return (
    <Box component="dl" aria-label={label} sx={{ m: 0, mt: 2, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.5, maxWidth: 560, ml: 'auto' }}>
      {lines.map((l) => (
        <Box key={l.label} sx={{ display: 'contents' }} data-testid={l.testId}>
          <Typography component="dt" sx={{ fontWeight: l.strong ? 700 : 400 }}>
            {l.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, textAlign: 'right', whiteSpace: 'nowrap', fontWeight: l.strong ? 700 : 400 }} data-testid={l.testId ? `${l.testId}-value` : undefined}>
            {formatMoneyBani(l.bani)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
