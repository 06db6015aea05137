import { REFERRAL_LINK_PARAM, referralsMessages as T } from '@colete/contract';
import { Paper, Stack, TextField, Typography } from '@mui/material';
import { ShareMenu } from './share-menu';

/** The client's link: /register?ref=CODE on this site. */
export const referralLink = (code: string, origin = window.location.origin) => `${origin}/register?${REFERRAL_LINK_PARAM}=${encodeURIComponent(code)}`;

/** Spec 002 section 2.9: the referral link and its share menu. */
export function ReferralLink({ code }: { code: string }) {
  const link = referralLink(code);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography sx={{ mb: 2 }}>{T.intro}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField label={T.linkLabel} value={link} fullWidth slotProps={{ htmlInput: { readOnly: true, onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select() } }} />
        <TextField label={T.codeLabel} value={code} sx={{ width: { sm: 200 }, flexShrink: 0 }} slotProps={{ htmlInput: { readOnly: true } }} />
        <ShareMenu link={link} />
      </Stack>
    </Paper>
  );
}
