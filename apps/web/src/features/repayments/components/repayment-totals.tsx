import { REPAYMENTS_LIST_MESSAGES as T, type RepaymentFilter, type TRepaymentListResponse } from '@colete/contract';
import { Box, Button, Card, CardContent, Link, Typography } from '@mui/material';
import { formatMoneyBani } from '../../../lib/format';

type Totals = TRepaymentListResponse['totals'];

/** Spec 002 section 2.3: the filter buttons (without Nelivrate: its card shows it). */
const BUTTONS: RepaymentFilter[] = ['all', 'notPaid', 'atCourier', 'atUs', 'paid'];
const CARDS: RepaymentFilter[] = ['all', 'notPaid', 'notDelivered', 'atCourier', 'atUs', 'paid'];

/** The mutually exclusive filter buttons with their counts; clicking the active one goes back to Toate (spec 4.6). */
export function FilterButtons({ active, totals, onChange }: { active: RepaymentFilter; totals: Totals | undefined; onChange: (f: RepaymentFilter) => void }) {
  return (
    <Box role="group" aria-label="Filtre rambursuri" sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(5, 1fr)' }, mb: 2 }}>
      {BUTTONS.map((f) => {
        const on = active === f;
        return (
          <Button
            key={f}
            variant={on ? 'contained' : 'outlined'}
            aria-pressed={on}
            data-filter={f}
            onClick={() => onChange(on ? 'all' : f)}
            title={T.filterHelp[f]}
            sx={{ flexDirection: 'column', alignItems: 'flex-start', textAlign: 'left', py: 1, gridColumn: f === 'all' ? { xs: 'span 2', sm: 'auto' } : undefined }}
          >
            <Box component="span" sx={{ display: 'flex', width: '100%', justifyContent: 'space-between', gap: 1 }}>
              <span>{T.filters[f]}</span>
              <span data-testid={`count-${f}`}>{totals ? totals[f].count : '-'}</span>
            </Box>
            <Box component="span" sx={{ fontSize: 12, fontWeight: 400, textTransform: 'none', opacity: 0.9 }}>
              {T.filterHelp[f]}
            </Box>
          </Button>
        );
      })}
    </Box>
  );
}

/** The summary cards: each filter's sum in lei and 'Afiseaza', which applies it. */
export function SummaryCards({ totals, onShow }: { totals: Totals | undefined; onShow: (f: RepaymentFilter) => void }) {
  return (
    <Box component="section" aria-label="Sume" sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)', xl: 'repeat(6, 1fr)' }, mb: 2 }}>
      {CARDS.map((f) => (
        <Card key={f} variant="outlined" data-card={f}>
          <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
            <Typography variant="body2" color="text.secondary">
              {T.cards[f]}
            </Typography>
            <Typography sx={{ fontWeight: 700, fontSize: 18, whiteSpace: 'nowrap' }} data-testid={`sum-${f}`}>
              {totals ? formatMoneyBani(totals[f].amount) : '-'}
            </Typography>
            <Link component="button" type="button" onClick={() => onShow(f)} aria-label={`${T.show} ${T.cards[f]}`}>
              {T.show}
            </Link>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
