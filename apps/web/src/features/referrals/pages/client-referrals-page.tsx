import { REFERRAL_FETCH_DEBOUNCE_MS, referralsMessages as T } from '@colete/contract';
import { Box, Stack } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { DateField } from '../../../components/date-field/date-field';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { PageHeader } from '../../../components/page-header';
import { bucharestDay } from '../../../lib/format';
import { useProfile } from '../../../lib/profile-query';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useReferralsInfo } from '../api/get-referrals-info';
import { ReferralCounts } from '../components/referral-counts';
import { ReferralLink } from '../components/referral-link';
import { defaultRange, rangeErrors } from '../components/referral-range';

/** The charts (MUI X Charts) are their own chunk: only this page loads them. */
const ReferralCharts = lazy(() => import('../components/referral-charts'));

/** /profile/client-referrals (spec 002 sections 2.6 and 2.9): the link, its share menu and the stats of a range. */
export default function ClientReferralsPage() {
  const today = bucharestDay();
  const profile = useProfile();
  const [range, setRange] = useState(() => defaultRange(today));
  const errors = rangeErrors(range, today);
  const valid = !errors.start && !errors.end;
  // Refetched 300 ms after the range stops changing (spec 002 section 9).
  const asked = useDebouncedValue(range, REFERRAL_FETCH_DEBOUNCE_MS);
  const askedValid = !rangeErrors(asked, today).start && !rangeErrors(asked, today).end;
  const info = useReferralsInfo(asked, valid && askedValid);

  return (
    <Box>
      <PageHeader title={T.title} />
      <Stack spacing={3}>
        {profile.data && <ReferralLink code={profile.data.referralCode} />}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} role="group" aria-label={T.title}>
          <DateField label={T.start} value={range.start} onChange={(start) => setRange((r) => ({ ...r, start }))} error={!!errors.start} helperText={errors.start} />
          <DateField label={T.end} value={range.end} onChange={(end) => setRange((r) => ({ ...r, end }))} error={!!errors.end} helperText={errors.end} />
        </Stack>
        {info.isError && !info.data ? (
          <ErrorState message={T.loadFailed} onRetry={() => void info.refetch()} />
        ) : !info.data ? (
          <LoadingState />
        ) : (
          <>
            <ReferralCounts info={info.data} />
            <Suspense fallback={<LoadingState />}>
              <ReferralCharts info={info.data.referralInfo} />
            </Suspense>
          </>
        )}
      </Stack>
    </Box>
  );
}
