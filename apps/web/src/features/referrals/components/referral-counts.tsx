import { referralsMessages as T, type TReferralsInfoResponse } from '@colete/contract';
import { Box, Paper, Typography } from '@mui/material';
import { formatMoneyBani } from '../../../lib/format';

/** The programme's figures: invited, active promotions, who referred me, collected and coming bonus. */
export function ReferralCounts({ info }: { info: TReferralsInfoResponse }) {
  const items = [
    { label: T.invited, value: String(info.numOfInvited), id: 'invited' },
    { label: T.activePromotions, value: String(info.numOfActivePromotions), id: 'active' },
    { label: T.collected, value: formatMoneyBani(info.collectedAmount), id: 'collected' },
    { label: T.incoming, value: formatMoneyBani(info.incomingAmounts.amount), id: 'incoming' },
    { label: T.referredBy, value: info.referredBy ?? T.referredByNobody, id: 'referred-by' },
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' }, gap: 2, m: 0 }}>
      {items.map((i) => (
        <Paper key={i.id} variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={`referral-${i.id}`}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {i.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontSize: '1.25rem', fontWeight: 600, overflowWrap: 'anywhere' }}>
            {i.value}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
