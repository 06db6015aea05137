import { RECONCILIATION_MESSAGES as t, type TReconciliationFlag } from '@colete/contract';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { formatDateTime, formatMoneyBani } from '../../../lib/format';

const amount = (bani: number | null) => (bani === null ? '-' : formatMoneyBani(bani));

/** One flagged line: what kind, whose, what was expected and what was reported; resolve or the note. */
export function FlagCard({ flag, onResolve }: { flag: TReconciliationFlag; onResolve: () => void }) {
  return (
    <Card component="article" aria-label={`${t.kinds[flag.kind]} ${flag.awb}`} variant="outlined">
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }} sx={{ alignItems: { sm: 'center' } }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <Chip size="small" color={flag.resolvedAt ? 'default' : 'warning'} label={t.kinds[flag.kind]} />
              <Typography variant="body2" color="text.secondary">
                {flag.courierName} · {formatDateTime(flag.createdAt)}
              </Typography>
            </Stack>
            <Typography component="h2" sx={{ fontWeight: 600, mt: 1, overflowWrap: 'anywhere' }}>
              {flag.awb}
            </Typography>
            <Typography variant="body2">
              {t.expected}: <strong>{amount(flag.expectedBani)}</strong> · {t.reported}: <strong>{amount(flag.reportedBani)}</strong>
            </Typography>
            {flag.resolvedAt && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                {t.note}: {flag.note} ({flag.resolvedBy ?? '-'}, {formatDateTime(flag.resolvedAt)})
              </Typography>
            )}
          </Box>
          {!flag.resolvedAt && (
            <Button variant="outlined" onClick={onResolve} sx={{ alignSelf: { xs: 'flex-end', sm: 'center' } }}>
              {t.resolve}
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
